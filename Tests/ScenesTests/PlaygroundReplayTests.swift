
import Scenes
import Testing
import TouchKit

// MARK: - Helpers

/// Every playground fixture: each is replayed under every profile.
let playgroundFixtures = [
    "playground-tap", "playground-tap-moved12", "playground-tap-two-fingers", "playground-longpress",
    "playground-longpress-early", "playground-swipe", "playground-swipe-up", "playground-single-tap",
    "playground-double-tap", "playground-pinch", "playground-pinch-one-finger", "playground-rotation",
    "playground-rotation-still", "playground-pan", "playground-pan-cancel", "playground-pan-still",
]

extension ReplayFixture {
    /// The recognizer transitions in the log, in order.
    var transitions: [RecognizerTransition] {
        session.recorder.entries.compactMap { if case .transition(let step) = $0 { step } else { nil } }
    }

    /// The time `recognizer` first reached `state`, nil if it never did.
    func time(of recognizer: String, reaching state: GestureRecognizerState) -> Double? {
        transitions.first { $0.recognizer == recognizer && $0.to == state && $0.reason != .reset }?.timestamp
    }

    /// The playground facts `NAME.state`, `NAME.reason` and `NAME.recognitions` of one recognizer.
    func outcome(_ recognizer: String) -> (state: String?, reason: String?, recognitions: String?) {
        let facts = snapshot.facts
        return (facts["\(recognizer).state"], facts["\(recognizer).reason"], facts["\(recognizer).recognitions"])
    }
}

/// The profile named `name` (every name used here exists).
func profile(_ name: String) -> ThresholdProfile { ThresholdProfile.named(name) ?? .uikit }

// MARK: - Outcomes per fixture and profile

/// Playground: each recognizer's recognition and failure, under every profile.
@Suite struct PlaygroundReplayTests {
    @Test(arguments: ThresholdProfile.all.map(\.name))
    func aStillTapRecognizesOnLiftAndCancelsTheDelayedEnd(_ name: String) throws {
        let replay = try ReplayFixture("playground-tap", PlaygroundScene.self, profile: profile(name))
        #expect(replay.outcome("tap") == ("ended", "recognized: 1 tap(s) of 1 finger(s)", "1"))
        #expect(replay.time(of: "tap", reaching: .ended) == 0.08)
        // delaysTouchesEnded held the lift back; the recognition turned it into a cancel.
        #expect(replay.lines(of: "tapPad") == ["tapPad touchesBegan 0@140,160", "tapPad touchesCancelled 0@140,160"])
        #expect(replay.snapshot.facts["tapPad.shows"] == "ended")
    }

    @Test(arguments: [("uikit", false), ("gtk", false), ("flutter", true), ("android", false),
                      ("chromium", true), ("qt", false)])
    func twelvePixelsOfMovementIsATapOnlyWhereTheSlopAllowsIt(_ name: String, _ isTap: Bool) throws {
        let replay = try ReplayFixture("playground-tap-moved12", PlaygroundScene.self, profile: profile(name))
        let slop = profile(name).slop.value
        #expect(isTap == (slop >= 12))
        if isTap {
            #expect(replay.outcome("tap") == ("ended", "recognized: 1 tap(s) of 1 finger(s)", "1"))
            #expect(replay.lines(of: "tapPad").last == "tapPad touchesCancelled 0@152,160")
        } else {
            #expect(replay.outcome("tap") == ("failed", "slop exceeded: moved 12 > \(FactText.number(slop))", "0"))
            // A failed tap releases the held lift to the view.
            #expect(replay.lines(of: "tapPad").last == "tapPad touchesEnded 0@152,160")
        }
    }

    @Test(arguments: ThresholdProfile.all.map(\.name))
    func twoFingersFailTheOneFingerTapAtOnce(_ name: String) throws {
        let replay = try ReplayFixture("playground-tap-two-fingers", PlaygroundScene.self, profile: profile(name))
        #expect(replay.outcome("tap") == ("failed", "touch count: 2, needs 1", "0"))
        #expect(replay.time(of: "tap", reaching: .failed) == 0)
    }

    @Test(arguments: ThresholdProfile.all.map(\.name))
    func aHeldFingerBeginsTheLongPressAtTheProfilesPressTime(_ name: String) throws {
        let replay = try ReplayFixture("playground-longpress", PlaygroundScene.self, profile: profile(name))
        #expect(replay.time(of: "longPress", reaching: .began) == profile(name).longPress.seconds)
        #expect(replay.time(of: "longPress", reaching: .changed) == 0.9)
        #expect(replay.time(of: "longPress", reaching: .ended) == 1)
        #expect(replay.outcome("longPress") == ("ended", "touches lifted", "1"))
    }

