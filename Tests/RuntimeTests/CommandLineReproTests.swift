import Foundation
import TestSupport
import Testing

// MARK: - import, compare, minimize and report from the command line

@Suite struct CommandLineReproTests {
    /// Each test's own folder (a new suite value per test).
    private let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory(prefix: "repro-cli") }

    @Test func importErrorsAreLocatedAndLeaveNoFile() throws {
        let log = try folder.write("bad.log", "[1.0] wl_touch@7.frame()\n[2.0] wl_touch@7.up(1, x, 0)\n")
        let result = try sandbox(["import", "wayland-debug", log, "-o", folder.file("out.jsonl")])
        #expect(result.status == 2)
        #expect(result.stderr == "gesture-sandbox: \(log):2:24: expected an unsigned integer, found \"x\"\n")
        #expect(folder.listing() == ["bad.log"])
        let missing = try sandbox(["import", "wayland-debug", folder.file("nope.log"), "-o", folder.file("out.jsonl")])
        #expect(missing.status == 2)
        #expect(missing.stderr == "gesture-sandbox: \(folder.path)/nope.log:1:1: no such file\n")
        let empty = try sandbox(["import", "wayland-debug", try folder.write("empty.log", ""), "-o", folder.file("out.jsonl")])
        #expect(empty.stderr == "gesture-sandbox: \(folder.path)/empty.log:1:1: empty file\n")
        #expect(folder.listing() == ["bad.log", "empty.log"])
    }

    @Test func importWritesATraceAndCountsSkippedLines() throws {
        let log = try folder.write("ok.log", "hello\n[1.0] wl_touch@7.down(1, 2, wl_surface@3, 0, 1.500000, 2.000000)\n[1.0] wl_touch@7.frame()\n")
        let result = try sandbox(["import", "wayland-debug", log, "-o", folder.file("out.jsonl")])
        #expect(result.status == 0)
        #expect(result.stdout == "2 records from wl_touch@7; 1 unrecognised lines skipped\n")
        let lines = try String(contentsOfFile: folder.file("out.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1] == #"{"kind":"down","serial":1,"time":2,"surface":"wl_surface@3","id":0,"x":384,"y":512,"xf":1.5,"yf":2}"#)
    }

    @Test func compareExitStatusSaysEqualDifferentOrBad() throws {
        let taps = try folder.write("taps.txt", "down 0 640 360 t=1000; frame; up 0 t=1050; frame\ndown 0 641 361 t=1450; frame; up 0 t=1500; frame\n")
        let different = try sandbox(["compare", "--scene", "touchdemo", "--profile-a", "uikit", "--profile-b", "qt", taps])
        #expect(different.status == 1)
        #expect(different.stdout.hasSuffix("\n8 lines differ; first divergence at A:5 / B:5\n"))
        let same = try sandbox(["compare", taps, taps])
        #expect(same.status == 0)
        #expect(same.stdout == "equal\n")
        let bad = try sandbox(["compare", taps, try folder.write("log.jsonl", "{\"kind\":\"call\"}\n{oops\n")])
        #expect(bad.status == 2)
        #expect(bad.stderr == "gesture-sandbox: \(folder.path)/log.jsonl:2:1: not a JSON object\n")
        let truncated = try sandbox(["compare", taps, try folder.write("cut.txt", "down 0 1 1; frame; motion 0 2")])
        #expect(truncated.status == 2)
        #expect(truncated.stderr.hasPrefix("gesture-sandbox: \(folder.path)/cut.txt:1:"))
    }

    @Test func minimizeWritesTheTraceAndItsCompactForm() throws {
        let trace = try folder.write("r3.txt", "down 3 10 10; frame; down 4 50 50; frame; up 3; frame; motion 3 12 10; frame; up 4; frame\n")
        let result = try sandbox(["minimize", trace, "--keep", "finding:R3", "-o", folder.file("min.jsonl")])
        #expect(result.status == 0)
        #expect(result.stdout == "10 records → 6 records\n")
        #expect(try String(contentsOfFile: folder.file("min.jsonl.txt"), encoding: .utf8) == """
            # 10 records → 6 records (keeping finding:R3)
            down 3 10 10; frame
            up 3 t=16 serial=3; frame
            motion 3 12 10; frame

            """)
        #expect(try String(contentsOfFile: folder.file("min.jsonl"), encoding: .utf8).hasPrefix("{\"created\""))
        let none = try sandbox(["minimize", trace, "--keep", "finding:R1"])
        #expect(none.status == 2)
        #expect(none.stderr == "gesture-sandbox: the checker reports no R1 in this trace: nothing to keep\n")
    }

    @Test func reportOnABadTraceLeavesNoFolder() throws {
        let result = try sandbox(["report", try folder.write("bad.txt", "down 0 1 1; wiggle\n"), "-o", folder.file("report")])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("gesture-sandbox: \(folder.path)/bad.txt:1:13: "))
        #expect(folder.listing() == ["bad.txt"])
    }

    @Test func reportWritesTheFolder() throws {
        let trace = try folder.write("r3.txt", "down 3 10 10; frame; up 3; frame; motion 3 12 10; frame\n")
        let result = try sandbox(["report", trace, "-o", folder.file("report")])
        #expect(result.status == 0)
        #expect(result.stdout == "1 findings (1 violations); report in \(folder.path)/report/report.md\n")
        #expect(folder.listing() == ["r3.txt", "report"])
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.file("report"))).sorted()
                == ["end.png", "first-finding.png", "minimal.txt", "report.md", "timeline.svg"])
    }
}
