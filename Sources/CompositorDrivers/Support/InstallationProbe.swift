import Foundation
import SandboxHarness

/// What a driver checks, beyond `ProgramVersion`, to say whether its compositor and helpers are installed.
enum InstallationProbe {
    /// The Debian packages whose executable (key) is not in PATH, in the order given.
    static func missingPackages(_ executables: KeyValuePairs<String, String>,
                                path: String? = ProcessInfo.processInfo.environment["PATH"]) -> [String] {
        var missing: [String] = []
        for (executable, package) in executables where ChildProcess.resolve(executable, path: path) == nil {
            if !missing.contains(package) { missing.append(package) }
        }
        return missing
    }

    /// True when `executable arguments` runs and exits with status 0.
    static func exitsCleanly(_ executable: String, _ arguments: [String], timeout: Double = 10) -> Bool {
        guard let directory = try? PrivateDirectory.make(prefix: "gesture-probe") else { return false }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        guard let process = try? ChildProcess(executable: executable, arguments: arguments,
                                              environment: environment, logPath: "\(directory)/output") else {
            return false
        }
        return (process.wait(timeout: timeout) ?? process.terminate()) == .exited(0)
    }
}
