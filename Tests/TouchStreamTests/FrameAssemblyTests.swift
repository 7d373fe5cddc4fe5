import Testing
import TouchKit
import TouchStream

/// Frames, passes and splits (DESIGN §3: one InputFrame per wl_touch.frame; a touch never skips began).
@Suite struct FrameAssemblyTests {
    @Test func oneFramePerWlTouchFrame() throws {
        let out = try assemble("down 0 10 10; frame; motion 0 12 10; frame; up 0; frame")
        #expect(out.frames == [
            InputFrame(timestamp: 0, passes: [[touch(0, .began, 10, 10)]]),
            InputFrame(timestamp: 0.008, passes: [[touch(0, .moved, 12, 10)]]),
            InputFrame(timestamp: 0.016, passes: [[touch(0, .ended, 12, 10)]]),
        ])
        #expect(out.diagnostics.isEmpty)
    }

    @Test func downThenMotionInOneFrameIsBeganAtTheLastLocation() throws {
        let out = try assemble("down 0 10 10; motion 0 15 10; motion 0 20 10; frame")
        #expect(out.frames == [InputFrame(timestamp: 0, passes: [
            [touch(0, .began, 20, 10, coalesced: [pt(10, 10), pt(15, 10), pt(20, 10)])],
        ])])
        #expect(kinds(out) == ["severalMotions@2"])
    }

    @Test func downAndUpInOneFrameSplitIntoTwoPasses() throws {
        let out = try assemble("down 0 10 10; up 0; frame")
        #expect(out.frames == [InputFrame(timestamp: 0, passes: [
            [touch(0, .began, 10, 10)], [touch(0, .ended, 10, 10)],
        ])])
        #expect(kinds(out) == ["frameSplitDownUp@1"])
        #expect(out.diagnostics.first?.kind.ruleID == "S3")
    }

    @Test func upThenNewDownOfTheSameIDSplits() throws {
        let out = try assemble("down 0 1 1; frame; up 0; down 0 5 5; frame")
        #expect(out.frames.last == InputFrame(timestamp: 0.008, passes: [
            [touch(0, .ended, 1, 1)], [touch(0, .began, 5, 5)],
        ]))
        #expect(kinds(out) == ["frameSplitIDReuse@3"])
        #expect(out.diagnostics.first?.kind.severity == .info)
    }

    @Test func otherTouchesKeepTheirOrderAcrossASplit() throws {
        let out = try assemble("""
            down 0 1 1; down 1 2 2; frame
            motion 1 3 3; up 0; down 0 4 4; motion 1 5 5; frame
            """)
        #expect(out.frames.last?.passes == [
            [touch(1, .moved, 3, 3), touch(0, .ended, 1, 1)],
            [touch(0, .began, 4, 4), touch(1, .moved, 5, 5)],
        ])
    }

    @Test func downOnAnActiveIDCancelsTheOldTouchInItsOwnPass() throws {
        let out = try assemble("down 0 1 1; down 1 2 2; frame; motion 1 3 3; down 0 5 5; frame")
        #expect(out.frames.last?.passes == [
            [touch(1, .moved, 3, 3)], [touch(0, .cancelled, 1, 1)], [touch(0, .began, 5, 5)],
        ])
        #expect(kinds(out) == ["downOnActiveID@4"])
        #expect(out.diagnostics.first?.kind.ruleID == "R1")
    }

    @Test func doubleDownInOneFrameBeginsCancelsAndBeginsAgain() throws {
        let out = try assemble("down 0 1 1; down 0 5 5; frame")
        #expect(out.frames.first?.passes == [
            [touch(0, .began, 1, 1)], [touch(0, .cancelled, 1, 1)], [touch(0, .began, 5, 5)],
        ])
    }

    @Test func eventsForUnknownIDsAreIgnored() throws {
        let out = try assemble("down 1 1 1; motion 7 1 1; up 7; shape 7 2 2; orientation 7 5; frame")
        #expect(out.frames == [InputFrame(timestamp: 0, passes: [[touch(1, .began, 1, 1)]])])
        #expect(kinds(out) == ["unknownID@1", "unknownID@2", "unknownID@3", "unknownID@4"])
        #expect(out.diagnostics.allSatisfy { $0.touchID == 7 && $0.kind.ruleID == "R2" })
    }

    @Test func eventsAfterUpAreIgnoredAndCiteR3() throws {
        let out = try assemble("down 0 1 1; frame; up 0; frame; motion 0 2 2; frame")
        #expect(out.frames.count == 2)
        #expect(kinds(out) == ["eventAfterUp@4"])
    }

    @Test func anEmptyFrameDeliversNothing() throws {
        let out = try assemble("frame; down 0 1 1; frame; frame")
        #expect(out.frames.count == 1)
        #expect(kinds(out) == ["emptyFrame@0", "emptyFrame@3"])
        #expect(out.diagnostics.first?.kind.severity == .violation)
    }

    @Test func extremeIDsAndFixedCoordinatesPassThrough() throws {
        let out = try assemble("down -2147483648 0.00390625 -3.5; down 2147483647 2 2 emulated=true; frame")
        #expect(out.frames.first?.passes == [[
            touch(Int32.min, .began, 0.00390625, -3.5), touch(Int32.max, .began, 2, 2, emulated: true),
        ]])
    }
}
