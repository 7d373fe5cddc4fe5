import CWayland
import Glibc
import Logging
import TouchStream
import WaylandPlumbing

// MARK: - wl_keyboard

/// A wl_keyboard translated through xkbcommon; key presses go to the sink, and focus changes as
/// `keyboard-enter` / `keyboard-leave` records (a touch should bring keyboard focus: sway#5144),
/// every key press and release as `key-pressed` / `key-released`.
final class Keyboard {
    private static let log = Logger(label: "WaylandClient.Keyboard")
    /// wl_keyboard.keymap_format xkb_v1.
    private static let xkbFormat = UInt32(WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue)
    /// wl_keyboard.key_state pressed.
    private static let pressedState = UInt32(WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)

    /// The wl_keyboard proxy.
    let proxy: OpaquePointer
    private unowned let sink: InputSink
    /// The compiled keymap; nil before one is needed or when it could not be compiled.
    private var compiled: XKBKeymap?
    /// The keymap the compositor sent and nothing has needed yet (its file, which we close).
    ///
    /// Why later: compiling a keymap parses the compositor's whole XKB text (about a millisecond
    /// and a half, a tenth of the time from launch to the first frame), and a touch session may
    /// never press a key. It is compiled at the first key, or when modifiers are held.
    private var pending: (fd: Int32, size: UInt32)?
    /// The surface with keyboard focus, which the keys are recorded as going to.
    private var focused: String?
    /// The last wl_keyboard.modifiers, applied when the pending keymap is compiled.
    private var pendingModifiers: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)?

    /// Gets the wl_keyboard of `seat`.
    init(seat: OpaquePointer, sink: InputSink) {
        proxy = wl_seat_get_keyboard(seat)
        self.sink = sink
        wl_keyboard_add_listener(proxy, Keyboard.listener, userData(self))
    }

    /// The modifiers held now (none before a keymap arrived).
    var modifiers: KeyModifiers {
        if compiled == nil, let held = pendingModifiers, held.depressed | held.latched | held.locked == 0 { return [] }
        return keymap?.modifiers ?? []
    }

    /// The keymap, compiled now if it is still pending.
    private var keymap: XKBKeymap? {
        guard let source = pending else { return compiled }
        pending = nil
        do {
            let keymap = try XKBKeymap(fd: source.fd, size: source.size)
            if let held = pendingModifiers {
                keymap.updateModifiers(depressed: held.depressed, latched: held.latched, locked: held.locked, group: held.group)
            }
            compiled = keymap
        } catch {
            Self.log.warning("\(error): keys ignored")
        }
        pendingModifiers = nil
        return compiled
    }

    deinit {
        if let pending { close(pending.fd) }
    }

    /// Releases (v3+) or destroys the wl_keyboard.
    func release() {
        if wl_proxy_get_version(proxy) >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
    }

    private func received(keymapFormat format: UInt32, fd: Int32, size: UInt32) {
        // A new keymap replaces the old one, compiled or not.
        if let pending { close(pending.fd) }
        pending = nil
        compiled = nil
        guard format == Self.xkbFormat else {
            close(fd)
            Self.log.warning("wl_keyboard keymap format \(format) is not xkb_v1: keys ignored")
            return
        }
        pending = (fd, size)
    }

    private func modifiersChanged(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        if pending != nil || compiled == nil {
            pendingModifiers = (depressed, latched, locked, group)
        } else {
            compiled?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
        }
    }

    private func focus(_ kind: SurfaceEventKind, serial: UInt32, surface: OpaquePointer?) {
        focused = kind == .keyboardEnter ? proxyName(surface) : nil
        sink.deliver(RawRecord(.surface(SurfaceEvent(kind, surface: proxyName(surface), serial: serial))))
    }

    private func key(_ keycode: UInt32, time: UInt32, state: UInt32) {
        // Recorded as received, before the keymap is read: a key typed by an on-screen keyboard's
        // virtual keyboard shows in the trace whatever it produces.
        let kind: SurfaceEventKind = state == Self.pressedState ? .keyPressed : .keyReleased
        sink.deliver(RawRecord(.surface(SurfaceEvent(kind, surface: focused, time: time, code: keycode))))
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
            owner(data, as: Keyboard.self).modifiersChanged(depressed: depressed, latched: latched, locked: locked,
                                                            group: group)
        },
        repeat_info: { _, _, _, _ in }))
}
