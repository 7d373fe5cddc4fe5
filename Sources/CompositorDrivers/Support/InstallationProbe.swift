import Foundation
import SandboxHarness

/// What a driver checks to say whether its compositor and helpers are installed.
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
        run(executable, arguments, timeout: timeout)?.termination == .exited(0)
    }

    /// The first line `executable arguments` prints (stdout and stderr), or nil when it cannot run.
    static func firstLine(_ executable: String, _ arguments: [String], timeout: Double = 10) -> String? {
        run(executable, arguments, timeout: timeout)?.output.split(whereSeparator: \.isNewline).first.map(String.init)
    }

    private static func run(_ executable: String, _ arguments: [String],
                            timeout: Double) -> (termination: ChildProcess.Termination, output: String)? {
        guard let directory = try? RuntimeDirectory.make(prefix: "gesture-probe") else { return nil }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        guard let process = try? ChildProcess(executable: executable, arguments: arguments,
                                              environment: environment, logPath: "\(directory)/output") else {
            return nil
        }
        let termination = process.wait(timeout: timeout) ?? process.terminate()
        return (termination, process.output())
    }

    /// The version number in a `--version` line ("mutter 43.8" → "43.8"), else the whole line.
    static func version(in line: String) -> String {
        line.split(separator: " ").last { $0.first?.isNumber == true }.map(String.init) ?? line
    }
}
