import Foundation
import SandboxHarness

// MARK: - Paths and external tools the tests use

/// Where the package is and which programs are installed, for every test target.
public enum Tools {
    /// The package root (this file is Tests/TestSupport/Tools.swift below it).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The absolute path of `name` on $PATH, if installed (the harness's own lookup).
    public static func which(_ name: String) -> String? {
        ChildProcess.resolve(name, path: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }
}
