import CWayland
import Glibc
import Logging
import TouchStream
import WaylandPlumbing

// MARK: - wl_keyboard

/// A wl_keyboard translated through xkbcommon; key presses go to the sink, and focus changes as
/// `keyboard-enter` / `keyboard-leave` records (a touch should bring keyboard focus: sway#5144).
final class Keyboard {
    private static let log = Logger(label: "WaylandClient.Keyboard")
    /// wl_keyboard.keymap_format xkb_v1.
    private static let xkbFormat = UInt32(WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue)
    /// wl_keyboard.key_state pressed.
    private static let pressedState = UInt32(WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)

    /// The wl_keyboard proxy.
    let proxy: OpaquePointer
    private unowned let sink: InputSink
    private var keymap: XKBKeymap?

    /// Gets the wl_keyboard of `seat`.
    init(seat: OpaquePointer, sink: InputSink) {
        proxy = wl_seat_get_keyboard(seat)
        self.sink = sink
        wl_keyboard_add_listener(proxy, Keyboard.listener, userData(self))
    }

    /// The modifiers held now (none before a keymap arrived).
    var modifiers: KeyModifiers { keymap?.modifiers ?? [] }

    /// Releases (v3+) or destroys the wl_keyboard.
    func release() {
        if wl_proxy_get_version(proxy) >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
    }

    private func received(keymapFormat format: UInt32, fd: Int32, size: UInt32) {
        guard format == Self.xkbFormat else {
            close(fd)
            keymap = nil
            Self.log.warning("wl_keyboard keymap format \(format) is not xkb_v1: keys ignored")
            return
        }
        do {
            keymap = try XKBKeymap(fd: fd, size: size)
        } catch {
            keymap = nil
            Self.log.warning("\(error): keys ignored")
        }
    }

    private func focus(_ kind: SurfaceEventKind, serial: UInt32, surface: OpaquePointer?) {
        sink.deliver(RawRecord(.surface(SurfaceEvent(kind, surface: proxyName(surface), serial: serial))))
    }

    private func key(_ keycode: UInt32, time: UInt32, state: UInt32) {
        guard state == Self.pressedState, let keymap else { return }
        sink.deliver(keymap.press(keycode: keycode, time: time))
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            owner(data, as: Keyboard.self).received(keymapFormat: format, fd: fd, size: size)
        },
        enter: { data, _, serial, surface, _ in
            owner(data, as: Keyboard.self).focus(.keyboardEnter, serial: serial, surface: surface)
        },
        leave: { data, _, serial, surface in
            owner(data, as: Keyboard.self).focus(.keyboardLeave, serial: serial, surface: surface)
        },
        key: { data, _, _, time, key, state in owner(data, as: Keyboard.self).key(key, time: time, state: state) },
        modifiers: { data, _, _, depressed, latched, locked, group in
            owner(data, as: Keyboard.self).keymap?.updateModifiers(depressed: depressed, latched: latched,
                                                                   locked: locked, group: group)
        },
        repeat_info: { _, _, _, _ in }))
}
