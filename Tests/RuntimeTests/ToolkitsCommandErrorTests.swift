import Foundation
import Testing
import TestSupport
import ToolkitOracles

/// `gesture-sandbox toolkits` refusing bad input before any toolkit starts: one line, exit 2, no folder.
@Suite struct ToolkitsCommandErrorTests {
    @Test func badInputIsOneLineExitTwoAndWritesNothing() throws {
        let folder = try TemporaryDirectory(prefix: "toolkits-errors")
        let script = try folder.write("tap.txt", "down 0 100 100; frame; sleep 60; up 0; frame\n")
        let broken = try folder.write("broken.txt", "down 0 100 100; frame; wobble 3\n")
        let outside = try folder.write("outside.txt", "down 0 100 100; frame\nsleep 16\nmotion 0 1300.5 100; frame\nup 0; frame\n")
        let above = try folder.write("above.txt", "down 1 20 -3; frame; up 1; frame\n")
        let out = folder.file("out")
        let cases: [([String], String)] = [
            ([script, "--toolkits", "gtk,motif", "-o", out], "unknown toolkit \"motif\" in --toolkits; toolkits: "
                + ToolkitOracle.names.joined(separator: ", ") + " or all"),
            (["-o", out], "no scripts: name script files or use --corpus"),
            ([broken, "-o", out], "broken.txt:1:"),
            ([outside, "-o", out], "outside.txt:3: the touch at 1300.5,100 is outside the 1280×720 window every toolkit gets"),
            ([script, above, "-o", out], "above.txt:1: the touch at 20,-3 is outside the 1280×720 window every toolkit gets"),
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

/// `compare --profile-a MODEL --profile-b MODEL`: the command on a trace, with the build's models.
@Suite struct CompareModelsCommandTests {
    /// Two 300 ms holds 150 ms apart: GTK counts press to press (two single taps at the downs),
    /// Chromium down to down at the ups (a click of detail 2 and a dblclick).
    private static let slowPair = "down 0 100 100 t=9000000; frame; up 0 t=9000300; frame\ndown 0 100 100 t=9000450; frame; up 0 t=9000750; frame\n"

    @Test func twoModelsSideBySideExitOneWhenTheyDiffer() throws {
        let folder = try TemporaryDirectory(prefix: "compare-models")
        let trace = try folder.write("slow.txt", Self.slowPair)
        let result = try sandbox(["compare", "--profile-a", "gtk-4.8", "--profile-b", "chromium-156", trace])
        #expect(result.status == 1, "\(result.output)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ms      gtk-4.8") == true && lines.first?.hasSuffix("chromium-156") == true)
        #expect(lines.contains { $0.hasPrefix("+450") && $0.contains("GtkGestureClick tap ×1") })
        #expect(lines.contains { $0.hasPrefix("+750") && $0.contains("dblclick tap ×2") })
        #expect(lines.last?.hasSuffix("gestures differ") == true)
        let same = try sandbox(["compare", "--profile-a", "qt-6.4", "--profile-b", "QT-6.4", trace])
        #expect(same.status == 0 && same.stdout.hasSuffix("equal\n"), "\(same.output)")
    }

    @Test func aModelBesideAThresholdProfileIsRefusedAndProfilesStillWork() throws {
        let folder = try TemporaryDirectory(prefix: "compare-models")
        let trace = try folder.write("slow.txt", Self.slowPair)
        let mixed = try sandbox(["compare", "--profile-a", "gtk-4.8", "--profile-b", "uikit", trace])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("gtk-4.8 is a toolkit model and uikit is not"))
        // `gtk` is still the threshold profile: a deliveries-log comparison through a scene.
        let profiles = try sandbox(["compare", "--scene", "playground", "--profile-a", "gtk", "--profile-b", "uikit", trace])
        #expect([0, 1].contains(profiles.status), "\(profiles.output)")
        #expect(!profiles.stdout.contains("gtk-4.8"))
        let listing = try sandbox(["profiles"]).stdout
        #expect(listing.contains("gtk-4.8") && listing.contains("qt-6.4") && listing.contains("chromium-156"))
        #expect(listing.contains("flutter and android are threshold profiles only: no oracle checks them here."))
    }
}
