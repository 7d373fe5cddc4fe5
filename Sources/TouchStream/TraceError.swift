// MARK: - Errors with a location

/// A problem in a trace or script, located by file, line and column (1-based; columns count UTF-8 bytes).
///
/// Its description is the single line `NAME:LINE:COLUMN: what is wrong`, the form
/// compilers use, so editors and terminals can jump to it.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file path or script name the error refers to.
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in UTF-8 bytes.
    public var column: Int
    /// What is wrong, without the location.
    public var message: String

    /// Creates an error at a location.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line: `NAME:LINE:COLUMN: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
