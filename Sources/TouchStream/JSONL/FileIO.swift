#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Small POSIX helpers

enum POSIXFile {
    /// Reads up to `count` bytes, retrying EINTR; -1 on error.
    /// Writes all `count` bytes, retrying EINTR and short writes; false on error (errno set).
    static func writeAll(_ fd: Int32, _ from: UnsafeRawPointer, _ count: Int) -> Bool {
        var written = 0
        while written < count {
            let n = write(fd, from + written, count - written)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            written += n
        }
        return true
    }

    static func readSome(_ fd: Int32, _ into: UnsafeMutableRawPointer, _ count: Int) -> Int {
        while true {
            let n = read(fd, into, count)
            if n < 0, errno == EINTR { continue }
            return n
        }
    }
}
