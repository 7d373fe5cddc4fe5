import Testing
import TouchKit
import TouchStream

/// wl_touch.cancel (DESIGN §3; R5, R7, A3, A19).
@Suite struct CancelAssemblyTests {
    @Test func cancelDropsPendingAndCancelsEveryActiveTouchInOnePass() throws {
        let out = try assemble("""
            down 0 1 1; down 1 2 2; frame
            motion 0 3 3; cancel
            motion 0 4 4; up 1; frame
            down 0 9 9; frame
            """)
        #expect(out.frames == [
            InputFrame(timestamp: 0, passes: [[touch(0, .began, 1, 1), touch(1, .began, 2, 2)]]),
            InputFrame(timestamp: 0.008, passes: [[touch(0, .cancelled, 1, 1), touch(1, .cancelled, 2, 2)]]),
            InputFrame(timestamp: 0.016, passes: [[touch(0, .began, 9, 9)]]),
        ])
        #expect(kinds(out) == ["cancelDroppedPending@4", "eventAfterCancel@5", "eventAfterCancel@6"])
        #expect(out.diagnostics.map(\.kind.ruleID) == ["A3", "R5", "R5"])
    }

    @Test func cancelledTouchesComeInTheOrderTheyWentDown() throws {
        let out = try assemble("down 5 1 1; frame; down -3 2 2; frame; down 9 3 3; frame; cancel")
        #expect(out.frames.last?.passes == [[
            touch(5, .cancelled, 1, 1), touch(-3, .cancelled, 2, 2), touch(9, .cancelled, 3, 3),
        ]])
    }

    @Test func aFrameRightAfterCancelIsNotEmpty() throws {
        let out = try assemble("down 0 1 1; frame; cancel; frame")
        #expect(out.frames.count == 2)
        #expect(out.diagnostics.isEmpty)
    }

    @Test func cancelWithNoTouchIsReported() throws {
        let out = try assemble("cancel; frame")
        #expect(out.frames.isEmpty)
        #expect(kinds(out) == ["cancelWithoutTouch@0"])
        #expect(out.diagnostics.first?.kind.ruleID == "A19")
    }

    @Test func aDownPendingAtCancelNeverBeginsAndItsIDIsIgnored() throws {
        let out = try assemble("down 0 1 1; cancel; motion 0 2 2; frame")
        #expect(out.frames.isEmpty)
        #expect(kinds(out) == ["cancelDroppedPending@1", "eventAfterCancel@2"])
    }

    @Test func anUpDroppedByCancelLeavesTheTouchCancelled() throws {
        let out = try assemble("down 0 1 1; frame; up 0; cancel")
        #expect(out.frames.last?.passes == [[touch(0, .cancelled, 1, 1)]])
    }

    @Test func cancelKeepsTheContactShape() throws {
        let out = try assemble("down 0 1 1; shape 0 6 4; orientation 0 30; frame; cancel")
        #expect(out.frames.last?.passes == [[touch(0, .cancelled, 1, 1, majorRadius: 3, orientation: 30)]])
    }
}
