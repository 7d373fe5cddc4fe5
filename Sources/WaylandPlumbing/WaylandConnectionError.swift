import Glibc

// MARK: - Connection failures, each described in one line

/// Why a Wayland connection could not be made or stopped working.
public enum WaylandConnectionError: Error, Equatable, CustomStringConvertible {
    /// wl_display_connect failed for `display` (a socket name or path) with `errno`.
    case cannotConnect(display: String, runtimeDirectory: String?, errno: Int32)
    /// `display` is a socket name, and the environment it was looked up in has no XDG_RUNTIME_DIR.
    case noRuntimeDirectory(display: String)
    /// The compositor reported a protocol error on `object` (e.g. "xdg_surface@12").
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// The connection failed (compositor gone, socket error) with `errno`, during `operation`.
    case disconnected(operation: String, errno: Int32)

    public var description: String {
        switch self {
        case let .cannotConnect(display, runtimeDirectory, code):
            let dir = runtimeDirectory.map { "XDG_RUNTIME_DIR=\($0)" } ?? "XDG_RUNTIME_DIR unset"
            return "cannot connect to Wayland display \"\(display)\" (\(dir)): \(errnoText(code))"
        case let .noRuntimeDirectory(display):
            return "cannot find the Wayland socket \(display): XDG_RUNTIME_DIR is not set"
        case let .protocolError(interface, objectID, code):
            return "Wayland protocol error on \(interface)@\(objectID): code \(code)"
        case let .disconnected(operation, code):
            return "Wayland connection lost during \(operation): \(errnoText(code))"
        }
    }
}

/// strerror text for an errno value.
public func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
