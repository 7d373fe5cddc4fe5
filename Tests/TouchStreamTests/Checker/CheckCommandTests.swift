import Foundation
import TestSupport
import Testing
import TouchStream

/// `gesture-sandbox check` through its library entry: output lines, JSON shape, exit status.
@Suite struct CheckCommandTests {
    private let dir: TemporaryDirectory

    init() throws { dir = try TemporaryDirectory() }

    /// Runs the check and returns its lines and outcome, or the error's one-line text.
    private func check(_ name: String, _ contents: String, format: TraceCheck.Format = .text) throws
        -> (lines: [String], outcome: TraceCheck.Outcome) {
        let path = try dir.write(name, contents)
        var lines: [String] = []
        let outcome = try TraceCheck.run(path: path, format: format) { lines.append($0) }
        return (lines, outcome)
    }

    @Test func exit0WithoutViolations() throws {
        defer { dir.cleanUp() }
        let (lines, outcome) = try check("ok.txt", "down 0 1 1; frame; up 0; frame\n")
        #expect(lines == ["0 violations, 0 ambiguities, 0 heuristics in 4 records"])
        #expect(outcome.exitCode == 0)
    }

    @Test func exit1WithViolationsAndOneLinePerFinding() throws {
        defer { dir.cleanUp() }
        let (lines, outcome) = try check("bad.txt", "down 5 1 1; frame; up 5; frame; motion 5 2 2 t=40; frame; frame")
        let path = dir.file("bad.txt")
        #expect(lines == [
            "\(path):record 4 t=40: violation R3: motion for id 5 after its up at record 2; wl_touch.up: \"No further events will be sent for this touch point\"",
            "\(path):record 6: violation R4: wl_touch.frame with no event since the previous frame; wl_touch.frame: \"A wl_touch.frame terminates at least one event\"",
            "2 violations, 0 ambiguities, 0 heuristics in 7 records",
        ])
        #expect(outcome.exitCode == 1)
    }

    @Test func jsonLinesTracesAreCheckedWithTheirHeader() throws {
        defer { dir.cleanUp() }
        let header = checkerHeader(touchVersion: 5)
        let records = [RawRecord(.down(serial: 1, time: 0, surface: nil, id: 0, x: WLFixed(1), y: WLFixed(1))),
                       RawRecord(.shape(id: 0, major: WLFixed(4), minor: WLFixed(2))), RawRecord(.frame)]
        let text = ([header.jsonLine()] + records.map(TraceWriter.line(for:))).joined(separator: "\n") + "\n"
        let (lines, outcome) = try check("v5.jsonl", text)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("\(dir.file("v5.jsonl")):record 1: violation R12: shape of id 0 on a wl_touch of version 5"))
        #expect(outcome.tally == FindingTally(violations: 1))
    }

    @Test func jsonOutputHasTheDocumentedShape() throws {
        defer { dir.cleanUp() }
        let (lines, _) = try check("a1.txt", "down 3 1 1 t=7; frame; up 3 t=9", format: .jsonLines)
        #expect(lines.count == 2)
        let finding = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(finding["kind"] as? String == "finding")
        #expect(finding["rule"] as? String == "A1")
        #expect(finding["category"] as? String == "ambiguity")
        #expect(finding["record"] as? Int == 2)
        #expect(finding["time"] as? Int == 9)
        #expect(finding["id"] as? Int == 3)
        #expect((finding["message"] as? String)?.hasPrefix("the trace ends after the up of id 3") == true)
        #expect(lines[0].hasPrefix(#"{"kind":"finding","rule":"A1","category":"ambiguity","record":2,"time":9,"id":3,"message":"#))
        #expect(lines[1] == #"{"kind":"summary","violations":0,"ambiguities":1,"heuristics":0,"records":3,"unchecked":["R6","R7","R13","R15","R16","R17","S2","S3","S7","S12","A5","A9","A10","A15"]}"#)
        let cancel = try #require(try JSONSerialization.jsonObject(
            with: Data(try check("c.txt", "cancel", format: .jsonLines).lines[0].utf8)) as? [String: Any])
        #expect(cancel["time"] is NSNull)
        #expect(cancel["id"] is NSNull)
    }

    // MARK: - Exit 2: unreadable input, one line with its location

    @Test func missingFile() {
        defer { dir.cleanUp() }
        #expect(errorText { try TraceCheck.run(path: dir.file("nope.jsonl")) { _ in } }
            == "\(dir.file("nope.jsonl")):1:1: no such file")
    }

    @Test func emptyFile() throws {
        defer { dir.cleanUp() }
        let path = try dir.write("empty.jsonl", " \n")
        #expect(errorText { try TraceCheck.run(path: path) { _ in } } == "\(path):1:1: empty trace")
    }

    @Test func malformedRecordLine() throws {
        defer { dir.cleanUp() }
        let path = try dir.write("bad.jsonl", checkerHeader().jsonLine() + "\n{\"kind\":\"down\",\"serial\":1}\n")
        #expect(errorText { try TraceCheck.run(path: path) { _ in } }?.hasPrefix("\(path):2:") == true)
    }

    @Test func truncatedLastLine() throws {
        defer { dir.cleanUp() }
        let path = try dir.write("cut.jsonl", checkerHeader().jsonLine() + "\n{\"kind\":\"frame\"}\n{\"kind\":\"mot")
        let text = try #require(errorText { try TraceCheck.run(path: path) { _ in } })
        #expect(text.hasPrefix("\(path):3:"))
        #expect(text.contains("truncated"))
    }

    @Test func malformedCompactForm() throws {
        defer { dir.cleanUp() }
        let path = try dir.write("bad.txt", "down 0 1 1; frame\nwiggle 0\n")
        #expect(errorText { try TraceCheck.run(path: path) { _ in } }
            == "\(path):2:1: unknown statement 'wiggle' (expected one of: down, motion, up, frame, cancel, shape, orientation, capabilities, flush, sleep, or a surface record such as keyboard-enter)")
    }

    @Test func commandExitStatus() throws {
        defer { dir.cleanUp() }
        var errors: [String] = []
        func status(_ path: String) -> Int32 {
            TraceCheck.command(path: path, output: { _ in }, failure: { errors.append("\($0)") })
        }
        #expect(status(try dir.write("ok.txt", "down 0 1 1; frame; up 0; frame")) == 0)
        #expect(status(try dir.write("ambiguous.txt", "down 0 1 1; frame; up 0")) == 0)
        #expect(status(try dir.write("bad.txt", "frame")) == 1)
        #expect(errors.isEmpty)
        #expect(status(dir.file("missing.txt")) == 2)
        #expect(status(try dir.write("empty.jsonl", "")) == 2)
        #expect(status(try dir.write("bad.jsonl", checkerHeader().jsonLine() + "\n{\"kind\":\"fram\"}\n")) == 2)
        #expect(errors.count == 3)
        #expect(errors.last?.hasPrefix("\(dir.file("bad.jsonl")):2:9: unknown kind") == true)
    }

    @Test func summaryLineCountsInTheSingular() {
        let outcome = TraceCheck.Outcome(tally: FindingTally(violations: 1, ambiguities: 1, heuristics: 1), recordCount: 1)
        #expect(outcome.summaryLine == "1 violation, 1 ambiguity, 1 heuristic in 1 record")
    }
}
