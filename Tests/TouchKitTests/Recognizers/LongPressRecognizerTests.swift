import Testing
import TouchKit

@Suite struct LongPressRecognizerTests {
    private func pressRig(_ profile: ThresholdProfile = .uikit) -> (Rig, LongPressGestureRecognizer, ActionLog) {
        let rig = Rig(profile: profile)
        let view = rig.addView("V", rect(0, 0, 200, 200))
        let press = LongPressGestureRecognizer(name: "press")
        return (rig, press, rig.attach(press, to: view))
    }

    @Test func itBeginsOnTheTimerChangesOnMovesAndEndsOnTheLift() {
        let (rig, press, actions) = pressRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.wait(until: 1.499)
        #expect(press.state == .possible)
        rig.wait(until: 1.6)
        #expect(press.state == .began)
        rig.send(at: 1.7, move(0, 90, 50))   // any distance once begun
        rig.send(at: 1.8, up(0, 90, 50))
        let log = rig.takeLog()
        #expect(transitions(log, of: "press") == [
            "press possible→began timer expired: minimum press duration 0.5 s", "press began→changed touches moved",
            "press changed→ended touches lifted", "press ended→possible reset",
        ])
        #expect(actions.states == [.began, .changed, .ended])
        // The view's touch is cancelled when the press begins, at the timer's time.
        #expect(viewCalls(log, of: "V") == ["V touchesBegan 0@(50,50)", "V touchesCancelled 0@(50,50)"])
        #expect(recordedTransitions(rig.recorder).isEmpty)
    }

    @Test func theBeganTransitionCarriesTheTimerTime() {
        let (rig, _, _) = pressRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.wait(until: 2.0)
        let began = recordedTransitions(rig.recorder).first
        #expect(began?.timestamp == 1.5)
        #expect(began?.values.first == RecognizerMeasurement("held", 0.5))
    }

    @Test func movingBeyondTheAllowableMovementFails() {
        let (rig, press, actions) = pressRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.2, move(0, 50, 62))
        rig.wait(until: 2.0)
        #expect(press.state == .failed)
        #expect(transitions(rig.takeLog(), of: "press") == ["press possible→failed slop exceeded: moved 12 > 10"])
        #expect(actions.states.isEmpty)
    }

    @Test func liftingEarlyFailsAndTheViewGetsTheEnd() {
        let (rig, _, actions) = pressRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.3, up(0, 50, 50))
        rig.wait(until: 2.0)
        let log = rig.takeLog()
        #expect(transitions(log, of: "press") == [
            "press possible→failed not met: lifted after 0.3 s, before 0.5 s", "press failed→possible reset",
        ])
        #expect(viewCalls(log, of: "V") == ["V touchesBegan 0@(50,50)", "V touchesEnded 0@(50,50)"])
        #expect(actions.states.isEmpty)
    }

    @Test func tooManyFingersFail() {
        let (rig, press, _) = pressRig()
        rig.send(at: 1.0, down(0, 50, 50), down(1, 60, 60))
        #expect(press.state == .failed)
        #expect(transitions(rig.takeLog(), of: "press") == ["press possible→failed touch count: 2, needs 1"])
    }

    @Test func twoFingerPressStartsItsTimerWhenTheSecondFingerLands() {
        let (rig, press, actions) = pressRig()
        press.numberOfTouchesRequired = 2
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.2, down(1, 60, 60))
        rig.wait(until: 1.69)
        #expect(press.state == .possible)
        rig.wait(until: 1.7)
        #expect(actions.states == [.began])
    }

    @Test func aTouchCancelMidGestureCancelsIt() {
        let (rig, _, actions) = pressRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.wait(until: 1.6)
        rig.send(at: 1.7, cancel(0, 50, 50))
        #expect(states(rig.takeLog(), of: "press") == ["possible→began", "began→cancelled", "cancelled→possible"])
        #expect(actions.states == [.began, .cancelled])
    }

    @Test func theProfileSetsTheDuration() {
        let (rig, press, _) = pressRig(.qt)   // 800 ms
        rig.send(at: 1.0, down(0, 50, 50))
        rig.wait(until: 1.7)
        #expect(press.state == .possible)
        rig.wait(until: 1.8)
        #expect(press.state == .began)
        press.minimumPressDuration = 0.2
        #expect(press.minimumPressDuration == 0.2)
    }
}
