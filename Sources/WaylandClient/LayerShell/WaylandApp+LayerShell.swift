import CWaylandProtocols

// MARK: - The layer surface and its popup

extension WaylandApp {
    /// Refuses, before anything is mapped, a layer surface this compositor cannot show: no
    /// zwlr_layer_shell_v1 global, or one too old for the keyboard interactivity asked for. The
    /// error names the compositor (`not supported by weston: no zwlr_layer_shell_v1 global`).
    func requireLayerShell() throws {
        guard let options = parts.options.layerSurface else { return }
        guard let shell = registry.layerShell else {
            throw WaylandError.unsupported(compositor: compositorName, reason: "no zwlr_layer_shell_v1 global")
        }
        if shell.version < options.keyboard.sinceVersion {
            throw WaylandError.unsupported(
                compositor: compositorName,
                reason: "zwlr_layer_shell_v1 version \(shell.version) has no \(options.keyboard.rawValue) keyboard "
                    + "interactivity (version \(options.keyboard.sinceVersion))")
        }
    }

    /// Refuses a `--layer-output` that names none of the outputs (their names arrive with the
    /// second roundtrip), in one line listing the ones there are.
    func requireLayerOutput() throws {
        guard let choice = parts.options.layerSurface?.output else { return }
        let outputs = registry.outputs.map(\.info)
        guard choice.index(in: outputs) != nil else {
            throw WaylandError.unsupported(
                compositor: compositorName,
                reason: "no output \(choice) for the layer surface (outputs: \(LayerOutputChoice.listing(outputs)))")
        }
    }

    /// The wl_output the options ask the layer surface to be on; nil for the compositor's choice.
    private var layerOutputProxy: OpaquePointer? {
        guard let choice = parts.options.layerSurface?.output,
              let index = choice.index(in: registry.outputs.map(\.info)) else { return nil }
        return registry.outputs[index].proxy
    }

    /// The compositor as errors name it (``CompositorName``).
    var compositorName: String {
        CompositorName.of(fileDescriptor: display.fileDescriptor, globals: registry.globals)
    }

    /// Maps the layer surface the options ask for (once, with the other parts).
    func makeLayerSurface() {
        guard let options = parts.options.layerSurface, let shell = registry.layerShell,
              let compositor = registry.compositor, let shm = registry.shm else { return }
        let columns = parts.options.onScreenKeyboard ? OnScreenKeyboard.keys.count : 1
        parts.layerSurface = LayerSurface(shell: shell, compositor: compositor, shm: shm, options: options,
                                          output: layerOutputProxy, columns: columns, sink: self)
    }

    /// True while the layer surface the options ask for has not drawn its first buffer. The window
    /// waits for it: whoever starts touching once the window shows (the matrix, the tests, a
    /// person) must find the layer surface there too, and a compositor maps in commit order.
    var windowWaitsForLayerSurface: Bool {
        guard let layer = parts.layerSurface else { return false }
        return layer.size == nil && !layer.isDestroyed
    }

    /// Opens a popup from the layer surface, centred below it and kept on the output (slid, or
    /// flipped above it), grabbed with a touch down's `serial`.
    func openLayerPopup(seat: OpaquePointer, serial: UInt32) {
        guard let layer = parts.layerSurface, let size = layer.size, let compositor = registry.compositor,
              let shm = registry.shm, let wmBase = registry.wmBase else { return }
        let adjustment = XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X.rawValue | XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_Y.rawValue
            | XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_FLIP_Y.rawValue
        let placement = PopupPlacement(anchorRect: (0, 0, Int32(size.width), Int32(size.height)),
                                       anchor: XDG_POSITIONER_ANCHOR_BOTTOM, gravity: XDG_POSITIONER_GRAVITY_BOTTOM,
                                       adjustment: adjustment)
        parts.popup = try? Popup(compositor: compositor, wmBase: wmBase.proxy, shm: shm, parent: .layerSurface(layer.proxy),
                                 placement: placement, seat: seat, serial: serial, sink: self)
    }
}
