@testable import Live
import Testing
import TouchKit

// MARK: - The HUD's streaming text, paced

@Suite struct HUDTextPaceTests {
    /// The session after `frames` frames: the log's last line and the latency line say which.
    private func state(frames: Int, touchAt x: Double = 100, status: String? = nil) -> HUDSnapshot {
        var snapshot = HUDSnapshot(windowSize: Size(width: 1280, height: 720), scene: "touchdemo", profile: "uikit",
                                   frameCount: frames, status: status,
                                   touches: [TouchLabel(id: 0, phase: .moved, tapCount: 1, location: Point(x: x, y: 50))],
                                   log: [EventLog.Entry(text: "motion after \(frames) frames", isBoundary: false)],
                                   recognizers: [RecognizerLine(name: "pan", state: "changed", reason: "frame \(frames)")])
        snapshot.latency = "latency at \(frames)"
        snapshot.prediction = "prediction error at \(frames)"
        return snapshot
    }

    @Test func theFirstStateIsShownWhole() {
        var pace = HUDTextPace()
        let shown = pace.snapshot(state(frames: 1), now: 10)
        #expect(shown.snapshot == state(frames: 1))
        #expect(shown.recheck == nil)
    }

    @Test func withinTheIntervalTheStreamingTextIsHeldAndFingersAndStatusAreNot() {
        var pace = HUDTextPace()
        _ = pace.snapshot(state(frames: 1), now: 10)
        let shown = pace.snapshot(state(frames: 2, touchAt: 130, status: "profile → uikit"), now: 10.04)
        // Held: log, frame count, recognizer states, latency, prediction error.
        #expect(shown.snapshot.log == state(frames: 1).log)
        #expect(shown.snapshot.frameCount == 1)
        #expect(shown.snapshot.recognizers == state(frames: 1).recognizers)
        #expect(shown.snapshot.latency == "latency at 1")
        #expect(shown.snapshot.prediction == "prediction error at 1")
        // Not held: the finger's label and a key command's status.
        #expect(shown.snapshot.touches.first?.location.x == 130)
        #expect(shown.snapshot.status == "profile → uikit")
        // The held text is due when the interval since it was shown is over.
        #expect(shown.recheck == 10 + HUDTextPace.interval)
    }

    @Test func afterTheIntervalTheNewestTextIsShownAndTheIntervalStartsAgain() {
        var pace = HUDTextPace()
        _ = pace.snapshot(state(frames: 1), now: 10)
        _ = pace.snapshot(state(frames: 2), now: 10.05)
        let due = pace.snapshot(state(frames: 3), now: 10 + HUDTextPace.interval)
        #expect(due.snapshot == state(frames: 3))
        #expect(due.recheck == nil)
        let next = pace.snapshot(state(frames: 4), now: 10 + HUDTextPace.interval + 0.01)
        #expect(next.snapshot.frameCount == 3)
        #expect(next.recheck == 10 + 2 * HUDTextPace.interval)
    }

    @Test func nothingHeldNoRecheck() {
        var pace = HUDTextPace()
        _ = pace.snapshot(state(frames: 1), now: 10)
        // Only the finger moved: nothing of the paced text is behind.
        #expect(pace.snapshot(state(frames: 1, touchAt: 200), now: 10.02).recheck == nil)
    }

    @Test func holdingLastsTheIntervalFromWhatWasShown() {
        var pace = HUDTextPace()
        #expect(!pace.isHolding(now: 10), "nothing shown yet: nothing is held")
        _ = pace.snapshot(state(frames: 1), now: 10)
        #expect(pace.isHolding(now: 10.01))
        #expect(pace.isHolding(now: 10 + HUDTextPace.interval - 0.001))
        #expect(!pace.isHolding(now: 10 + HUDTextPace.interval))
        // A clock that went back (a trace's clock re-aligned) holds nothing: the newest is shown.
        #expect(!pace.isHolding(now: 9))
    }
}
