import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - scripts/install: a copy that works without the source tree

/// Installs the already built binaries into a temporary prefix (`scripts/install --from`, so the
/// test costs no second, release, build), moves the installed tree elsewhere, and runs it with a
/// PATH holding only its own bin and the system's: the weston module must come from the installed
/// tree, and every document and completion must be in place.
@Suite(.serialized) struct InstallTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func installedCopyRunsTheDemoWithItsOwnModule() throws {
        let files = try TemporaryDirectory()
        let built = URL(fileURLWithPath: try sandboxExecutable()).deletingLastPathComponent().path
        let install = try ChildProcess(executable: "\(Self.root)/scripts/install",
                                       arguments: ["--from", built, files.file("prefix")],
                                       environment: ProcessInfo.processInfo.environment, logPath: files.file("install.log"))
        #expect(install.wait(timeout: 300) == .exited(0), "\(install.output())")
        // Relocated: nothing may depend on the prefix the script was given.
        try FileManager.default.moveItem(atPath: files.file("prefix"), toPath: files.file("moved"))
        let prefix = files.file("moved")
        for path in ["bin/gesture-sandbox", "bin/gesture-bench", "lib/gesture-sandbox/gesture-harness.so",
                     "share/doc/gesture-sandbox/README.md", "share/doc/gesture-sandbox/docs/rules.md",
                     "share/bash-completion/completions/gesture-sandbox", "share/man/man1/gesture-sandbox.1"] {
            #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(path)"), "\(path) is not installed")
        }
        let completion = try String(contentsOfFile: "\(prefix)/share/bash-completion/completions/gesture-sandbox", encoding: .utf8)
        #expect(completion.contains("complete") && completion.contains("weston"))
        let manual = try String(contentsOfFile: "\(prefix)/share/man/man1/gesture-sandbox.1", encoding: .utf8)
        #expect(manual.contains("gesture-sandbox") && manual.contains("check"))

        var environment = ProcessInfo.processInfo.environment.filter { $0.key != HarnessModule.environmentVariable }
        environment["PATH"] = "\(prefix)/bin:/usr/bin:/bin"
        let output = files.file("demo-out")
        let demo = try ChildProcess(executable: "gesture-sandbox", arguments: ["demo", "--output", output],
                                    environment: environment, logPath: files.file("demo.log"))
        #expect(demo.wait(timeout: 60) == .exited(0), "\(demo.output())")
        #expect(demo.output().contains("module      \(prefix)/lib/gesture-sandbox/gesture-harness.so"), "\(demo.output())")
        #expect(try TraceReader.read("\(output)/trace.jsonl").records.filter { $0.event.name == "down" }.count == 4)

        let explain = try ChildProcess(executable: "gesture-sandbox", arguments: ["check", "--explain", "R4"],
                                       environment: environment, logPath: files.file("explain.log"))
        #expect(explain.wait(timeout: SandboxClient.timeout) == .exited(0))
        #expect(explain.output() == RuleDocument.entry(for: "R4")?.text)
    }
}
