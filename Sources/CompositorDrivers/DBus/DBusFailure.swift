/// A D-Bus failure in one line: the error name a service replied with (when there is one) and its message.
public struct DBusFailure: Error, CustomStringConvertible, Equatable, Sendable {
    /// The D-Bus error name (e.g. `org.freedesktop.DBus.Error.ServiceUnknown`), nil for local failures.
    public let name: String?
    /// The one-line message.
    public let message: String

    /// Creates a failure; newlines in `message` are folded so it stays one line.
    public init(_ message: String, name: String? = nil) {
        self.name = name
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " | ")
    }

    public var description: String { name.map { "\($0): \(message)" } ?? message }
}
