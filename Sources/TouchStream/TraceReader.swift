import FoundationEssentials

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

/// Reads a trace in either form, telling them apart by the first non-blank line: `{` starts
/// JSON Lines, anything else is the compact form. `path` may be a file, a FIFO, process
/// substitution or `-` for standard input: the input is read once, front to back.
public enum TraceReader {
    /// Reads the whole trace at `path`.
    public static func read(_ path: String) throws -> Trace {
        let stream = try TraceStream(path: path)
        var items: [ScriptItem] = []
        try stream.forEach { items.append($0) }
        return Trace(format: stream.format, header: stream.header, items: items, presentations: stream.presentations)
    }

    /// Reads a whole trace from `text` already in memory; `name` locates errors.
    public static func read(text: String, name: String) throws -> Trace {
        try read(bytes: Array(text.utf8), name: name)
    }

    /// Reads a whole trace from `bytes` already in memory (checked to be UTF-8); `name` locates errors.
    public static func read(bytes: [UInt8], name: String) throws -> Trace {
        let stream = try TraceStream(lines: LineSource(bytes: bytes, path: name))
        var items: [ScriptItem] = []
        try stream.forEach { items.append($0) }
        return Trace(format: stream.format, header: stream.header, items: items, presentations: stream.presentations)
    }

    /// Streams the items of the trace at `path` with memory bounded by its longest line;
    /// returns the header, nil for the compact form.
    @discardableResult
    public static func forEachItem(in path: String, _ body: (ScriptItem) throws -> Void) throws -> TraceHeader? {
        let stream = try TraceStream(path: path)
        try stream.forEach(body)
        return stream.header
    }
}

// MARK: - One item at a time

/// A trace read incrementally, either form; memory stays bounded by the longest line.
public final class TraceStream {
    /// Which form the input is in.
    public let format: TraceFormat
    /// The header (JSON Lines); nil for the compact form.
    public let header: TraceHeader?
    /// The name errors cite (`<stdin>` for `-`).
    public let name: String
    private var source: Source

    /// The presentation-feedback records read so far (kept apart from the items).
    public var presentations: [PresentationRecord] {
        switch source {
        case .jsonLines(let reader): reader.presentations
        case .compact(let compact): compact.parser.presentations
        }
    }

    private enum Source {
        case jsonLines(JSONLTraceReader)
        case compact(CompactLines)
    }

    /// Opens `path` and reads up to its first non-blank line (the header of a JSON Lines trace).
    public convenience init(path: String) throws {
        try self.init(lines: try LineSource(opening: path))
    }

    init(lines input: LineSource) throws {
        var lines = input
        name = lines.path
        let first = try JSONLTraceReader.firstNonBlankLine(&lines, ifNone: "empty trace")
        let start = first.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }!
        if first[start] == UInt8(ascii: "{") {
            let reader = try JSONLTraceReader(lines: lines, headerLine: first)
            format = .jsonLines
            header = reader.header
            source = .jsonLines(reader)
        } else {
            let compact = CompactLines(lines: lines)
            try compact.parser.parseLine(first, number: lines.line)
            format = .compact
            header = nil
            source = .compact(compact)
        }
    }

    /// The next item, nil at the end.
    public func next() throws -> ScriptItem? {
        switch source {
        case .jsonLines(let reader):
            return try reader.next().map { .record($0) }
        case .compact(let compact):
            return try compact.next()
        }
    }

    /// Calls `body` with every remaining item.
    public func forEach(_ body: (ScriptItem) throws -> Void) throws {
        switch source {
        case .jsonLines(let reader):
            try reader.forEach { try body(.record($0)) }
        case .compact:
            while let item = try next() { try body(item) }
        }
    }
}

/// Compact lines in, items out (a class: the stream mutates it in place).
final class CompactLines {
    var lines: LineSource
    var parser: CompactParser
    private var taken = 0

    init(lines: LineSource) {
        self.lines = lines
        parser = CompactParser(name: lines.path)
    }

    deinit { lines.release() }

    func next() throws -> ScriptItem? {
        while taken == parser.items.count {
            parser.items.removeAll(keepingCapacity: true)
            taken = 0
            guard let (bytes, _) = try lines.next() else { return nil }
            try parser.parseLine(bytes, number: lines.line)
        }
        defer { taken += 1 }
        return parser.items[taken]
    }
}
