import Foundation
import Testing
import TestSupport

/// `gesture-sandbox toolkits` refusing bad input before any toolkit starts: one line, exit 2, no folder.
@Suite struct ToolkitsCommandErrorTests {
    @Test func badInputIsOneLineExitTwoAndWritesNothing() throws {
        let folder = try TemporaryDirectory(prefix: "toolkits-errors")
        let script = try folder.write("tap.txt", "down 0 100 100; frame; sleep 60; up 0; frame\n")
        let broken = try folder.write("broken.txt", "down 0 100 100; frame; wobble 3\n")
        let out = folder.file("out")
        let cases: [([String], String)] = [
            ([script, "--toolkits", "gtk,motif", "-o", out], "unknown toolkit \"motif\" in --toolkits; toolkits: gtk, qt, chromium or all"),
            (["-o", out], "no scripts: name script files or use --corpus"),
            ([broken, "-o", out], "broken.txt:1:"),
            ([script, "--limit", "3", "-o", out], "--limit picks corpus cases: use it with --corpus"),
            ([script, "--gap", "50", "-o", out], "--gap takes 200 to 10000 ms"),
            ([folder.file("missing.txt"), "-o", out], "missing.txt"),
        ]
        for (arguments, message) in cases {
            let result = try sandbox(["toolkits"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(arguments)")
        }
    }

    @Test func anExistingFolderIsRefusedAndLeftAlone() throws {
        let folder = try TemporaryDirectory(prefix: "toolkits-errors")
        let script = try folder.write("tap.txt", "down 0 100 100; frame; sleep 60; up 0; frame\n")
        try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: false)
        let kept = try folder.write("out/report.md", "an earlier run\n")
        let result = try sandbox(["toolkits", script, "-o", folder.file("out")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("already exists; choose a new folder"))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "an earlier run\n")
    }

    @Test func theHelpSaysWhatItRunsAndTheExitStatuses() throws {
        // ArgumentParser wraps lines: compare with runs of white space made one space.
        let help = try sandbox(["help", "toolkits"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("--corpus") && help.contains("--toolkits"))
        #expect(help.contains("0 every model agrees with its toolkit; 1 a model differs; 2 a toolkit could not"))
    }
}
