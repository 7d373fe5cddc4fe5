import Foundation

/// What a `LogFollower` keeps up to date from a log's lines: it sees each complete line once, in order.
public protocol LogScan {
    /// Takes the next line of the log (without its newline).
    mutating func consume(_ line: Substring)
}

/// Follows a log another process appends to (a child's output, a compositor's log file), like
/// `tail -f`: each `refresh` reads only the bytes appended since the last one and hands `scan`
/// the lines they complete; a line still being written waits for its newline.
///
/// Waits poll a client's WAYLAND_DEBUG log every few milliseconds while it grows to megabytes:
/// reading the whole file each time cost the matrix process a fifth of a core.
///
/// A log that shrank, or whose path now names another file (truncated, or removed and written
/// again), is read again from its start with `scan` back to its initial value.
public final class LogFollower<Scan: LogScan> {
    /// The file followed.
    public let path: String
    /// What the lines read so far made of the initial scan.
    public private(set) var scan: Scan
    /// Whether the file existed at the last refresh.
    public private(set) var exists = false

    private let initial: Scan
    /// Bytes of the file consumed so far (complete lines and `partial`).
    private var offset: off_t = 0
    /// The start of a line whose newline has not been written yet.
    private var partial: [UInt8] = []
    /// The file's identity, and its first bytes: a file truncated and grown again past `offset`
    /// between two refreshes keeps its inode but (for a log) not its first line.
    private var identity: (device: UInt64, inode: UInt64)?
    private var head: [UInt8] = []

    /// Bytes compared at the start of the file to notice it was written again.
    private static var headLength: Int { 64 }
    /// Bytes read at a time.
    private static var chunkSize: Int { 1 << 16 }

    /// Follows `path` from its start (the file need not exist yet).
    public init(path: String, scan: Scan) {
        self.path = path
        self.scan = scan
        initial = scan
    }

    /// Reads what was appended since the last refresh and returns the scan.
    @discardableResult
    public func refresh() -> Scan {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            exists = false
            return scan
        }
        defer { close(descriptor) }
        exists = true
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return scan }
        let current = (device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        if let identity, identity != current || status.st_size < offset || !headUnchanged(descriptor) {
            restart()
        }
        identity = current
        guard status.st_size > offset else { return scan }
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            guard count > 0 else { break }
            if head.count < Self.headLength, offset < Self.headLength {
                head.append(contentsOf: chunk[0..<min(count, Self.headLength - Int(offset))])
            }
            offset += off_t(count)
            consume(chunk[0..<count])
        }
        return scan
    }

    /// Starts over: the file is no longer the one read so far.
    private func restart() {
        scan = initial
        offset = 0
        partial = []
        head = []
    }

    private func headUnchanged(_ descriptor: Int32) -> Bool {
        guard !head.isEmpty else { return true }
        var now = [UInt8](repeating: 0, count: head.count)
        let count = now.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return count == head.count && now == head
    }

    /// Hands every line `bytes` completes to the scan; keeps the unfinished rest.
    private func consume(_ bytes: ArraySlice<UInt8>) {
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line: String
            if partial.isEmpty {
                line = String(decoding: bytes[start..<newline], as: UTF8.self)
            } else {
                partial.append(contentsOf: bytes[start..<newline])
                line = String(decoding: partial, as: UTF8.self)
                partial = []
            }
            scan.consume(line[...])
            start = bytes.index(after: newline)
        }
        partial.append(contentsOf: bytes[start...])
    }
}

/// The first line of a log that contains a text (a compositor's "started" line, the display it names).
public struct LogSearch: LogScan {
    /// The text looked for.
    public let text: String
    /// The first line containing `text`, once one did.
    public private(set) var line: String?

    public init(_ text: String) {
        self.text = text
    }

    public mutating func consume(_ line: Substring) {
        if self.line == nil, line.contains(text) { self.line = String(line) }
    }

    /// What follows `text` in that line up to the next whitespace.
    public var word: Substring? {
        guard let line, let range = line.range(of: text) else { return nil }
        return line[range.upperBound...].prefix { !$0.isWhitespace }
    }
}
