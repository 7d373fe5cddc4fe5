import Foundation

// MARK: - Reading any trace

/// The two trace forms DESIGN §8 accepts wherever a trace is.
public enum TraceFormat: String, Hashable, Sendable {
    /// JSON Lines: header line, then one record per line.
    case jsonLines
    /// The compact text form (``CompactTrace``).
    case compact
}

/// A whole trace in memory.
public struct Trace: Hashable, Sendable {
    /// Which form it was read from.
    public var format: TraceFormat
    /// The header; compact scripts have none.
    public var header: TraceHeader?
    /// Records and (compact form only) sleeps, in order.
    public var items: [ScriptItem]
    /// Presentation-feedback records (`PresentationRecord`), in order, apart from the touch records.
    public var presentations: [PresentationRecord]

    /// Creates a trace.
    public init(format: TraceFormat, header: TraceHeader?, items: [ScriptItem], presentations: [PresentationRecord] = []) {
        self.format = format
        self.header = header
        self.items = items
        self.presentations = presentations
    }

    /// The records, without sleeps.
    public var records: [RawRecord] {
        items.compactMap { if case .record(let record) = $0 { record } else { nil } }
    }
}

/// Reads a trace file in either form, telling them apart by the first non-space character:
/// `{` is JSON Lines, anything else the compact form.
public enum TraceReader {
    /// Reads the whole trace at `path`.
    public static func read(_ path: String) throws -> Trace {
        switch try detectFormat(path) {
        case .jsonLines:
            let reader = try JSONLTraceReader(path: path)
            var items: [ScriptItem] = []
            try reader.forEach { items.append(.record($0)) }
            return Trace(format: .jsonLines, header: reader.header, items: items, presentations: reader.presentations)
        case .compact:
            guard let data = FileManager.default.contents(atPath: path) else {
                throw TraceFileError(path: path, operation: "read")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw TraceError(file: path, line: 1, column: 1, message: "not UTF-8 text")
            }
            let parsed = try CompactTrace.parseWithPresentations(text, name: path)
            return Trace(format: .compact, header: nil, items: parsed.items, presentations: parsed.presentations)
        }
    }

    /// Streams the items of the trace at `path` (JSON Lines without loading the file; compact
    /// scripts are small and parsed whole); returns the header, nil for the compact form.
    @discardableResult
    public static func forEachItem(in path: String, _ body: (ScriptItem) throws -> Void) throws -> TraceHeader? {
        switch try detectFormat(path) {
        case .jsonLines:
            let reader = try JSONLTraceReader(path: path)
            try reader.forEach { try body(.record($0)) }
            return reader.header
        case .compact:
            for item in try read(path).items { try body(item) }
            return nil
        }
    }

    /// The form of the trace at `path`, from its first non-space byte.
    public static func detectFormat(_ path: String) throws -> TraceFormat {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceFileError(path: path, operation: "open")
        }
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 4096), !chunk.isEmpty {
            if let byte = chunk.first(where: { !Self.isSpace($0) }) {
                return byte == UInt8(ascii: "{") ? .jsonLines : .compact
            }
        }
        throw TraceError(file: path, line: 1, column: 1, message: "empty trace")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
