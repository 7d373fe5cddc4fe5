import Testing
import TouchKit
import TouchStream

/// The missing frame after the last up (weston ≤ 11, mutter; A1) and flushing at idle points.
@Suite struct MissingFrameTests {
    @Test func flushIfIdleDeliversPendingWhenNoTouchIsDown() throws {
        var assembler = FrameAssembler()
        for item in try CompactTrace.parse("down 0 1 1; frame; up 0") {
            guard case .record(let record) = item else { continue }
            _ = assembler.push(record)
        }
        #expect(assembler.hasPendingEvents)
        let out = assembler.flushIfIdle()
        #expect(out.frames == [InputFrame(timestamp: 0.008, passes: [[touch(0, .ended, 1, 1)]])])
        #expect(kinds(out) == ["missingFrameFlushed@2"])
        #expect(!assembler.hasPendingEvents)
        #expect(assembler.flushIfIdle().isEmpty)
    }

    @Test func aLateFrameAfterAnIdleFlushIsNotEmpty() throws {
        var assembler = FrameAssembler()
        for item in try CompactTrace.parse("down 0 1 1; frame; up 0") {
            guard case .record(let record) = item else { continue }
            _ = assembler.push(record)
        }
        #expect(kinds(assembler.flushIfIdle()) == ["missingFrameFlushed@2"])
        #expect(assembler.push(RawRecord(.frame)).isEmpty)
        #expect(kinds(assembler.push(RawRecord(.frame))) == ["emptyFrame@4"])
    }

    @Test func flushIfIdleWaitsWhileATouchIsDown() throws {
        var assembler = FrameAssembler()
        for item in try CompactTrace.parse("down 0 1 1; down 1 1 1; frame; up 0") {
            guard case .record(let record) = item else { continue }
            _ = assembler.push(record)
        }
        #expect(assembler.flushIfIdle().isEmpty)
        #expect(assembler.activeTouchIDs == [1])
        let out = assembler.push(RawRecord(.frame))
        #expect(out.frames.first?.passes == [[touch(0, .ended, 1, 1)]])
    }

    @Test func replayFlushesAtASleep() throws {
        let out = try assemble("down 0 1 1; frame; up 0; sleep 100; down 1 5 5; frame")
        #expect(out.frames == [
            InputFrame(timestamp: 0, passes: [[touch(0, .began, 1, 1)]]),
            InputFrame(timestamp: 0.008, passes: [[touch(0, .ended, 1, 1)]]),
            InputFrame(timestamp: 0.108, passes: [[touch(1, .began, 5, 5)]]),
        ])
        #expect(kinds(out) == ["missingFrameFlushed@2"])
    }

    @Test func replayFlushesWhenTheNextEventIsLater() throws {
        let out = try assemble("down 0 1 1; frame; up 0; down 0 5 5 t=50; frame")
        #expect(out.frames.map(\.passes) == [
            [[touch(0, .began, 1, 1)]], [[touch(0, .ended, 1, 1)]], [[touch(0, .began, 5, 5)]],
        ])
        #expect(kinds(out) == ["missingFrameFlushed@2"])
    }

    @Test func sameTimeReuseStaysOneSplitFrame() throws {
        let out = try assemble("down 0 1 1; frame; up 0 t=8; down 0 5 5 t=8; frame")
        #expect(out.frames.count == 2)
        #expect(kinds(out) == ["frameSplitIDReuse@3"])
    }

    @Test func endOfInputFlushesTheLastUp() throws {
        let out = try assemble("down 0 1 1; frame; up 0")
        #expect(out.frames.last?.passes == [[touch(0, .ended, 1, 1)]])
        #expect(kinds(out) == ["missingFrameFlushed@2"])
    }

    @Test func endOfInputWithATouchDownDeliversWhatIsPending() throws {
        let out = try assemble("down 0 1 1; frame; motion 0 2 2")
        #expect(out.frames.last?.passes == [[touch(0, .moved, 2, 2)]])
        #expect(kinds(out) == ["pendingAtEnd@2"])
    }

    @Test func noFlushWhileAnotherTouchIsDown() throws {
        let out = try assemble("down 0 1 1; down 1 1 1; frame; up 0; sleep 50; motion 1 3 3; frame")
        #expect(out.frames.last?.passes == [[touch(0, .ended, 1, 1), touch(1, .moved, 3, 3)]])
        #expect(out.diagnostics.isEmpty)
    }
}
