/// A harness failure, described in one line (what failed, where, and what to do).
public struct HarnessError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The one-line description.
    public let message: String

    /// Creates an error; newlines in `message` are folded so it stays one line.
    public init(_ message: String) {
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " | ")
    }

    public var description: String { message }
}
