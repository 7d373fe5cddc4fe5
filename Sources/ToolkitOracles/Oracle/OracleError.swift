/// A one-line error of an oracle run: a toolkit that cannot start, a missing file, a bad script.
public struct OracleError: Error, CustomStringConvertible, Sendable {
    /// The message, one line.
    public let description: String

    /// Creates an error with `message`.
    public init(_ message: String) {
        description = message
    }
}
