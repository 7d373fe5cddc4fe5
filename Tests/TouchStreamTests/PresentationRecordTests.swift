import Foundation
import TestSupport
import Testing
import TouchStream

/// Presentation-feedback records: written into a trace, read back apart from the touch records.
@Suite struct PresentationRecordTests {
    private let shown = PresentationRecord(committed: 1_000_000, presented: 26_000_000, refresh: 16_666_666,
                                           sequence: 7, flags: 1, missed: true, latencies: [25_000, 17_000])
    private let dropped = PresentationRecord(committed: 2_000_000, presented: nil)
    private let down = RawRecord(.down(serial: 1, time: 0, surface: nil, id: 0, x: WLFixed(1), y: WLFixed(1)))

    @Test func jsonLinesRoundTripKeepsTouchRecordsAndPresentationsApart() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let writer = try TraceWriter(path: dir.file("t.jsonl"), header: sampleHeader)
        try writer.write(down)
        try writer.write(shown)
        try writer.write(RawRecord(.frame))
        try writer.write(dropped)
        try writer.finish()
        let trace = try TraceReader.read(dir.file("t.jsonl"))
        #expect(trace.records == [down, RawRecord(.frame)])
        #expect(trace.presentations == [shown, dropped])
    }

    @Test func compactStatementsParseBackAndStayOutOfTheScript() throws {
        let text = "down 0 1 1; frame\n" + shown.compactStatement + "\n" + dropped.compactStatement + "\nup 0; frame"
        let parsed = try CompactTrace.parseWithPresentations(text)
        #expect(parsed.presentations == [shown, dropped])
        #expect(parsed.items.count == 4)
        #expect(try CompactTrace.parse(text) == parsed.items)
    }

    @Test func aBadPresentationLineIsALocatedError() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let path = dir.file("bad.jsonl")
        let header = sampleHeader.jsonLine()
        try (header + "\n{\"kind\":\"presentation\",\"presented\":5}\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try TraceReader.read(path) } throws: { error in
            "\(error)".hasPrefix("\(path):2:1: presentation record: committed is missing")
        }
        #expect(throws: TraceError.self) { try CompactTrace.parseWithPresentations("presentation committed=x") }
        #expect(throws: TraceError.self) { try CompactTrace.parseWithPresentations("presentation committed=1 bogus=2") }
    }
}
