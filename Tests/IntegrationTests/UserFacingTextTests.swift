import Foundation
import SandboxHarness
import TestSupport
import Testing

// MARK: - What users read cites the project's own documents

/// Help texts, README and docs/ never point at the internal specification; rule ids point at docs/rules.md.
@Suite struct UserFacingTextTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    private static let subcommands = ["run", "replay", "inject", "weston", "demo", "check", "import", "compare",
                                      "minimize", "report", "scenes", "profiles", "toolkits"]

    private func help(_ arguments: [String]) throws -> String {
        let files = try TemporaryDirectory()
        let process = try ChildProcess(executable: try sandboxExecutable(), arguments: arguments,
                                       environment: ProcessInfo.processInfo.environment, logPath: files.file("help.txt"))
        #expect(process.wait(timeout: SandboxClient.timeout) == .exited(0))
        return process.output()
    }

    @Test func helpTextsCiteNoInternalDocument() throws {
        let top = try help(["--help"])
        #expect(!top.contains("DESIGN") && top.contains("docs/rules.md"))
        for name in Self.subcommands {
            let text = try help(["help", name])
            #expect(!text.contains("DESIGN") && !text.contains("shared/"), "help \(name)")
        }
        #expect(try help(["help", "check"]).contains("docs/rules.md"))
    }

    @Test func readmeAndDocsCiteNoInternalDocument() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: "\(Self.root)/docs").filter { $0.hasSuffix(".md") }
        for file in ["README.md"] + docs.map({ "docs/\($0)" }) {
            let text = try String(contentsOfFile: "\(Self.root)/\(file)", encoding: .utf8)
            #expect(!text.contains("DESIGN") && !text.contains("../shared"), "\(file)")
        }
    }
}
