import Foundation
import SandboxHarness

// MARK: - Finding the built command line

/// The built `gesture-sandbox` executable, the first of: $GESTURE_SANDBOX_BIN, next to the test
/// bundle, one folder above it, and the package's `.build/debug`.
public func sandboxExecutable() throws -> String {
    var candidates: [String] = []
    if let explicit = ProcessInfo.processInfo.environment["GESTURE_SANDBOX_BIN"] { candidates.append(explicit) }
    let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    candidates.append(bundleDir.appendingPathComponent("gesture-sandbox").path)
    candidates.append(bundleDir.deletingLastPathComponent().appendingPathComponent("gesture-sandbox").path)
    candidates.append(Tools.packageRoot.appendingPathComponent(".build/debug/gesture-sandbox").path)
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw HarnessError("gesture-sandbox is not built (looked in \(candidates.joined(separator: ", "))); run swift build first")
    }
    return found
}
