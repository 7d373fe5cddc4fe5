import CWayland
import TouchStream
import WaylandPlumbing

// MARK: - wl_pointer

/// A wl_pointer that either feeds `PointerTouchEmulator` (mouse as finger) or, in pointer-only
/// mode, records every event it receives as a pointer record and emulates nothing: there the trace
/// must hold what the compositor sent, not touches our client made up from it.
final class Pointer {
    /// The wl_pointer proxy.
    let proxy: OpaquePointer
    private unowned let sink: InputSink
    private let modifiers: () -> KeyModifiers
    private var emulator = PointerTouchEmulator()
    private let records: Bool
    /// The surface the pointer is over, named on motion and button records (their events do not say).
    private var entered: String?

    /// Gets the wl_pointer of `seat`; `modifiers` reads the same seat's keyboard modifiers;
    /// `records` is pointer-only mode.
    init(seat: OpaquePointer, sink: InputSink, records: Bool = false, modifiers: @escaping () -> KeyModifiers) {
        proxy = wl_seat_get_pointer(seat)
        self.sink = sink
        self.records = records
        self.modifiers = modifiers
        wl_pointer_add_listener(proxy, Pointer.listener, userData(self))
    }

    /// Releases (v3+) or destroys the wl_pointer.
    func release() {
        if wl_proxy_get_version(proxy) >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }

    private func handle(_ event: PointerTouchEmulator.Event) {
        guard !records else { return record(event) }
        emulator.handle(event).forEach(sink.deliver)
    }

    private func record(_ event: PointerTouchEmulator.Event) {
        switch event {
        case .enter(let serial, let surface, let x, let y):
            entered = surface
            record(SurfaceEvent(.pointerEnter, surface: surface, serial: serial, x: x, y: y))
        case .leave(let serial, let surface):
            record(SurfaceEvent(.pointerLeave, surface: surface, serial: serial))
            entered = nil
        case .motion(let time, let x, let y):
            record(SurfaceEvent(.pointerMotion, surface: entered, time: time, x: x, y: y))
        case .button(let serial, let time, let button, let pressed, _, _):
            record(SurfaceEvent(.pointerButton, surface: entered, serial: serial, time: time, button: button,
                                pressed: pressed))
        }
    }

    private func record(_ event: SurfaceEvent) {
        guard records else { return }
        sink.deliver(RawRecord(.surface(event)))
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
        enter: { data, _, serial, surface, x, y in
            owner(data, as: Pointer.self).handle(.enter(serial: serial, surface: proxyName(surface),
                                                         x: WLFixed(rawValue: x), y: WLFixed(rawValue: y)))
        },
        leave: { data, _, serial, surface in
            owner(data, as: Pointer.self).handle(.leave(serial: serial, surface: proxyName(surface)))
        },
        motion: { data, _, time, x, y in
            owner(data, as: Pointer.self).handle(.motion(time: time, x: WLFixed(rawValue: x), y: WLFixed(rawValue: y)))
        },
        button: { data, _, serial, time, button, state in
            owner(data, as: Pointer.self).button(serial: serial, time: time, button: button, state: state)
        },
        axis: { data, _, time, axis, value in
            let pointer = owner(data, as: Pointer.self)
            pointer.record(SurfaceEvent(.pointerAxis, surface: pointer.entered, time: time, axis: axis, value: value))
        },
        frame: { data, _ in
            let pointer = owner(data, as: Pointer.self)
            pointer.record(SurfaceEvent(.pointerFrame, surface: pointer.entered))
        },
        axis_source: { data, _, source in
            let pointer = owner(data, as: Pointer.self)
            pointer.record(SurfaceEvent(.pointerAxisSource, surface: pointer.entered, value: Int32(bitPattern: source)))
        },
        axis_stop: { data, _, time, axis in
            let pointer = owner(data, as: Pointer.self)
            pointer.record(SurfaceEvent(.pointerAxisStop, surface: pointer.entered, time: time, axis: axis))
        },
        axis_discrete: { data, _, axis, steps in
            let pointer = owner(data, as: Pointer.self)
            pointer.record(SurfaceEvent(.pointerAxisDiscrete, surface: pointer.entered, axis: axis, value: steps))
        },
        axis_value120: { data, _, axis, value in
            let pointer = owner(data, as: Pointer.self)
            pointer.record(SurfaceEvent(.pointerAxisValue120, surface: pointer.entered, axis: axis, value: value))
        }))
}
