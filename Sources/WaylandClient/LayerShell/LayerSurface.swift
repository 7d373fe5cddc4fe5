import CWayland
import CWaylandProtocols
import TouchStream
import WaylandPlumbing

// MARK: - zwlr_layer_surface_v1

/// A layer surface filled with one colour, made as ``LayerSurfaceOptions`` say: a surface of the
/// desktop's own (panels, docks, lock screens, on-screen keyboards) whose touches users report
/// among the most often.
///
/// Every configure becomes a `layer-configure` record (before it is acknowledged), and `closed` a
/// `layer-closed` record, after which the layer surface is destroyed as the protocol asks (a
/// `surface-destroyed` record). Its touches are recorded like any surface's, naming its surface.
final class LayerSurface: ClientPart {
    private static let colour: UInt32 = 0xFF_6A1B9A

    /// Its wl_surface.
    let surface: Surface
    /// The zwlr_layer_surface_v1 (the parent of popups opened from it).
    let proxy: OpaquePointer
    private let shm: OpaquePointer
    private let options: LayerSurfaceOptions
    /// Equal columns divided by lines (the on-screen keyboard's keys), 1 for a plain fill.
    private let columns: Int
    private var buffer: SolidBuffer?
    unowned let sink: InputSink
    var isDestroyed = false
    /// The size it was last drawn at, logical px (nil before the first configure).
    private(set) var size: LogicalSize?

    /// Gives a new surface the layer surface role with `options` on `output` (nil: the compositor's
    /// choice) and commits it without a buffer; the compositor answers with the first configure.
    init(shell: LayerShell, compositor: OpaquePointer, shm: OpaquePointer, options: LayerSurfaceOptions,
         output: OpaquePointer? = nil, columns: Int = 1, sink: InputSink) {
        surface = Surface(compositor: compositor)
        self.shm = shm
        self.options = options
        self.columns = columns
        self.sink = sink
        proxy = shell.layerSurface(for: surface.proxy, layer: options.layer, output: output)
        zwlr_layer_surface_v1_set_size(proxy, UInt32(options.size.width), UInt32(options.size.height))
        zwlr_layer_surface_v1_set_anchor(proxy, options.anchor.rawValue)
        zwlr_layer_surface_v1_set_exclusive_zone(proxy, options.exclusiveZone)
        let margin = options.margin
        zwlr_layer_surface_v1_set_margin(proxy, margin.top, margin.right, margin.bottom, margin.left)
        zwlr_layer_surface_v1_set_keyboard_interactivity(proxy, options.keyboard.protocolValue)
        zwlr_layer_surface_v1_add_listener(proxy, Self.listener, userData(self))
        wl_surface_commit(surface.proxy)
    }

    func destroyRole() { zwlr_layer_surface_v1_destroy(proxy) }
    func destroyContent() { buffer?.storage.destroy() }

    /// The configured size, or ours in a dimension the compositor leaves to us (0); drawn at once.
    private func configured(serial: UInt32, width: UInt32, height: UInt32) {
        // A size past Int32 (no compositor sends one) is kept at Int32.max in the record.
        record(SurfaceEvent(.layerConfigure, surface: name, serial: serial,
                            width: Int32(clamping: width), height: Int32(clamping: height)))
        zwlr_layer_surface_v1_ack_configure(proxy, serial)
        let chosen = LogicalSize(width: width == 0 ? options.size.width : Int(clamping: width),
                                 height: height == 0 ? options.size.height : Int(clamping: height))
        // Both zero only when the compositor broke set_size's rule: one pixel is still a surface.
        let drawn = LogicalSize(width: max(chosen.width, 1), height: max(chosen.height, 1))
        let pixels = PixelSize(width: drawn.width, height: drawn.height)
        if buffer?.size != pixels {
            buffer?.storage.destroy()
            buffer = try? SolidBuffer(shm: shm, size: pixels, colour: Self.colour, columns: columns)
        }
        size = drawn
        buffer?.show(on: surface.proxy)
    }

    private func closed() {
        record(SurfaceEvent(.layerClosed, surface: name))
        destroy()
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(zwlr_layer_surface_v1_listener(
        configure: { data, _, serial, width, height in
            owner(data, as: LayerSurface.self).configured(serial: serial, width: width, height: height)
        },
        closed: { data, _ in owner(data, as: LayerSurface.self).closed() }))
}
