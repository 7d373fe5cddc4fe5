import Foundation
import Testing

// MARK: - import, compare, minimize and report from the command line

@Suite struct CommandLineReproTests {
    private let folder: String = {
        let path = NSTemporaryDirectory() + "repro-cli-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    private func file(_ name: String, _ text: String? = nil) -> String {
        let path = "\(folder)/\(name)"
        if let text { #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8))) }
        return path
    }

    private func remove() { try? FileManager.default.removeItem(atPath: folder) }

    private func listing() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? [] }

    @Test func importErrorsAreLocatedAndLeaveNoFile() throws {
        defer { remove() }
        let log = file("bad.log", "[1.0] wl_touch@7.frame()\n[2.0] wl_touch@7.up(1, x, 0)\n")
        let result = try sandbox(["import", "wayland-debug", log, "-o", file("out.jsonl")])
        #expect(result.status == 2)
        #expect(result.stderr == "gesture-sandbox: \(log):2:24: expected an unsigned integer, found \"x\"\n")
        #expect(listing() == ["bad.log"])
        let missing = try sandbox(["import", "wayland-debug", file("nope.log"), "-o", file("out.jsonl")])
        #expect(missing.status == 2)
        #expect(missing.stderr == "gesture-sandbox: \(folder)/nope.log:1:1: no such file\n")
        let empty = try sandbox(["import", "wayland-debug", file("empty.log", ""), "-o", file("out.jsonl")])
        #expect(empty.stderr == "gesture-sandbox: \(folder)/empty.log:1:1: empty file\n")
        #expect(listing() == ["bad.log", "empty.log"])
    }

    @Test func importWritesATraceAndCountsSkippedLines() throws {
        defer { remove() }
        let log = file("ok.log", "hello\n[1.0] wl_touch@7.down(1, 2, wl_surface@3, 0, 1.500000, 2.000000)\n[1.0] wl_touch@7.frame()\n")
        let result = try sandbox(["import", "wayland-debug", log, "-o", file("out.jsonl")])
        #expect(result.status == 0)
        #expect(result.stdout == "2 records from wl_touch@7; 1 unrecognised lines skipped\n")
        let lines = try String(contentsOfFile: file("out.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1] == #"{"kind":"down","serial":1,"time":2,"surface":"wl_surface@3","id":0,"x":384,"y":512,"xf":1.5,"yf":2}"#)
    }

    @Test func compareExitStatusSaysEqualDifferentOrBad() throws {
        defer { remove() }
        let taps = file("taps.txt", "down 0 640 360 t=1000; frame; up 0 t=1050; frame\ndown 0 641 361 t=1450; frame; up 0 t=1500; frame\n")
        let different = try sandbox(["compare", "--scene", "touchdemo", "--profile-a", "uikit", "--profile-b", "qt", taps])
        #expect(different.status == 1)
        #expect(different.stdout.hasSuffix("\n8 lines differ; first divergence at A:5 / B:5\n"))
        let same = try sandbox(["compare", taps, taps])
        #expect(same.status == 0)
        #expect(same.stdout == "equal\n")
        let bad = try sandbox(["compare", taps, file("log.jsonl", "{\"kind\":\"call\"}\n{oops\n")])
        #expect(bad.status == 2)
        #expect(bad.stderr == "gesture-sandbox: \(folder)/log.jsonl:2:1: not a JSON object\n")
        let truncated = try sandbox(["compare", taps, file("cut.txt", "down 0 1 1; frame; motion 0 2")])
        #expect(truncated.status == 2)
        #expect(truncated.stderr.hasPrefix("gesture-sandbox: \(folder)/cut.txt:1:"))
    }

    @Test func minimizeWritesTheTraceAndItsCompactForm() throws {
        defer { remove() }
        let trace = file("r3.txt", "down 3 10 10; frame; down 4 50 50; frame; up 3; frame; motion 3 12 10; frame; up 4; frame\n")
        let result = try sandbox(["minimize", trace, "--keep", "finding:R3", "-o", file("min.jsonl")])
        #expect(result.status == 0)
        #expect(result.stdout == "10 records → 6 records\n")
        #expect(try String(contentsOfFile: file("min.jsonl.txt"), encoding: .utf8) == """
            # 10 records → 6 records (keeping finding:R3)
            down 3 10 10; frame
            up 3 t=16 serial=3; frame
            motion 3 12 10; frame

            """)
        #expect(try String(contentsOfFile: file("min.jsonl"), encoding: .utf8).hasPrefix("{\"created\""))
        let none = try sandbox(["minimize", trace, "--keep", "finding:R1"])
        #expect(none.status == 2)
        #expect(none.stderr == "gesture-sandbox: the checker reports no R1 in this trace: nothing to keep\n")
    }

    @Test func reportOnABadTraceLeavesNoFolder() throws {
        defer { remove() }
        let result = try sandbox(["report", file("bad.txt", "down 0 1 1; wiggle\n"), "-o", file("report")])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("gesture-sandbox: \(folder)/bad.txt:1:13: "))
        #expect(listing() == ["bad.txt"])
    }

    @Test func reportWritesTheFolder() throws {
        defer { remove() }
        let trace = file("r3.txt", "down 3 10 10; frame; up 3; frame; motion 3 12 10; frame\n")
        let result = try sandbox(["report", trace, "-o", file("report")])
        #expect(result.status == 0)
        #expect(result.stdout == "1 findings (1 violations); report in \(folder)/report/report.md\n")
        #expect(listing() == ["r3.txt", "report"])
        #expect((try FileManager.default.contentsOfDirectory(atPath: file("report"))).sorted()
                == ["end.png", "first-finding.png", "minimal.txt", "report.md", "timeline.svg"])
    }
}
