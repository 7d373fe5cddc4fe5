import Testing
import TouchKit

@Suite struct TapRecognizerTests {
    private func tapRig(_ profile: ThresholdProfile = .uikit, taps: Int = 1, touches: Int = 1)
        -> (Rig, TapGestureRecognizer, ActionLog) {
        let rig = Rig(profile: profile)
        let view = rig.addView("V", rect(0, 0, 200, 200))
        view.isMultipleTouchEnabled = true
        let tap = TapGestureRecognizer(name: "tap")
        tap.numberOfTapsRequired = taps
        tap.numberOfTouchesRequired = touches
        return (rig, tap, rig.attach(tap, to: view))
    }

    @Test func aTapRecognizesAtTheLiftAndResets() {
        let (rig, _, actions) = tapRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.1, move(0, 53, 54))
        rig.send(at: 1.2, up(0, 53, 54))
        let log = rig.takeLog()
        #expect(transitions(log, of: "tap") == [
            "tap possible→ended recognized: 1 tap(s) of 1 finger(s)", "tap ended→possible reset",
        ])
        #expect(actions.states == [.ended])
        // cancelsTouchesInView and delaysTouchesEnded: the view saw the touch begin and move, then a cancel, never the end.
        #expect(viewCalls(log, of: "V") == [
            "V touchesBegan 0@(50,50)", "V touchesMoved 0@(53,54)", "V touchesCancelled 0@(53,54)",
        ])
    }

    @Test func movingBeyondTheSlopFailsAndTheViewGetsEverything() {
        let (rig, tap, actions) = tapRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.1, move(0, 61, 50))   // 11 > UIKit's 10
        #expect(tap.state == .failed)
        rig.send(at: 1.2, up(0, 61, 50))
        let log = rig.takeLog()
        #expect(transitions(log, of: "tap") == ["tap possible→failed slop exceeded: moved 11 > 10", "tap failed→possible reset"])
        #expect(actions.states.isEmpty)
        #expect(viewCalls(log, of: "V") == ["V touchesBegan 0@(50,50)", "V touchesMoved 0@(61,50)", "V touchesEnded 0@(61,50)"])
    }

    @Test func aSecondFingerFailsAOneFingerTap() {
        let (rig, _, actions) = tapRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.05, down(1, 80, 50))
        rig.send(at: 1.1, up(0, 50, 50), up(1, 80, 50))
        #expect(states(rig.takeLog(), of: "tap") == ["possible→failed", "failed→possible"])
        #expect(actions.states.isEmpty)
    }

    @Test func aTwoFingerTapNeedsBothFingers() {
        let (rig, _, actions) = tapRig(touches: 2)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.1, up(0, 50, 50))
        #expect(transitions(rig.takeLog(), of: "tap").first == "tap possible→failed touch count: 1, needs 2")
        rig.send(at: 2.0, down(0, 50, 50), down(1, 90, 50))
        rig.send(at: 2.1, up(0, 50, 50))
        #expect(actions.states.isEmpty)
        rig.send(at: 2.12, up(1, 90, 50))
        #expect(actions.states == [.ended])
    }

    @Test func aDoubleTapRecognizesOnTheSecondLift() {
        let (rig, tap, actions) = tapRig(taps: 2)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        #expect(tap.state == .possible && tap.numberOfTapsCompleted == 1)
        rig.send(at: 1.3, down(0, 55, 52))
        rig.send(at: 1.38, up(0, 55, 52))
        #expect(actions.states == [.ended])
        #expect(states(rig.takeLog(), of: "tap") == ["possible→ended", "ended→possible"])
    }

    @Test func aDoubleTapFailsWhenTheIntervalExpiresOnTheClock() {
        let (rig, tap, actions) = tapRig(taps: 2)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        rig.wait(until: 1.429)              // UIKit's interval is 350 ms: not yet
        #expect(tap.state == .possible)
        rig.wait(until: 1.5)
        let steps = recordedTransitions(rig.recorder)
        #expect(abs((steps.first?.timestamp ?? 0) - 1.43) < 1e-9)   // the up's time plus the interval
        #expect(steps.first?.reason == .timerExpired("multi-tap interval 0.35 s before tap 2"))
        #expect(states(rig.takeLog(), of: "tap") == ["possible→failed", "failed→possible"])
        #expect(actions.states.isEmpty)
    }

    @Test func aSecondTapTooFarAwayFails() {
        let (rig, _, actions) = tapRig(taps: 2)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        rig.send(at: 1.2, down(0, 150, 50))   // 100 > UIKit's 45
        #expect(transitions(rig.takeLog(), of: "tap").first
                == "tap possible→failed not met: tap 2 went down 100 from the first, more than 45")
        rig.send(at: 1.3, up(0, 150, 50))
        #expect(actions.states.isEmpty)
    }

    @Test func aCancelledTouchFailsTheTapAndTheViewSeesTheCancel() {
        let (rig, _, actions) = tapRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.1, cancel(0, 50, 50))
        let log = rig.takeLog()
        #expect(transitions(log, of: "tap") == ["tap possible→failed cancelled by a touch cancel", "tap failed→possible reset"])
        #expect(viewCalls(log, of: "V") == ["V touchesBegan 0@(50,50)", "V touchesCancelled 0@(50,50)"])
        #expect(actions.states.isEmpty)
    }

    @Test func theRecognizerServesTheNextGestureAfterReset() {
        let (rig, _, actions) = tapRig()
        for start in [1.0, 2.0, 3.0] {
            rig.send(at: start, down(0, 50, 50))
            rig.send(at: start + 0.1, up(0, 50, 50))
        }
        #expect(actions.states == [.ended, .ended, .ended])
    }

    @Test func aTapOnASubviewIsSeenByTheSuperviewsRecognizer() {
        let (rig, _, actions) = tapRig()
        let child = rig.addView("child", rect(10, 10, 50, 50), to: rig.window.subviews[0])
        rig.send(at: 1.0, down(0, 20, 20))
        rig.send(at: 1.1, up(0, 20, 20))
        #expect(actions.states == [.ended])
        #expect(viewCalls(rig.takeLog(), of: child.name) == ["child touchesBegan 0@(10,10)", "child touchesCancelled 0@(10,10)"])
    }
}
