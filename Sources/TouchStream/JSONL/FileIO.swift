#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - File errors and small POSIX helpers

/// A trace file could not be opened, read, written or renamed.
public struct TraceFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file concerned.
    public var path: String
    /// What was being done ("open", "write", "rename to …").
    public var operation: String
    /// The system's explanation (strerror).
    public var reason: String

    /// Creates an error from `errno`.
    init(path: String, operation: String, errno code: Int32 = errno) {
        self.path = path
        self.operation = operation
        reason = String(cString: strerror(code))
    }

    /// One line: `PATH: cannot OPERATION: REASON`.
    public var description: String { "\(path): cannot \(operation): \(reason)" }
}

enum POSIXFile {
    /// Writes all bytes, retrying short writes and EINTR.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Reads up to `count` bytes, retrying EINTR; -1 on error.
    static func readSome(_ fd: Int32, _ into: UnsafeMutableRawPointer, _ count: Int) -> Int {
        while true {
            let n = read(fd, into, count)
            if n < 0, errno == EINTR { continue }
            return n
        }
    }
}
