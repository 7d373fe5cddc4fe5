import Glibc

// MARK: - Errors, each described in one line

/// Why the client could not start or why its event loop stopped with a failure.
public enum WaylandError: Error, Equatable, CustomStringConvertible {
    /// wl_display_connect failed for `display` (a socket name or path) with `errno`.
    case cannotConnect(display: String, runtimeDirectory: String?, errno: Int32)
    /// The compositor reported a protocol error on `object` (e.g. "xdg_surface@12").
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// The connection failed (compositor gone, socket error) with `errno`, during `operation`.
    case disconnected(operation: String, errno: Int32)
    /// A global the client cannot work without was not advertised.
    case missingGlobal(interface: String, minimumVersion: UInt32)
    /// A system call failed.
    case systemCall(name: String, errno: Int32)
    /// The compositor sent a keymap xkbcommon could not use.
    case badKeymap(reason: String)

    public var description: String {
        switch self {
        case let .cannotConnect(display, runtimeDirectory, code):
            let dir = runtimeDirectory.map { "XDG_RUNTIME_DIR=\($0)" } ?? "XDG_RUNTIME_DIR unset"
            return "cannot connect to Wayland display \"\(display)\" (\(dir)): \(errnoText(code))"
        case let .protocolError(interface, objectID, code):
            return "Wayland protocol error on \(interface)@\(objectID): code \(code)"
        case let .disconnected(operation, code):
            return "Wayland connection lost during \(operation): \(errnoText(code))"
        case let .missingGlobal(interface, minimumVersion):
            return "the compositor does not offer \(interface) version \(minimumVersion) or later"
        case let .systemCall(name, code):
            return "\(name) failed: \(errnoText(code))"
        case let .badKeymap(reason):
            return "unusable keymap from the compositor: \(reason)"
        }
    }
}

/// strerror text for an errno value.
func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
