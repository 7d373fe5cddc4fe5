import WaylandPlumbing

// MARK: - Errors, each described in one line

/// Why the client could not start or why its event loop stopped with a failure.
public enum WaylandError: Error, Equatable, CustomStringConvertible {
    /// The connection could not be made or failed (cannot connect, protocol error, compositor gone).
    case connection(WaylandConnectionError)
    /// A global the client cannot work without was not advertised.
    case missingGlobal(interface: String, minimumVersion: UInt32)
    /// A system call failed.
    case systemCall(name: String, errno: Int32)
    /// The compositor sent a keymap xkbcommon could not use.
    case badKeymap(reason: String)
    /// An option asks for something this compositor cannot do (the layer surface where there is no
    /// zwlr_layer_shell_v1): a fact about the compositor, reported as such rather than as a failure.
    case unsupported(compositor: String, reason: String)

    public var description: String {
        switch self {
        case let .connection(failure):
            return failure.description
        case let .missingGlobal(interface, minimumVersion):
            return "the compositor does not offer \(interface) version \(minimumVersion) or later"
        case let .systemCall(name, code):
            return "\(name) failed: \(errnoText(code))"
        case let .badKeymap(reason):
            return "unusable keymap from the compositor: \(reason)"
        case let .unsupported(compositor, reason):
            return "not supported by \(compositor): \(reason)"
        }
    }

    /// Runs `call`, reporting a failure of the connection as `.connection` (other errors pass).
    static func onConnection<T>(_ call: () throws -> T) throws -> T {
        do {
            return try call()
        } catch let failure as WaylandConnectionError {
            throw WaylandError.connection(failure)
        }
    }
}
