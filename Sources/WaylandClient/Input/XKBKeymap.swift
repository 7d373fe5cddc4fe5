import CXKBCommon
import Glibc

// MARK: - xkbcommon keymap and state

/// A compiled keymap and its state: turns evdev key codes into keysyms, text and modifiers.
final class XKBKeymap {
    /// xkb key codes are evdev codes plus this offset (the X11 legacy of reserving 0-7).
    static let evdevOffset: UInt32 = 8
    /// Longest UTF-8 text one key produces that we keep (bytes, including the terminator).
    private static let textCapacity = 64

    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// Compiles an XKB text keymap.
    init(text: UnsafeBufferPointer<CChar>) throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw WaylandError.badKeymap(reason: "xkb_context_new failed")
        }
        // The protocol includes the terminating NUL in the size; trust only the bytes before it.
        let length = text.firstIndex(of: 0) ?? text.count
        guard let keymap = xkb_keymap_new_from_buffer(context, text.baseAddress, length,
                                                      XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            throw WaylandError.badKeymap(reason: "xkbcommon could not compile it (\(length) bytes)")
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            throw WaylandError.badKeymap(reason: "xkb_state_new failed")
        }
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    /// Compiles the keymap the compositor passed as a file descriptor (which it closes).
    convenience init(fd: Int32, size: UInt32) throws {
        defer { close(fd) }
        // MAP_PRIVATE: from wl_keyboard v7 the compositor may hand out a read-only shared mapping.
        guard let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            throw WaylandError.systemCall(name: "mmap(keymap)", errno: errno)
        }
        defer { munmap(mapped, Int(size)) }
        try self.init(text: UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: CChar.self), count: Int(size)))
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Applies wl_keyboard.modifiers.
    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// Translates a pressed evdev key code.
    func press(keycode: UInt32, time: UInt32) -> KeyPress {
        let code = keycode + Self.evdevOffset
        let keysym = xkb_state_key_get_one_sym(state, code)
        let text = Self.string(capacity: Self.textCapacity) { xkb_state_key_get_utf8(state, code, $0, $1) }
        let name = Self.string(capacity: Self.textCapacity) { xkb_keysym_get_name(keysym, $0, $1) }
        return KeyPress(keycode: keycode, keysym: keysym, name: name, text: text,
                        modifiers: modifiers, time: time)
    }

    /// Text an xkb function writes into a buffer, returning its length (or -1: none).
    private static func string(capacity: Int, _ fill: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String {
        var bytes = [CChar](repeating: 0, count: capacity)
        let length = bytes.withUnsafeMutableBufferPointer { fill($0.baseAddress!, $0.count) }
        guard length > 0 else { return "" }
        return String(decoding: bytes.prefix(min(Int(length), capacity - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The effective modifiers now.
    var modifiers: KeyModifiers {
        let names: [(String, KeyModifiers)] = [("Shift", .shift), ("Control", .control), ("Mod1", .alt), ("Mod4", .logo)]
        return names.reduce(into: []) { result, pair in
            if xkb_state_mod_name_is_active(state, pair.0, XKB_STATE_MODS_EFFECTIVE) > 0 { result.insert(pair.1) }
        }
    }
}
