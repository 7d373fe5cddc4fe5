#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Small POSIX helpers

enum POSIXFile {
    /// Reads up to `count` bytes, retrying EINTR; -1 on error.
    static func readSome(_ fd: Int32, _ into: UnsafeMutableRawPointer, _ count: Int) -> Int {
        while true {
            let n = read(fd, into, count)
            if n < 0, errno == EINTR { continue }
            return n
        }
    }
}
