import CWayland
import CWaylandProtocols
import Glibc
import TouchStream

// MARK: - zwp_virtual_keyboard_v1

/// The on-screen keyboard's other way to type: a keyboard of its own on the seat, whose keys it
/// presses and releases like a hardware keyboard's (the focused client sees wl_keyboard.key, and
/// repeats a held key itself, as it would a real one).
///
/// Its keymap is sent once, before any key (a key without one is a protocol error). Each press and
/// release is a record (`osk-key-pressed`, `osk-key-released`: "what our client did").
final class VirtualKeyboard {
    /// The proxy.
    let proxy: OpaquePointer
    private unowned let sink: InputSink
    private let surface: () -> String?

    /// Makes a virtual keyboard on `seat` and sends it `keymap`.
    init(manager: VirtualKeyboardManager, seat: OpaquePointer, keymap: VirtualKeymap, sink: InputSink,
         surface: @escaping () -> String?) {
        proxy = manager.virtualKeyboard(for: seat)
        self.sink = sink
        self.surface = surface
        zwp_virtual_keyboard_v1_keymap(proxy, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, keymap.fd, keymap.size)
    }

    /// Destroys the virtual keyboard.
    func destroy() { zwp_virtual_keyboard_v1_destroy(proxy) }

    /// Presses evdev `code` at `time` (ms, the touch's).
    func press(_ code: UInt32, time: UInt32) {
        zwp_virtual_keyboard_v1_key(proxy, time, code, WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
        record(.oskKeyPressed, code: code, time: time)
    }

    /// Releases evdev `code` at `time` (ms, the touch's).
    func release(_ code: UInt32, time: UInt32) {
        zwp_virtual_keyboard_v1_key(proxy, time, code, WL_KEYBOARD_KEY_STATE_RELEASED.rawValue)
        record(.oskKeyReleased, code: code, time: time)
    }

    private func record(_ kind: SurfaceEventKind, code: UInt32, time: UInt32) {
        sink.deliver(RawRecord(.surface(SurfaceEvent(kind, surface: surface(), time: time, code: code))))
    }
}
