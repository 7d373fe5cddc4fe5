import CWayland
import TouchStream
import WaylandPlumbing

// MARK: - wl_pointer

/// A wl_pointer feeding `PointerTouchEmulator`; scroll and frame grouping are not used.
final class Pointer {
    /// The wl_pointer proxy.
    let proxy: OpaquePointer
    private unowned let sink: InputSink
    private let modifiers: () -> KeyModifiers
    private var emulator = PointerTouchEmulator()

    /// Gets the wl_pointer of `seat`; `modifiers` reads the same seat's keyboard modifiers.
    init(seat: OpaquePointer, sink: InputSink, modifiers: @escaping () -> KeyModifiers) {
        proxy = wl_seat_get_pointer(seat)
        self.sink = sink
        self.modifiers = modifiers
        wl_pointer_add_listener(proxy, Pointer.listener, userData(self))
    }

    /// Releases (v3+) or destroys the wl_pointer.
    func release() {
        if wl_proxy_get_version(proxy) >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }

    private func handle(_ event: PointerTouchEmulator.Event) {
        emulator.handle(event).forEach(sink.deliver)
    }

    private func button(serial: UInt32, time: UInt32, button: UInt32, state: UInt32) {
        let centre = sink.surfaceCentre
        handle(.button(serial: serial, time: time, button: button, pressed: state == Pointer.pressedState,
                       modifiers: modifiers(), centre: .init(x: WLFixed(centre.x), y: WLFixed(centre.y))))
    }

    // MARK: - Listener

    /// wl_pointer.button_state "pressed".
    private static let pressedState = UInt32(WL_POINTER_BUTTON_STATE_PRESSED.rawValue)

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_pointer_listener(
        enter: { data, _, _, surface, x, y in
            owner(data, as: Pointer.self).handle(.enter(surface: proxyName(surface), x: WLFixed(rawValue: x),
                                                         y: WLFixed(rawValue: y)))
        },
        leave: { data, _, serial, _ in owner(data, as: Pointer.self).handle(.leave(serial: serial)) },
        motion: { data, _, time, x, y in
            owner(data, as: Pointer.self).handle(.motion(time: time, x: WLFixed(rawValue: x), y: WLFixed(rawValue: y)))
        },
        button: { data, _, serial, time, button, state in
            owner(data, as: Pointer.self).button(serial: serial, time: time, button: button, state: state)
        },
        axis: { _, _, _, _, _ in },
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }))
}
