import Testing
import TouchKit
import TouchStream

/// Several motions per frame, motions without change, and contact shape (DESIGN §3, A12, A13).
@Suite struct CoalescingAssemblyTests {
    @Test func severalMotionsKeepEverySampleAndTheLastWins() throws {
        let out = try assemble("down 0 0 0; frame; motion 0 1 0; motion 0 2 0; motion 0 3 0; frame")
        #expect(out.frames.last?.passes == [[touch(0, .moved, 3, 0, coalesced: [pt(1, 0), pt(2, 0), pt(3, 0)])]])
        #expect(kinds(out) == ["severalMotions@3"])
    }

    @Test func aMotionToTheSameLocationIsNotDeliveredAsMoved() throws {
        let out = try assemble("down 0 1 1; down 1 5 5; frame; motion 0 1 1; motion 1 6 5; frame")
        #expect(out.frames.last?.passes == [[touch(1, .moved, 6, 5)]])
        #expect(kinds(out) == ["motionWithoutChange@3"])
    }

    @Test func motionsThatReturnToTheStartAreNotMoved() throws {
        let out = try assemble("down 0 1 1; frame; motion 0 5 5; motion 0 1 1; frame")
        #expect(out.frames.count == 1)
        #expect(kinds(out) == ["severalMotions@3", "motionWithoutChange@3"])
    }

    @Test func shapeAloneGivesAStationaryInputWithTheNewRadius() throws {
        let out = try assemble("down 0 1 1; frame; shape 0 10 6; frame; shape 0 10 6; frame")
        #expect(out.frames.count == 2, "an unchanged shape delivers nothing")
        #expect(out.frames[1].passes == [[touch(0, .stationary, 1, 1, majorRadius: 5)]])
    }

    @Test func orientationAloneGivesAStationaryInput() throws {
        let out = try assemble("down 0 1 1; frame; orientation 0 -45.5; frame")
        #expect(out.frames[1].passes == [[touch(0, .stationary, 1, 1, orientation: -45.5)]])
    }

    @Test func shapeWithMotionIsMovedAndCarriesTheRadius() throws {
        let out = try assemble("down 0 1 1; shape 0 4 2; frame; shape 0 8 4; motion 0 2 1; frame")
        #expect(out.frames == [
            InputFrame(timestamp: 0, passes: [[touch(0, .began, 1, 1, majorRadius: 2)]]),
            InputFrame(timestamp: 0.008, passes: [[touch(0, .moved, 2, 1, majorRadius: 4)]]),
        ])
    }

    @Test func shapeThenUnchangedMotionStaysStationary() throws {
        let out = try assemble("down 0 1 1; frame; shape 0 8 4; motion 0 1 1; frame")
        #expect(out.frames[1].passes == [[touch(0, .stationary, 1, 1, majorRadius: 4)]])
    }

    @Test func upAfterMotionInOneFrameEndsAtTheNewLocation() throws {
        let out = try assemble("down 0 1 1; frame; motion 0 4 4; up 0; frame")
        #expect(out.frames[1].passes == [[touch(0, .ended, 4, 4)]])
    }
}