    @Test(arguments: ThresholdProfile.all.map(\.name))
    func anEarlyLiftFailsTheLongPress(_ name: String) throws {
        let replay = try ReplayFixture("playground-longpress-early", PlaygroundScene.self, profile: profile(name))
        let press = FactText.number(profile(name).longPress.seconds)
        #expect(replay.outcome("longPress") == ("failed", "not met: lifted after 0.3 s, before \(press) s", "0"))
        #expect(replay.snapshot.facts["longPressPad.shows"] == "failed")
    }

    @Test(arguments: [("uikit", 0.032), ("gtk", 0.016), ("flutter", 0.048), ("android", 0.016),
                      ("chromium", 0.032), ("qt", 0.032)])
    func aQuickStrokeRightSwipesOnceItCoversTheSlop(_ name: String, _ decided: Double) throws {
        let replay = try ReplayFixture("playground-swipe", PlaygroundScene.self, profile: profile(name))
        #expect(replay.outcome("swipe").state == "ended")
        #expect(replay.outcome("swipe").recognitions == "1")
        #expect(replay.time(of: "swipe", reaching: .ended) == decided)
        let up = try ReplayFixture("playground-swipe-up", PlaygroundScene.self, profile: profile(name))
        #expect(up.outcome("swipe") == ("failed", "not met: went up, allowed right|left", "0"))
        #expect(up.time(of: "swipe", reaching: .failed) == decided)
    }

    @Test(arguments: ThresholdProfile.all.map(\.name))
    func theSingleTapWaitsForTheDoubleTapsIntervalToExpire(_ name: String) throws {
        let replay = try ReplayFixture("playground-single-tap", PlaygroundScene.self, profile: profile(name))
        let expiry = 0.06 + profile(name).multiTapInterval.seconds
        let waiting = try #require(replay.transitions.first { $0.recognizer == "singleTap" })
        #expect(waiting.timestamp == 0.06)
        #expect(waiting.reason == .waitingForFailure(of: "doubleTap"))
        #expect(abs(try #require(replay.time(of: "doubleTap", reaching: .failed)) - expiry) < 1e-9)
        #expect(abs(try #require(replay.time(of: "singleTap", reaching: .ended)) - expiry) < 1e-9)
        #expect(replay.outcome("singleTap") == ("ended", "doubleTap failed", "1"))
        #expect(replay.outcome("doubleTap").state == "failed")
    }

    @Test(arguments: ThresholdProfile.all.map(\.name))
    func aDoubleTapFailsTheSingleTapThatRequiredItsFailure(_ name: String) throws {
        let replay = try ReplayFixture("playground-double-tap", PlaygroundScene.self, profile: profile(name))
        #expect(replay.outcome("doubleTap") == ("ended", "recognized: 2 tap(s) of 1 finger(s)", "1"))
        #expect(replay.outcome("singleTap") == ("failed", "because doubleTap recognized", "0"))
        #expect(replay.time(of: "singleTap", reaching: .ended) == nil)
        // Both taps' lifts were held; the recognition cancels them in one call.
        #expect(replay.lines(of: "tapPairPad").last == "tapPairPad touchesCancelled 0@140,160 0@142,160")
    }

    @Test(arguments: ThresholdProfile.all.map(\.name))
    func spreadingTwoFingersPinchesTheSquareToScaleTwo(_ name: String) throws {
        let replay = try ReplayFixture("playground-pinch", PlaygroundScene.self, profile: profile(name))
        #expect(replay.time(of: "pinch", reaching: .began) == 0.016)
        #expect(replay.outcome("pinch") == ("ended", "touches lifted", "1"))
        #expect(replay.snapshot.facts["pinch.values"] == "scale=2 velocity=15.625 span=160")
        #expect(replay.snapshot.facts["pinchSquare.scale"] == "2")
        #expect(replay.snapshot.views["pinchSquare"] == [64, 444, 192, 192])
        let one = try ReplayFixture("playground-pinch-one-finger", PlaygroundScene.self, profile: profile(name))
        #expect(one.outcome("pinch") == ("failed", "touch count: 1, needs 2", "0"))
        #expect(one.snapshot.facts["pinchSquare.scale"] == "1")
    }

