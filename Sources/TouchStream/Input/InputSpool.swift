#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Reading an input twice

/// An input a command reads twice with flat memory: a regular file is opened again; a FIFO,
/// `<(…)`, a device or `-` is copied to a temporary file while the first stream reads it (with the
/// first stream's checks: an endless line is still an error, not an endless copy), and later
/// streams read the copy. The copy is removed when this is released, at exit and on signals
/// (``TemporaryFiles``); errors always cite the input's own name.
public final class RereadableInput {
    /// The name errors cite (`<stdin>` for `-`).
    public let name: String
    private let path: String
    /// The copy of an input that cannot be opened again: its path, registration and descriptor.
    private let spool: (path: String, slot: Int?, fd: Int32)?
    private var streams = 0

    /// Prepares to read `path` (a temporary file is made unless it is a regular file).
    public init(_ path: String) throws(TraceError) {
        self.path = path
        name = InputPath.displayName(path)
        var info = stat()
        if path != "-", stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            spool = nil
            return
        }
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/gesture-sandbox-input-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw TraceError(file: name, line: 1, column: 1,
                             message: "cannot make a temporary copy in \(directory): \(String(cString: strerror(errno)))")
        }
        // mkostemp needs _GNU_SOURCE, which Swift's Glibc import does not set.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let copy = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        spool = (copy, TemporaryFiles.register(file: copy), fd)
    }

    deinit {
        guard let spool else { return }
        close(spool.fd)
        unlink(spool.path)
        if let slot = spool.slot { TemporaryFiles.unregister(slot) }
    }

    /// A stream over the whole input: the input itself the first time (copied as it is read: read
    /// that stream to its end before asking for another), the copy after.
    public func stream() throws -> TraceStream {
        defer { streams += 1 }
        guard let spool else { return try TraceStream(path: path) }
        if streams == 0 {
            var lines = LineSource(fd: try InputPath.openForReading(path), path: name)
            lines.copy = spool.fd
            return try TraceStream(lines: lines)
        }
        return try TraceStream(lines: LineSource(fd: try InputPath.openForReading(spool.path), path: name))
    }
}
