import CWaylandProtocols
import CXKBCommon
import Glibc

// MARK: - The virtual keyboard's keymap

/// The keymap a virtual keyboard is read with: xkeyboard-config's `evdev` rules with the `us`
/// layout, compiled by xkbcommon and written, NUL-terminated as wl_keyboard keymaps are, into an
/// anonymous file whose descriptor is sent with zwp_virtual_keyboard_v1.keymap.
final class VirtualKeymap {
    /// The file holding the keymap text.
    let fd: Int32
    /// Its size in bytes, the terminating NUL included.
    let size: UInt32

    /// Compiles the keymap and writes it out.
    init() throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw WaylandError.badKeymap(reason: "xkb_context_new failed")
        }
        defer { xkb_context_unref(context) }
        var names = xkb_rule_names()
        let compiled: OpaquePointer? = "evdev".withCString { rules in
            "us".withCString { layout in
                names.rules = rules
                names.layout = layout
                return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
            }
        }
        guard let keymap = compiled else { throw WaylandError.badKeymap(reason: "xkbcommon could not compile evdev/us") }
        defer { xkb_keymap_unref(keymap) }
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            throw WaylandError.badKeymap(reason: "xkb_keymap_get_as_string failed")
        }
        defer { free(text) }
        let length = strlen(text) + 1
        let file = gs_create_shm_file("gesture-sandbox-keymap", Int64(length))
        guard file >= 0 else { throw WaylandError.systemCall(name: "memfd_create(keymap)", errno: errno) }
        var written = 0
        while written < length {
            let count = pwrite(file, text + written, length - written, off_t(written))
            guard count > 0 else {
                let code = errno
                close(file)
                throw WaylandError.systemCall(name: "pwrite(keymap)", errno: code)
            }
            written += count
        }
        fd = file
        size = UInt32(length)
    }

    deinit { close(fd) }
}
