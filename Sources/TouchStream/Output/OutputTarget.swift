#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Where one output goes

/// One output of a command, written the one way every command writes:
///
/// - `-` is standard output, written directly;
/// - an existing device, FIFO or socket (or a symlink to one) is opened and written directly,
///   never replaced;
/// - a regular file (new or existing, or the target of an existing symlink, which stays a
///   symlink) is written to `FINAL.partial` in the same folder, synced, and renamed over the
///   final name by ``commit()``: readers see the old file or the whole new one.
///
/// An output that is never committed is removed (``discard()``, deinit, process exit, and the
/// signals ``TemporaryFiles`` covers), so no `.partial` file outlives the command.
public final class OutputTarget {
    /// The path as given (`-` for standard output).
    public let path: String
    /// The name messages use (`<stdout>` for `-`).
    public var name: String { path == "-" ? "<stdout>" : path }
    /// Where bytes go until ``commit()``; nil when written directly.
    public let temporaryPath: String?
    /// The file the temporary is renamed to (a symlink's target, resolved).
    let finalPath: String
    private var fd: Int32
    private var slot: Int?
    /// Bytes written so far.
    public private(set) var byteCount = 0
    private var finished = false
    /// True once committed or discarded.
    public var isFinished: Bool { finished }
    /// True once ``commit()`` succeeded: the output is in place.
    public private(set) var isCommitted = false

    /// Opens the output (creating its temporary when it is a regular file); nothing visible changes yet.
    public init(path: String) throws(OutputError) {
        self.path = path
        if path == "-" {
            fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
            temporaryPath = nil
            finalPath = path
            guard fd >= 0 else { throw OutputError(path: "<stdout>", "cannot write: \(Self.reason())") }
            return
        }
        var info = stat()
        var resolved = path
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            // Write through the link: the link stays, its target is replaced (or written directly,
            // or created when the link dangles).
            if let real = realpath(path, nil) {
                resolved = String(cString: real)
                free(real)
            } else if let end = Self.followingLinks(path) {
                resolved = end
            } else {
                throw OutputError(path: path, "cannot write: \(String(cString: strerror(ELOOP)))")
            }
            if stat(path, &info) != 0 { info.st_mode = S_IFREG }
        } else if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw OutputError(path: path, "cannot write: \(Self.reason())") }
            info.st_mode = S_IFREG
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw OutputError(path: path, "is a directory; give a file name")
        case S_IFREG:
            let temporary = resolved + ".partial"
            // Registered before it exists: a signal right after the file appears still removes it.
            let slot = TemporaryFiles.register(temporary: temporary, final: resolved, fd: -1)
            unlink(temporary)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                // The temporary is ours, not the user's: name what they gave.
                let missing = errno == ENOENT
                let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
                let error = missing
                    ? OutputError(path: path, "cannot create it: the folder \(folder.isEmpty ? "/" : folder) does not exist")
                    : OutputError(path: path, "cannot create it: \(Self.reason())")
                if let slot { TemporaryFiles.unregister(slot) }
                throw error
            }
            if let slot { TemporaryFiles.setDescriptor(slot, fd) }
            temporaryPath = temporary
            finalPath = resolved
            self.slot = slot
        default:
            fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw OutputError(path: path, "cannot write: \(Self.reason())") }
            temporaryPath = nil
            finalPath = path
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        precondition(!finished, "write after commit or discard")
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                byteCount += offset
                throw OutputError(path: name, "cannot write: \(Self.reason())")
            }
            offset += n
        }
        byteCount += offset
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) throws(OutputError) {
        try write(Array(text.utf8))
    }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws(OutputError) {
        var failure: OutputError?
        bytes.withUnsafeBytes { buffer in
            do throws(OutputError) { try write(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Keeps the first `length` bytes written and drops the rest (a record cut by a failed write).
    public func truncate(to length: Int) {
        guard temporaryPath != nil, length < byteCount, ftruncate(fd, off_t(length)) == 0 else { return }
        lseek(fd, off_t(length), SEEK_SET)
        byteCount = length
    }

    /// Syncs the temporary and renames it over the final name; for direct outputs, closes them.
    public func commit() throws(OutputError) {
        precondition(!finished, "commit after commit or discard")
        finished = true
        defer { release() }
        guard let temporaryPath else {
            close(fd)
            fd = -1
            isCommitted = true
            return
        }
        if fsync(fd) != 0 {
            let message = "cannot sync \(temporaryPath): \(Self.reason())"
            unlink(temporaryPath)
            throw OutputError(path: path, message)
        }
        close(fd)
        fd = -1
        guard rename(temporaryPath, finalPath) == 0 else {
            let message = "cannot rename \(temporaryPath): \(Self.reason())"
            unlink(temporaryPath)
            throw OutputError(path: path, message)
        }
        isCommitted = true
    }

    /// Removes the temporary (a direct output is just closed).
    public func discard() {
        guard !finished || fd >= 0 else { return }
        finished = true
        if fd >= 0 { close(fd) }
        fd = -1
        if let temporaryPath { unlink(temporaryPath) }
        release()
    }

    private func release() {
        if let slot { TemporaryFiles.unregister(slot) }
        slot = nil
    }

    /// The recording's crash plan: on a fatal signal keep the first `length` bytes under the final name.
    public func keepOnSignal(upTo length: Int) {
        if let slot { TemporaryFiles.keep(slot, length: length) }
    }

    static func reason() -> String { String(cString: strerror(errno)) }

    /// The path a chain of symlinks ends at, whether or not that exists (a dangling link's target);
    /// nil for a loop (a chain longer than the kernel's own bound, 40 links).
    static func followingLinks(_ path: String) -> String? {
        var current = path
        var info = stat()
        for _ in 0...40 {
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &target, Int(PATH_MAX))
            guard count > 0 else { return current }
            let link = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        return nil
    }
}

// MARK: - One-shot outputs

extension OutputTarget {
    /// Writes `text` to `path` on its own (regular files whole or not at all).
    public static func write(_ text: String, to path: String) throws(OutputError) {
        let target = try OutputTarget(path: path)
        try target.write(text)
        try target.commit()
    }

    /// Writes `bytes` to `path` on its own (regular files whole or not at all).
    public static func write(bytes: [UInt8], to path: String) throws(OutputError) {
        let target = try OutputTarget(path: path)
        try target.write(bytes)
        try target.commit()
    }
}

/// An output that cannot be opened, written or put in place; one line, `PATH: what went wrong`.
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output concerned.
    public var path: String
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// One line: `PATH: message`.
    public var description: String { "\(path): \(message)" }
}
