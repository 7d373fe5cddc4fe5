import TouchStream

// MARK: - The on-screen keyboard stand-in (`run --osk`)

extension WaylandApp {
    /// Refuses, before anything is mapped, an on-screen keyboard this compositor gives no way to
    /// type with (`not supported by mutter: no zwp_input_method_manager_v2 or
    /// zwp_virtual_keyboard_manager_v1 global`); its layer surface is refused by ``requireLayerShell()``.
    func requireOnScreenKeyboard() throws {
        guard parts.options.onScreenKeyboard, registry.inputMethodManager == nil,
              registry.virtualKeyboardManager == nil else { return }
        throw WaylandError.unsupported(compositor: compositorName,
                                       reason: "no zwp_input_method_manager_v2 or zwp_virtual_keyboard_manager_v1 global")
    }

    /// Makes the keyboard's input method and virtual keyboard on the first seat (once, with the
    /// other parts; its layer surface is made by ``makeLayerSurface()``).
    func makeOnScreenKeyboard() throws {
        guard parts.options.onScreenKeyboard, let seat = registry.seats.first else { return }
        let surface: () -> String? = { [unowned self] in parts.layerSurface?.name }
        let method = registry.inputMethodManager.map {
            InputMethod(manager: $0, seat: seat.proxy, sink: self, surface: surface)
        }
        let keyboard = try registry.virtualKeyboardManager.map {
            VirtualKeyboard(manager: $0, seat: seat.proxy, keymap: try VirtualKeymap(), sink: self, surface: surface)
        }
        parts.onScreenKeyboard = OnScreenKeyboard(inputMethod: method, virtualKeyboard: keyboard, loop: loop)
    }

    /// Presses and releases the keyboard's keys for real touches on its layer surface.
    func onScreenKeyboardHandle(_ record: RawRecord) {
        guard let keyboard = parts.onScreenKeyboard, !record.isEmulated else { return }
        switch record.event {
        case .down(_, let time, let surface?, let id, let x, _):
            guard let layer = parts.layerSurface, surface == layer.name, let size = layer.size else { return }
            keyboard.down(id: id, key: OnScreenKeyboard.key(atX: x.doubleValue, width: size.width), time: time)
            parts.lastTouchTime = time
        case .up(_, let time, let id):
            keyboard.up(id: id, time: time)
            parts.lastTouchTime = time
        case .motion(let time, _, _, _):
            parts.lastTouchTime = time
        case .cancel:
            keyboard.cancelAll(time: parts.lastTouchTime)
        default:
            break
        }
    }
}
