#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Opening an input

/// Opens the files every command reads: regular files, FIFOs and process substitution
/// (`<(…)`), and `-` for standard input. Problems are ``TraceError``s at `NAME:1:1`.
public enum InputPath {
    /// The name errors give standard input (`-` on the command line).
    public static let standardInputName = "<stdin>"

    /// The name errors cite for `path`.
    public static func displayName(_ path: String) -> String {
        path == "-" ? standardInputName : path
    }

    /// A readable descriptor for `path` (a duplicate of standard input for `-`); the caller closes it.
    static func openForReading(_ path: String) throws(TraceError) -> Int32 {
        let name = displayName(path)
        let fd: Int32
        if path == "-" {
            fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
        }
        guard fd >= 0 else {
            let reason = errno == ENOENT ? "no such file" : "cannot open: \(String(cString: strerror(errno)))"
            throw TraceError(file: name, line: 1, column: 1, message: reason)
        }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            close(fd)
            throw TraceError(file: name, line: 1, column: 1, message: "is a directory, not a file")
        }
        return fd
    }
}

// MARK: - Lines

/// Lines of an input, read in large chunks into a buffer that grows for long lines.
///
/// Every line is checked to be UTF-8 (an error names its line and byte column) and loses one
/// trailing carriage return, so CRLF files read like LF files everywhere. A line longer than
/// ``maxLineLength`` is an error: an endless one (`/dev/zero`, a stream that never sends a newline)
/// would otherwise take all memory before any parser could object.
struct LineSource {
    /// Bytes read at a time.
    static let chunkSize = 1 << 20
    /// The longest line read, in bytes (16 MiB; real lines are at most a few KiB).
    static let maxLineLength = 1 << 24

    let fd: Int32
    /// The name errors cite.
    let path: String
    /// A descriptor every byte read is also written to (-1: none), so an input that can be read only
    /// once is kept for a second pass as it is read, with the same checks as any read.
    var copy: Int32 = -1
    /// Line number of the line last returned.
    private(set) var line = 0
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var atEOF = false

    /// Reads `fd` (owned from now on: ``release()`` closes it); errors cite `path`.
    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
    }

    /// Reads `bytes` already in memory; errors cite `path`.
    init(bytes: [UInt8], path: String) {
        fd = -1
        self.path = path
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        end = bytes.count
        atEOF = true
    }

    /// Opens `path` (see ``InputPath``).
    init(opening path: String) throws(TraceError) {
        self.init(fd: try InputPath.openForReading(path), path: InputPath.displayName(path))
    }

    /// Closes the input and frees the buffer; call once.
    func release() {
        if fd >= 0 { close(fd) }
        buffer.deallocate()
    }

    /// The next line without its line end; valid until the next call. `terminated` is false for a
    /// last line without a newline.
    mutating func next() throws(TraceError) -> (bytes: UnsafeBufferPointer<UInt8>, terminated: Bool)? {
        while true {
            // Read the base inside the loop: refill() may move the buffer.
            let base = buffer.baseAddress!
            if start < end, let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) {
                let lineEnd = base.distance(to: newline)
                defer { start = lineEnd + 1 }
                return try finishLine(base, lineEnd, terminated: true)
            }
            if atEOF {
                guard start < end else { return nil }
                defer { start = end }
                return try finishLine(base, end, terminated: false)
            }
            try refill()
        }
    }

    private mutating func finishLine(_ base: UnsafeMutableRawPointer, _ lineEnd: Int,
                                     terminated: Bool) throws(TraceError) -> (UnsafeBufferPointer<UInt8>, Bool) {
        line += 1
        var count = lineEnd - start
        // Checked here too: the read that brings the newline can bring more than the limit.
        if count > Self.maxLineLength { throw tooLong(line) }
        let bytes = (base + start).assumingMemoryBound(to: UInt8.self)
        if count > 0, bytes[count - 1] == UInt8(ascii: "\r") { count -= 1 }
        let text = UnsafeBufferPointer(start: bytes, count: count)
        if let offset = UTF8Check.firstInvalidByte(text) {
            throw TraceError(file: path, line: line, column: offset + 1, message: "invalid UTF-8")
        }
        return (text, terminated)
    }

    private func tooLong(_ number: Int) -> TraceError {
        TraceError(file: path, line: number, column: Self.maxLineLength + 1,
                   message: "line longer than \(Self.maxLineLength) bytes (16 MiB), the most one line may hold")
    }

    /// Moves the unread bytes to the front, grows the buffer if a line fills it, and reads more.
    private mutating func refill() throws(TraceError) {
        let base = buffer.baseAddress!
        if start > 0 {
            memmove(base, base + start, end - start)
            end -= start
            start = 0
        }
        if end > Self.maxLineLength { throw tooLong(line + 1) }
        if end == buffer.count {
            let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
            bigger.baseAddress!.copyMemory(from: base, byteCount: end)
            buffer.deallocate()
            buffer = bigger
        }
        let n = POSIXFile.readSome(fd, buffer.baseAddress! + end, buffer.count - end)
        guard n >= 0 else {
            throw TraceError(file: path, line: line + 1, column: 1, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        if n == 0 { atEOF = true }
        if n > 0, copy >= 0, !POSIXFile.writeAll(copy, buffer.baseAddress! + end, n) {
            throw TraceError(file: path, line: line + 1, column: 1,
                             message: "cannot copy the input to a temporary file: \(String(cString: strerror(errno)))")
        }
        end += n
    }
}

// MARK: - UTF-8

enum UTF8Check {
    /// The offset of the first byte that does not belong to well-formed UTF-8, nil when all do.
    static func firstInvalidByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        var i = 0
        guard let base = bytes.baseAddress else { return nil }
        while i < count {
            // ASCII runs eight bytes at a time: the common case for traces and logs.
            while i + 8 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < count else { return nil }
            let lead = base[i]
            if lead < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= count else { return i }
            guard base[i + 1] >= low, base[i + 1] <= high else { return i }
            for k in 2..<max(length, 2) where base[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }
}

// MARK: - Whole texts

/// Reads whole text inputs (deliveries logs, WAYLAND_DEBUG logs) through the same reader as traces.
public enum InputText {
    /// The text at `path` (a file, FIFO or `-`) with LF line ends: invalid UTF-8 is an error at its
    /// line and column, CRLF line ends become LF.
    public static func read(_ path: String) throws(TraceError) -> String {
        var lines = try LineSource(opening: path)
        defer { lines.release() }
        var out: [UInt8] = []
        while let (bytes, terminated) = try lines.next() {
            out.append(contentsOf: bytes)
            if terminated { out.append(UInt8(ascii: "\n")) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True when `line` is a trace record line (as opposed to a header or a deliveries-log entry).
    public static func isTraceRecord(_ line: some StringProtocol) -> Bool {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = RecordLineParser()
            return (try? parser.parse(UnsafeBufferPointer(buffer))) != nil
        }
    }
}
