import Foundation
import SandboxHarness
import TestSupport
import Testing

/// A compositor whose start fails is started once more before its cell or column gives up: a
/// busy machine made Enlightenment fail a start after a failed run, and the column lost a script.
/// Driven with real sway behind a `--compositor-binary` wrapper that refuses its first starts.
@Suite(.serialized)
struct MatrixStartRetryTests {
    /// A sway wrapper that exits 3 for its first `refusals` starts (its `--version` always answers),
    /// counting them in a folder the unprivileged user running sway may write.
    private static func wrapper(in folder: TemporaryDirectory, refusals: Int) throws -> String {
        let sway = try #require(ChildProcess.resolve("sway", path: ProcessInfo.processInfo.environment["PATH"]))
        let marks = folder.file("marks")
        try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: false)
        chmod(marks, 0o777)
        let script = """
            #!/bin/sh
            case "$1" in -v|--version) exec \(sway) "$@";; esac
            count=$(ls \(marks) | wc -l)
            if [ "$count" -lt \(refusals) ]; then : > \(marks)/start-$count; echo "wrapper: refusing start $count" >&2; exit 3; fi
            exec \(sway) "$@"

            """
        let path = try folder.write("sway", script)
        chmod(path, 0o755)
        return path
    }

    /// Runs `matrix` on sway through the wrapper with its own TMPDIR; returns the run, its report
    /// and what it left in that TMPDIR.
    private static func matrix(refusals: Int) throws -> (run: SandboxResult, report: String, left: [String]) {
        let folder = try TemporaryDirectory(prefix: "gesture-start-retry")
        let temporary = try TemporaryDirectory(prefix: "gesture-start-retry-tmp")
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        let run = try command(try sandboxExecutable(), [
            "matrix", "--battery", "--only", "tap", "--compositors", "sway",
            "--compositor-binary", "sway=\(try wrapper(in: folder, refusals: refusals))", "-o", folder.file("m"),
        ], timeout: 300, environment: environment)
        let report = (try? String(contentsOfFile: folder.file("m/report.md"), encoding: .utf8)) ?? ""
        return (run, report, temporary.listing())
    }

    @Test("a start refused once: started again, the tap runs, its cell notes the first failure and names the kept log")
    func refusedOnce() throws {
        let (run, report, left) = try Self.matrix(refusals: 1)
        #expect(run.termination == .exited(0), "\(run.output)\n\(report)")
        #expect(report.contains("| status | ran |"), "\(report)")
        #expect(report.contains("| starts | 2 in "), "\(report)")
        let note = report.split(separator: "\n").first { $0.hasPrefix("- sway: ") && $0.contains("second attempt") } ?? ""
        #expect(note.contains("the compositor started at the second attempt; the first failed: sway exited (exited(3))"), "\(report)")
        #expect(note.contains("wrapper: refusing start 0"), "\(note)")
        // The failed start's folder stays for its log, which the note names; nothing else is left.
        #expect(left.count == 1 && left.allSatisfy { note.contains("/\($0)/sway.log") }, "\(left): \(note)")
    }

    @Test("a start refused twice: the column could not run, in the second failure's words, exit 2")
    func refusedTwice() throws {
        let (run, report, left) = try Self.matrix(refusals: 2)
        #expect(run.termination == .exited(2), "\(run.output)")
        let status = report.split(separator: "\n").first { $0.hasPrefix("| status |") } ?? ""
        #expect(status.contains("could not run") && status.contains("wrapper: refusing start 1"), "\(report)")
        #expect(left.count == 2, "both failed starts keep their logs: \(left)")
    }
}
