import FoundationEssentials
import TouchStream

// MARK: - Reading inputs with located errors

/// Reads the files the repro commands take, turning every problem into one located line
/// (`FILE:LINE:COLUMN: what is wrong`).
public enum InputFiles {
    /// The whole text at `path` (a file, a FIFO, or `-` for standard input); missing, unreadable,
    /// non-UTF-8 and empty inputs are errors. CRLF line ends read as LF.
    public static func text(_ path: String) throws(TraceError) -> String {
        let text = try InputText.read(path)
        guard !text.allSatisfy(\.isWhitespace) else {
            throw TraceError(file: InputPath.displayName(path), line: 1, column: 1, message: "empty file")
        }
        return text
    }

    /// The trace at `path` (either form, read once, so FIFOs and `-` work); a trace without
    /// records is an error.
    public static func trace(_ path: String) throws(TraceError) -> Trace {
        try checked(InputPath.displayName(path)) { try TraceReader.read(path) }
    }

    /// The trace in `text`, read earlier from the input `name`.
    public static func trace(text: String, name: String) throws(TraceError) -> Trace {
        try checked(name) { try TraceReader.read(text: text, name: name) }
    }

    private static func checked(_ name: String, _ read: () throws -> Trace) throws(TraceError) -> Trace {
        let trace: Trace
        do {
            trace = try read()
        } catch let error as TraceError {
            throw error
        } catch {
            throw TraceError(file: name, line: 1, column: 1, message: "\(error)")
        }
        guard !trace.records.isEmpty else {
            throw TraceError(file: name, line: 1, column: 1, message: "the trace has no records")
        }
        return trace
    }

    /// True when the first non-blank line of `text` is a deliveries-log entry (`"kind"`), not a trace
    /// (neither a header nor, for a trace that lost its header, a record).
    public static func looksLikeDeliveriesLog(_ text: String) -> Bool {
        guard let first = text.split(whereSeparator: \.isNewline).first(where: { !$0.allSatisfy(\.isWhitespace) }),
              !InputText.isTraceRecord(first),
              let object = JSONObjectLine(first) else {
            return false
        }
        return object.string("kind") != nil && !object.has("format")
    }
}
