import Testing
@testable import WaylandClient

// MARK: - When the delegate prepares a frame, with injected times

@Suite struct FramePreparationTests {
    /// A preparation that has taken `seconds` before.
    private func measured(_ seconds: Double) -> FramePreparation {
        var preparation = FramePreparation()
        preparation.prepared(seconds: seconds)
        preparation.frameEnded()
        return preparation
    }

    @Test func cheapPreparationsRunInTheFramesOwnPass() {
        let preparation = measured(0.01e-3)
        #expect(preparation.lead == 0)
        #expect(preparation.wakeup(start: 2.0) == 2.0, "no wakeup of its own")
        // Input still expected before the start: prepared in the frame's pass, with that input.
        #expect(!preparation.shouldPrepare(now: 1.999, start: 2.0, nextInput: 1.9995))
        #expect(preparation.shouldPrepare(now: 2.0, start: 2.0, nextInput: 1.9995))
    }

    @Test func theLeadIsTheSlowestRecentPreparationPlusTheWakeupSlack() {
        var preparation = measured(0.3e-3)
        preparation.prepared(seconds: 0.1e-3)
        preparation.frameEnded()
        #expect(abs(preparation.lead - (0.3e-3 + RepaintPredictor.wakeupSlack)) < 1e-12)
        #expect(abs(preparation.wakeup(start: 2.0) - (2.0 - preparation.lead)) < 1e-12)
        // Once prepared, the loop wakes for the frame's start only.
        preparation.prepared(seconds: 0.1e-3)
        #expect(preparation.wakeup(start: 2.0) == 2.0)
    }

    @Test func withoutARhythmAFrameIsPreparedAtOnce() {
        #expect(measured(0.3e-3).shouldPrepare(now: 1.0, start: 2.0, nextInput: nil))
    }

    @Test func itWaitsForTheLastInputExpectedBeforeItsDeadline() {
        let preparation = measured(0.3e-3)
        let deadline = 2.0 - preparation.lead
        // More input is due before the deadline: preparing now would leave it out.
        #expect(!preparation.shouldPrepare(now: 1.990, start: 2.0, nextInput: deadline - 0.001))
        // The next input is due after it: this one is the newest the preparation can show.
        #expect(preparation.shouldPrepare(now: 1.990, start: 2.0, nextInput: deadline + 0.001))
        // The expected input did not come: the wakeup at the deadline prepares.
        #expect(preparation.shouldPrepare(now: deadline, start: 2.0, nextInput: deadline - 0.001))
    }

    @Test func inputAfterThePreparationPreparesAgainOnlyBeforeTheDeadline() {
        var preparation = measured(0.3e-3)
        let deadline = 2.0 - preparation.lead
        preparation.prepared(seconds: 0.3e-3)
        #expect(!preparation.shouldPrepare(now: 1.995, start: 2.0, nextInput: nil), "prepared, no input since")
        preparation.inputArrived()
        #expect(preparation.shouldPrepare(now: 1.995, start: 2.0, nextInput: nil))
        // After the deadline the render draws that input: preparing again would delay the frame.
        #expect(!preparation.shouldPrepare(now: deadline + 0.0001, start: 2.0, nextInput: nil))
        // The next frame is prepared anew.
        preparation.frameEnded()
        #expect(preparation.shouldPrepare(now: deadline + 0.0001, start: 2.0, nextInput: nil))
    }
}
