#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Reading an input twice

/// An input that can be opened again: a regular file as it is; a FIFO, `<(…)` or `-` copied to
/// a temporary file first, so a command that reads a trace twice keeps memory flat instead of
/// holding it. The copy is removed when this is released, at exit and on signals
/// (``TemporaryFiles``); errors still cite the input's own name.
public final class RereadableInput {
    /// The name errors cite (`<stdin>` for `-`).
    public let name: String
    /// Where to open it.
    private let path: String
    private let slot: Int?

    /// Opens `path`, copying it unless it is a regular file.
    public init(_ path: String) throws(TraceError) {
        name = InputPath.displayName(path)
        let input = try InputPath.openForReading(path)
        defer { close(input) }
        var info = stat()
        if path != "-", fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            self.path = path
            slot = nil
            return
        }
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/gesture-sandbox-input-XXXXXX").utf8CString)
        let copy = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard copy >= 0 else {
            throw TraceError(file: name, line: 1, column: 1, message: "cannot make a temporary copy in \(directory): \(String(cString: strerror(errno)))")
        }
        defer { close(copy) }
        self.path = String(cString: template)
        slot = TemporaryFiles.register(file: self.path)
        try Self.copy(from: input, to: copy, name: name)
    }

    deinit {
        guard let slot else { return }
        unlink(path)
        TemporaryFiles.unregister(slot)
    }

    /// A new stream over the whole input.
    public func stream() throws -> TraceStream {
        try TraceStream(lines: LineSource(fd: try InputPath.openForReading(path), path: name))
    }

    private static func copy(from input: Int32, to output: Int32, name: String) throws(TraceError) {
        let size = LineSource.chunkSize
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = POSIXFile.readSome(input, buffer, size)
            guard n >= 0 else {
                throw TraceError(file: name, line: 1, column: 1, message: "cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return }
            var written = 0
            while written < n {
                let w = write(output, buffer + written, n - written)
                if w < 0, errno == EINTR { continue }
                guard w > 0 else {
                    throw TraceError(file: name, line: 1, column: 1, message: "cannot copy to a temporary file: \(String(cString: strerror(errno)))")
                }
                written += w
            }
        }
    }
}
