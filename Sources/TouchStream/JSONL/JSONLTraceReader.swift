#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Streaming reader

/// Reads a JSON Lines trace one record at a time, with memory bounded by the longest line.
///
/// Line 1 is decoded as the ``TraceHeader`` when the reader opens; each ``next()`` parses one
/// record line with the strict hand-written parser (no Foundation on the hot path). Blank lines
/// are skipped. A last line without a newline is accepted when it is a whole record, and reported
/// as truncated otherwise (what a recording interrupted mid-write leaves). Errors are
/// ``TraceError``s (`file:line:column: message`), for I/O problems too.
public final class JSONLTraceReader {
    /// The file being read.
    public let path: String
    /// The trace's header (line 1).
    public let header: TraceHeader
    private var state: RecordStream

    /// Line number of the line most recently read (the last record returned, or the header).
    public var line: Int { state.lines.line }
    /// Records returned so far.
    public var recordCount: Int { state.recordCount }
    /// The presentation-feedback records read so far (kept apart from the touch records).
    public var presentations: [PresentationRecord] { state.presentations }

    /// Opens `path` (a file, a FIFO, or `-` for standard input) and reads its header.
    public convenience init(path: String) throws {
        var lines = try LineSource(opening: path)
        let first = try Self.firstNonBlankLine(&lines, ifNone: "empty trace: no header line")
        try self.init(lines: lines, headerLine: first)
    }

    /// Continues `lines` whose latest line, `headerLine`, is the header; takes ownership of `lines`.
    init(lines: LineSource, headerLine: UnsafeBufferPointer<UInt8>) throws {
        path = lines.path
        do {
            let brace = headerLine.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            guard let brace, headerLine[brace] == UInt8(ascii: "{") else {
                throw TraceError(file: lines.path, line: lines.line, column: 1,
                                 message: "the first line must be the trace header (a JSON object)")
            }
            if InputText.isTraceRecord(String(decoding: headerLine, as: UTF8.self)) {
                throw TraceError(file: lines.path, line: lines.line, column: 1,
                                 message: "a record where the trace header should be (a JSON Lines trace starts with its header line)")
            }
            header = try TraceHeader.parse(headerLine, file: lines.path, line: lines.line)
        } catch {
            lines.release()
            throw error
        }
        state = RecordStream(lines: lines, version: header.version)
    }

    /// The first line with something other than spaces.
    /// The input is released when it has none (the error at 1:1 says `message`) or cannot be read.
    static func firstNonBlankLine(_ lines: inout LineSource, ifNone message: String) throws -> UnsafeBufferPointer<UInt8> {
        do {
            while let (bytes, _) = try lines.next() {
                if bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) { return bytes }
            }
            throw TraceError(file: lines.path, line: 1, column: 1, message: message)
        } catch {
            lines.release()
            throw error
        }
    }

    deinit { state.lines.release() }

    /// The next record, or nil at the end of the file.
    public func next() throws -> RawRecord? {
        try state.next()
    }

    /// Calls `body` with every remaining record (faster than a loop over ``next()``).
    public func forEach(_ body: (RawRecord) throws -> Void) throws {
        // Work on a local copy: one exclusivity check for the whole loop instead of one per record.
        var local = state
        defer { state = local }
        while let record = try local.next() { try body(record) }
    }
}

// MARK: - Records from lines

/// The reader's mutable state: lines in, records out.
private struct RecordStream {
    var lines: LineSource
    var parser = RecordLineParser()
    var recordCount = 0
    var presentations: [PresentationRecord] = []
    /// The header's version: a surface record of a kind newer than it is an error.
    let version: Int

    init(lines: LineSource, version: Int) {
        self.lines = lines
        self.version = version
    }

    mutating func next() throws -> RawRecord? {
        while let (bytes, terminated) = try lines.next() {
            var first = 0
            while first < bytes.count, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") {
                first += 1
            }
            if first == bytes.count { continue }
            let record: RawRecord
            do {
                record = try parser.parse(bytes)
            } catch {
                // Not a touch record: a presentation record is the other kind a line may hold.
                if PresentationRecord.isPresentationLine(bytes), terminated || bytes.last == UInt8(ascii: "}") {
                    do { presentations.append(try PresentationRecord.parse(jsonLine: bytes)) } catch {
                        throw TraceError(file: lines.path, line: lines.line, column: error.column, message: error.message)
                    }
                    continue
                }
                let message = terminated ? error.message : "truncated record (no newline at end of file): \(error.message)"
                throw TraceError(file: lines.path, line: lines.line, column: error.column, message: message)
            }
            // A current trace may hold every kind: no look at the record on the reader's hot path.
            if version < TraceHeader.currentVersion, let kind = record.event.surfaceEvent?.kind, kind.sinceVersion > version {
                let newer = SurfaceEvent.recordsNew(for: kind)
                throw TraceError(file: lines.path, line: lines.line, column: first + 1,
                                 message: "a \(kind.rawValue) record in a version \(version) trace (\(newer) need version \(kind.sinceVersion))")
            }
            recordCount += 1
            return record
        }
        return nil
    }
}
