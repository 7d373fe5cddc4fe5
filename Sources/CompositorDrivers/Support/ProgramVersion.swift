import Foundation
import SandboxHarness

/// Finds installed programs and asks them for their version.
enum ProgramVersion {
    /// Seconds a `--version` call may take.
    static let timeout = 5.0

    /// The absolute path of `program` in PATH, or nil.
    static func locate(_ program: String) -> String? {
        ChildProcess.resolve(program, path: ProcessInfo.processInfo.environment["PATH"])
    }

    /// The first dotted version number (e.g. "10.0.1") that `program arguments` prints, or nil.
    static func query(_ program: String, arguments: [String] = ["--version"]) -> String? {
        guard let path = locate(program) else { return nil }
        // A runtime directory of its own: without one a Qt program (kwin_wayland) makes
        // $TMPDIR/runtime-$USER and leaves it there.
        return try? PrivateDirectory.using(prefix: "gesture-version") { directory in
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_RUNTIME_DIR"] = directory
            let process = try ChildProcess(executable: path, arguments: arguments, environment: environment,
                                           logPath: directory + "/version.log")
            if process.wait(timeout: timeout) == nil { process.terminate() }
            return firstVersion(in: process.output())
        }
    }

    /// The first run of digits and dots with at least one dot in `text`.
    static func firstVersion(in text: String) -> String? {
        var current = ""
        for character in text + " " {
            if character.isASCII, character.isNumber || (character == "." && !current.isEmpty) {
                current.append(character)
                continue
            }
            let trimmed = current.hasSuffix(".") ? String(current.dropLast()) : current
            if trimmed.contains(".") { return trimmed }
            current = ""
        }
        return nil
    }

    /// `.installed(version)` when every program is in PATH, else `.missing` with the packages of
    /// the absent ones (`programs` maps each program to its Debian package).
    static func installation(version: String?, programs: [(program: String, package: String)]) -> Installation {
        var packages: [String] = []
        for (program, package) in programs where locate(program) == nil && !packages.contains(package) {
            packages.append(package)
        }
        if !packages.isEmpty { return .missing(debianPackages: packages) }
        return .installed(version: version ?? "unknown")
    }
}
