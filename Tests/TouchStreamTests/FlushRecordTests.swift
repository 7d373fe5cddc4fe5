import Testing
import TouchKit
import TouchStream

/// `flush` records (the live client delivered pending events without a wl_touch.frame) and
/// `control` tags (touches on the window's own controls): both trace forms, replay, checker.
@Suite struct FlushRecordTests {
    // MARK: - Both trace forms

    @Test func jsonLinesCarryFlushAndControl() throws {
        let flush = RawRecord(.flush)
        #expect(TraceWriter.line(for: flush) == #"{"kind":"flush"}"#)
        let control = RawRecord(.up(serial: 3, time: 40, id: 2), isControl: true)
        #expect(TraceWriter.line(for: control) == #"{"kind":"up","serial":3,"time":40,"id":2,"control":true}"#)
        let script = "down 2 10 10 control=true; flush; up 2 control=true; frame"
        let records = try CompactTrace.parse(script).compactMap { item -> RawRecord? in
            if case .record(let record) = item { record } else { nil }
        }
        #expect(records.map(\.isControl) == [true, false, true, false])
        #expect(records[1].event == .flush)
        // Written and read back, in each form, the records are the same.
        #expect(try CompactTrace.parse(CompactTrace.write(records: records)) == records.map { .record($0) })
        #expect(CompactTrace.write(records: records) == "down 2 10 10 control=true; flush\nup 2 control=true; frame\n")
    }

    @Test func badControlValueIsLocated() {
        #expect(throws: TraceError(file: "s", line: 1, column: 26, message: "control= must be true or false, found 'yes'")) {
            try CompactTrace.parse("down 0 1 1; up 0 control=yes", name: "s")
        }
    }

    // MARK: - Replay

    @Test func flushRecordsDeliverWhileATouchIsDown() throws {
        // cage 0.1.4: no wl_touch.frame at all; the live client flushed at each drained socket.
        let out = try assemble("down 0 1 1; flush; motion 0 5 1 t=16; flush; up 0 t=24; flush")
        #expect(out.frames.map(\.passes) == [
            [[touch(0, .began, 1, 1)]], [[touch(0, .moved, 5, 1, coalesced: [Point(x: 5, y: 1)])]],
            [[touch(0, .ended, 5, 1)]],
        ])
        #expect(kinds(out) == ["missingFrameFlushed@0", "missingFrameFlushed@2", "missingFrameFlushed@4"])
    }

    @Test func afterAFlushRecordTimeGapsInferNothing() throws {
        // Without flush records the 50 ms gap is an idle point; with them, only the trace says so.
        let inferred = try assemble("down 0 1 1; frame; up 0; down 1 5 5 t=50; frame")
        #expect(inferred.frames.count == 3)
        let followed = try assemble("down 9 0 0; flush; up 9; frame; down 0 1 1; frame; up 0; down 1 5 5 t=50; frame")
        #expect(followed.frames.map(\.passes).suffix(2) == [
            [[touch(0, .began, 1, 1)]], [[touch(0, .ended, 1, 1), touch(1, .began, 5, 5)]],
        ])
    }

    @Test func aLateFrameAfterAFlushIsNotEmpty() throws {
        let out = try assemble("down 0 1 1; flush; frame; motion 0 2 2; frame")
        #expect(out.frames.count == 2)
        #expect(kinds(out) == ["missingFrameFlushed@0"])
    }

    @Test func controlTouchesNeverReachTheAssembler() throws {
        let out = try assemble("""
            down 7 5 5 control=true; frame; up 7 control=true; frame
            down 0 1 1; down 8 6 6 control=true; frame; up 8 control=true; flush; up 0; frame
            """)
        #expect(out.frames.map(\.passes) == [[[touch(0, .began, 1, 1)]], [[touch(0, .ended, 1, 1)]]])
        // The frames and the flush that closed nothing but control events are gone with them.
        #expect(out.diagnostics.isEmpty)
    }

    // MARK: - Checker

    @Test func checkerVerdictsIgnoreFlushRecords() throws {
        let without = try CompactTrace.parse("down 0 1 1; frame; up 0; down 1 5 5 t=50; motion 1 6 6 t=60; up 1 t=70")
        var with: [ScriptItem] = []
        for item in without {
            with.append(item)
            if case .record(let record) = item, record.event.name == "up" { with.append(.record(RawRecord(.flush))) }
        }
        func rules(_ items: [ScriptItem]) -> [String] {
            let records = items.compactMap { item -> RawRecord? in if case .record(let r) = item { r } else { nil } }
            return ConformanceChecker.check(records, header: nil).map(\.ruleID)
        }
        #expect(!rules(without).isEmpty)
        #expect(rules(with) == rules(without))
    }
}
