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
/// ``TraceError``s (`file:line:column: message`) or ``TraceFileError``s for I/O.
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

    /// Opens `path` and reads its header.
    public init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TraceFileError(path: path, operation: "open") }
        var lines = LineSource(fd: fd, path: path)
        do {
            header = try Self.readHeader(&lines, path: path)
        } catch {
            lines.release()
            throw error
        }
        state = RecordStream(lines: lines)
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

    private static func readHeader(_ lines: inout LineSource, path: String) throws -> TraceHeader {
        guard let first = try lines.next() else {
            throw TraceError(file: path, line: 1, column: 1, message: "empty trace: no header line")
        }
        let bytes = first.bytes
        guard let brace = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
              bytes[brace] == UInt8(ascii: "{") else {
            throw TraceError(file: path, line: 1, column: 1, message: "line 1 must be the trace header (a JSON object)")
        }
        return try TraceHeader.parse(bytes, file: path)
    }
}

// MARK: - Records from lines

/// The reader's mutable state: lines in, records out.
private struct RecordStream {
    var lines: LineSource
    var parser = RecordLineParser()
    var recordCount = 0
    var presentations: [PresentationRecord] = []

    mutating func next() throws -> RawRecord? {
        while let (bytes, terminated) = try lines.next() {
            var first = 0
            while first < bytes.count, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")
                || bytes[first] == UInt8(ascii: "\r") {
                first += 1
            }
            if first == bytes.count { continue }
            do {
                let record = try parser.parse(bytes)
                recordCount += 1
                return record
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
        }
        return nil
    }
}

/// Lines of a file, read in large chunks into a buffer that grows for long lines.
private struct LineSource {
    /// Bytes read from the file at a time.
    static let chunkSize = 1 << 20

    let fd: Int32
    let path: String
    /// Line number of the line last returned.
    private(set) var line = 0
    private var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    private var start = 0
    private var end = 0
    private var atEOF = false

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    /// Closes the file and frees the buffer; call once.
    func release() {
        close(fd)
        buffer.deallocate()
    }

    /// The next line without its newline; valid until the next call.
    mutating func next() throws -> (bytes: UnsafeBufferPointer<UInt8>, terminated: Bool)? {
        while true {
            // Read the base inside the loop: refill() may move the buffer.
            let base = buffer.baseAddress!
            if start < end, let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) {
                let lineEnd = base.distance(to: newline)
                defer { start = lineEnd + 1 }
                line += 1
                return (UnsafeBufferPointer(start: (base + start).assumingMemoryBound(to: UInt8.self),
                                            count: lineEnd - start), true)
            }
            if atEOF {
                guard start < end else { return nil }
                defer { start = end }
                line += 1
                return (UnsafeBufferPointer(start: (base + start).assumingMemoryBound(to: UInt8.self),
                                            count: end - start), false)
            }
            try refill()
        }
    }

    /// Moves the unread bytes to the front, grows the buffer if a line fills it, and reads more.
    private mutating func refill() throws {
        let base = buffer.baseAddress!
        if start > 0 {
            memmove(base, base + start, end - start)
            end -= start
            start = 0
        }
        if end == buffer.count {
            let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
            bigger.baseAddress!.copyMemory(from: base, byteCount: end)
            buffer.deallocate()
            buffer = bigger
        }
        let n = POSIXFile.readSome(fd, buffer.baseAddress! + end, buffer.count - end)
        guard n >= 0 else { throw TraceFileError(path: path, operation: "read") }
        if n == 0 { atEOF = true }
        end += n
    }
}
