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
    /// Bytes read from the file at a time; lines longer than this grow the buffer.
    static let chunkSize = 1 << 20

    /// The file being read.
    public let path: String
    /// The trace's header (line 1).
    public private(set) var header: TraceHeader
    /// Line number of the line most recently read (the last record returned, or the header).
    public private(set) var line = 0
    /// Records returned so far.
    public private(set) var recordCount = 0

    private let fd: Int32
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var atEOF = false
    private var surfaceCache: (bytes: [UInt8], name: String)?

    /// Opens `path` and reads its header.
    public init(path: String) throws {
        self.path = path
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TraceFileError(path: path, operation: "open") }
        buffer = .allocate(byteCount: Self.chunkSize, alignment: 16)
        header = TraceHeader(toolVersion: "", profile: "", created: "")
        guard let first = try nextLine() else {
            throw TraceError(file: path, line: 1, column: 1, message: "empty trace: no header line")
        }
        let bytes = first.bytes
        guard let brace = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
              bytes[brace] == UInt8(ascii: "{") else {
            throw TraceError(file: path, line: 1, column: 1, message: "line 1 must be the trace header (a JSON object)")
        }
        header = try TraceHeader.parse(bytes, file: path)
    }

    deinit {
        close(fd)
        buffer.deallocate()
    }

    /// The next record, or nil at the end of the file.
    public func next() throws -> RawRecord? {
        while let (bytes, terminated) = try nextLine() {
            guard bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }) else {
                continue
            }
            var parser = RecordLineParser(bytes: bytes, surfaceCache: surfaceCache)
            do {
                let record = try parser.parseRecord()
                surfaceCache = parser.surfaceCache
                recordCount += 1
                return record
            } catch {
                let message = terminated ? error.message : "truncated record (no newline at end of file): \(error.message)"
                throw TraceError(file: path, line: line, column: error.column, message: message)
            }
        }
        return nil
    }

    /// Calls `body` with every remaining record.
    public func forEach(_ body: (RawRecord) throws -> Void) throws {
        while let record = try next() { try body(record) }
    }

    // MARK: - Lines

    /// The next line without its newline; valid until the next call.
    private func nextLine() throws -> (bytes: UnsafeBufferPointer<UInt8>, terminated: Bool)? {
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
    private func refill() throws {
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
