import Foundation

// MARK: - Paths and external tools the tests use

enum Tools {
    /// The package root (Tests/WaylandClientTests/Support/ is below it).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The absolute path of `name` on $PATH, if installed.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A fresh private directory (mode 0700) under the system temp dir.
    static func makePrivateDirectory(prefix: String) throws -> URL {
        var template = Array((FileManager.default.temporaryDirectory.path + "/\(prefix).XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "mkdtemp failed: \(errno)"])
        }
        return URL(fileURLWithPath: String(cString: made))
    }
}
