import TestSupport
import Testing
import TouchStream

// MARK: - The seat-capability record in every trace form

/// `capabilities(touch:)`: its JSON Lines and compact forms, the importer, and the assemblers ignoring it.
@Suite struct CapabilityRecordTests {
    private static let header = TraceHeader(toolVersion: "test", environment: CompositorEnvironment(),
                                            profile: "uikit", created: "2026-01-01T00:00:00.000Z")

    @Test func jsonLinesFormIsKindAndTouch() {
        #expect(TraceWriter.line(for: RawRecord(.capabilities(touch: true))) == #"{"kind":"capabilities","touch":true}"#)
        #expect(TraceWriter.line(for: RawRecord(.capabilities(touch: false))) == #"{"kind":"capabilities","touch":false}"#)
    }

    @Test func jsonLinesRoundTripAndRejectAMissingTouch() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let records = [RawRecord(.capabilities(touch: true)),
                       RawRecord(.down(serial: 1, time: 5, surface: nil, id: 0, x: WLFixed(1), y: WLFixed(2))),
                       RawRecord(.frame), RawRecord(.capabilities(touch: false))]
        let lines = [Self.header.jsonLine()] + records.map { TraceWriter.line(for: $0) }
        let path = try dir.write("caps.jsonl", lines.joined(separator: "\n") + "\n")
        #expect(try readAll(path).1 == records)
        let bad = try dir.write("bad.jsonl", Self.header.jsonLine() + "\n" + #"{"kind":"capabilities"}"# + "\n")
        #expect(errorText { _ = try readAll(bad) }?.contains(#"a capabilities record needs "touch""#) == true)
        let wrongKey = try dir.write("key.jsonl", Self.header.jsonLine() + "\n" + #"{"kind":"frame","touch":true}"# + "\n")
        #expect(errorText { _ = try readAll(wrongKey) } != nil)
    }

    @Test func compactFormIsTouchOrNone() throws {
        let items = try CompactTrace.parse("capabilities touch; down 0 1 1; frame\ncapabilities none")
        let events = items.compactMap { if case .record(let r) = $0 { r.event } else { nil } }
        #expect(events.first == .capabilities(touch: true))
        #expect(events.last == .capabilities(touch: false))
        #expect(CompactTrace.write(items) == "capabilities touch\ndown 0 1 1; frame\ncapabilities none\n")
        #expect(try CompactTrace.parse(CompactTrace.write(items)) == items)
    }

    @Test func compactFormRejectsOtherWords() {
        let message = errorText { _ = try CompactTrace.parse("capabilities pointer", name: "s") }
        #expect(message == "s:1:14: expected 'touch' or 'none' after capabilities, found 'pointer'")
        #expect(errorText { _ = try CompactTrace.parse("capabilities", name: "s") } != nil)
    }

    @Test func importerTurnsTouchBitEdgesIntoRecords() throws {
        let log = """
            [1.000] wl_seat@9.capabilities(7)
            [1.001] wl_seat@9.capabilities(3)
            [1.002] wl_seat@9.capabilities(1)
            [1.003] wl_seat@9.capabilities(5)
            [1.004] wl_touch@10.down(1, 100, wl_surface@3, 0, 1.000000, 2.000000)
            """
        let imported = try WaylandDebugImporter.importLog(log, name: "log")
        // 3 → 1 changes only the keyboard bit: no record.
        #expect(imported.records.map(\.event.name) == ["capabilities", "capabilities", "capabilities", "down"])
        #expect(imported.records.prefix(3).map(\.event) == [.capabilities(touch: true), .capabilities(touch: false),
                                                            .capabilities(touch: true)])
        #expect(errorText { _ = try WaylandDebugImporter.importLog("[1.0] wl_seat@9.capabilities()", name: "l") } != nil)
    }

    @Test func assemblyIgnoresTheRecord() throws {
        let plain = try CompactTrace.parse("down 0 1 1; frame; down 1 5 5; cancel; frame")
        let withCaps = try CompactTrace.parse(
            "capabilities touch; down 0 1 1; frame; down 1 5 5; capabilities touch; cancel; frame; capabilities none")
        func outputs(_ items: [ScriptItem]) -> [AssemblyOutput] {
            var replay = ReplayAssembler()
            var out: [AssemblyOutput] = []
            for item in items { replay.push(item, into: &out) }
            replay.flushIfIdle(into: &out)
            return out
        }
        let expected = outputs(plain)
        #expect(!expected.isEmpty)
        #expect(outputs(withCaps).map(Self.summary) == expected.map(Self.summary))
    }

    /// Frames by their touches' ids and phases; diagnostics by kind (record indices differ).
    private static func summary(_ output: AssemblyOutput) -> String {
        switch output {
        case .frame(let frame): "frame " + frame.passes.map { "\($0)" }.joined(separator: "|")
        case .diagnostic(let diagnostic): "diagnostic \(diagnostic.kind)"
        }
    }
}