    @Test(arguments: [("uikit", 0.032), ("gtk", 0.016), ("flutter", 0.048), ("android", 0.016),
                      ("chromium", 0.032), ("qt", 0.032)])
    func turningFingersBeginTheRotationOnceTheArcPassesTheSlop(_ name: String, _ began: Double) throws {
        let replay = try ReplayFixture("playground-rotation", PlaygroundScene.self, profile: profile(name))
        #expect(replay.time(of: "rotation", reaching: .began) == began)
        #expect(replay.outcome("rotation").state == "ended")
        // Three 10° steps after the first: 40° in all, the square turned by as much (0.698 rad).
        #expect(replay.snapshot.facts["rotationSquare.angle"] == "0.698")
        let still = try ReplayFixture("playground-rotation-still", PlaygroundScene.self, profile: profile(name))
        let arc = FactText.number(profile(name).slop.value)
        #expect(still.outcome("rotation") == ("failed", "not met: lifted before turning \(arc) points of arc", "0"))
    }

    @Test(arguments: [("uikit", 0.032), ("gtk", 0.032), ("flutter", 0.064), ("android", 0.032),
                      ("chromium", 0.048), ("qt", 0.032)])
    func aDragBeginsThePanPastThePanStartAndMovesTheKnob(_ name: String, _ began: Double) throws {
        let replay = try ReplayFixture("playground-pan", PlaygroundScene.self, profile: profile(name))
        #expect(replay.time(of: "pan", reaching: .began) == began)
        #expect(replay.outcome("pan") == ("ended", "touches lifted", "1"))
        #expect(replay.snapshot.facts["panKnob.offset"] == "60 0")
        #expect(replay.snapshot.views["panKnob"] == [828, 508, 64, 64])
        let still = try ReplayFixture("playground-pan-still", PlaygroundScene.self, profile: profile(name))
        let start = FactText.number(profile(name).panStart.value)
        #expect(still.outcome("pan") == ("failed", "not met: lifted before moving \(start)", "0"))
        #expect(still.snapshot.facts["panKnob.offset"] == "0 0")
    }

    @Test(arguments: ThresholdProfile.all.map(\.name))
    func aCompositorCancelCancelsTheBegunPanAndPutsTheKnobBack(_ name: String) throws {
        let replay = try ReplayFixture("playground-pan-cancel", PlaygroundScene.self, profile: profile(name))
        #expect(replay.outcome("pan") == ("cancelled", "cancelled by a touch cancel", "1"))
        #expect(replay.time(of: "pan", reaching: .cancelled) == 0.032)
        #expect(replay.snapshot.facts["panKnob.offset"] == "0 0")
        #expect(replay.snapshot.facts["panPad.shows"] == "cancelled")
    }

    // MARK: - Pixels and determinism

    @Test func padsShowTheirStateColours() throws {
        let tap = try ReplayFixture("playground-tap", PlaygroundScene.self)
        let image = try tap.session.render()
        #expect(image.pixel(at: 60, 60) == argb(RecognizerPad.recognizedColor))
        #expect(image.pixel(at: 380, 60) == argb(RecognizerPad.possibleColor))
        #expect(image.pixel(at: 5, 5) == argb(PlaygroundScene.background))
        let cancelled = try ReplayFixture("playground-pan-cancel", PlaygroundScene.self).session.render()
        #expect(cancelled.pixel(at: 700, 420) == argb(RecognizerPad.cancelledColor))
        let failed = try ReplayFixture("playground-tap-moved12", PlaygroundScene.self).session.render()
        #expect(failed.pixel(at: 60, 60) == argb(RecognizerPad.failedColor))
        let pan = try ReplayFixture("playground-pan", PlaygroundScene.self).session.render()
        #expect(pan.pixel(at: 860, 540) == argb(PlaygroundScene.markerColor))
        #expect(pan.pixel(at: 800, 540) == argb(RecognizerPad.recognizedColor))
    }

    @Test func theColourOfEveryStateIsDistinct() {
        let colors = GestureRecognizerState.allCases.map(RecognizerPad.color(for:))
        #expect(Set(colors.map(argb)).count == 5)
        #expect(RecognizerPad.color(for: .began) == RecognizerPad.color(for: .changed))
    }

    @Test(arguments: playgroundFixtures)
    func replaysAreDeterministicUnderEveryProfile(_ name: String) throws {
        for threshold in ThresholdProfile.all {
            let first = try ReplayFixture(name, PlaygroundScene.self, profile: threshold)
            let second = try ReplayFixture(name, PlaygroundScene.self, profile: threshold)
            #expect(!first.session.deliveriesLog.isEmpty)
            #expect(first.session.deliveriesLog == second.session.deliveriesLog, "\(name) under \(threshold.name)")
            #expect(first.snapshot == second.snapshot, "\(name) under \(threshold.name)")
        }
    }
}
