#if canImport(Glibc)
import Glibc
#endif
import WaylandClient
import Testing

/// Returning start-up's code pages: this process's code stops counting as resident after a
/// release, and the process runs on (what runs afterwards is mapped back).
struct StartupPagesTests {
    @Test("after a release, less of this process's code is resident, and the process runs on")
    func releaseUnmapsCode() throws {
        let before = try #require(Self.residentCodeKilobytes())
        StartupPages.release()
        let after = try #require(Self.residentCodeKilobytes())
        #expect(after < before, "resident code: \(before) kB before, \(after) kB after")
    }

    /// Rss of this process's file-backed r-x mappings (kB), from /proc/self/smaps.
    static func residentCodeKilobytes() -> Int? {
        guard let file = fopen("/proc/self/smaps", "r") else { return nil }
        defer { fclose(file) }
        var total = 0, inCode = false
        var line = [CChar](repeating: 0, count: 8192)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.first?.isHexDigit == true, text.contains("-"), text.contains(" ") {
                // "start-end perms offset dev inode path": file-backed code is r-x with a path.
                let fields = text.split(separator: " ")
                inCode = fields.count >= 6 && fields[1] == "r-xp" && fields[5].hasPrefix("/")
            } else if inCode, text.hasPrefix("Rss:") {
                total += text.dropFirst(4).split(separator: " ").first.flatMap { Int($0) } ?? 0
            }
        }
        return total
    }
}
