import Testing
import TouchKit

/// A delegate answering the failure-requirement questions from fixed sets.
private final class Requirements: GestureRecognizerDelegate {
    var requireFailureOf: [GestureRecognizer] = []
    var requiredToFailBy: [GestureRecognizer] = []
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        requireFailureOf.contains { $0 === other }
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        requiredToFailBy.contains { $0 === other }
    }
}

@Suite struct RequireToFailTests {
    /// A view with a single tap and a double tap; `relate` makes the single wait for the double.
    private func taps(_ relate: (TapGestureRecognizer, TapGestureRecognizer) -> Void)
        -> (Rig, single: ActionLog, double: ActionLog) {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        relate(single, double)
        let singleLog = rig.attach(single, to: view)
        let doubleLog = rig.attach(double, to: view)
        return (rig, singleLog, doubleLog)
    }

    @Test func aSingleTapFiresOnlyOnceTheDoubleTapWindowHasExpired() {
        let (rig, single, double) = taps { single, double in single.require(toFail: double) }
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        #expect(single.states.isEmpty)                // never at the first up
        rig.wait(until: 1.429)
        #expect(single.states.isEmpty)
        rig.wait(until: 1.431)                        // 1.08 + UIKit's 350 ms, plus float noise
        #expect(single.states == [.ended])
        #expect(double.states.isEmpty)
        let steps = recordedTransitions(rig.recorder).filter { $0.recognizer == "single" && $0.to == .ended }
        #expect(steps.count == 1 && abs(steps[0].timestamp - 1.43) < 1e-9)
        #expect(transitions(rig.takeLog(), of: "single") == [
            "single possible→possible waiting for failure of double", "single possible→ended double failed",
            "single ended→possible reset",
        ])
    }

    @Test func aDoubleTapWinsAndTheSingleTapNeverFires() {
        let (rig, single, double) = taps { single, double in single.require(toFail: double) }
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        rig.send(at: 1.2, down(1, 52, 50))
        rig.send(at: 1.28, up(1, 52, 50))
        rig.wait(until: 2.0)
        #expect(double.states == [.ended])
        #expect(single.states.isEmpty)
        #expect(transitions(rig.takeLog(), of: "single") == [
            "single possible→possible waiting for failure of double",
            "single possible→failed because double recognized", "single failed→possible reset",
        ])
    }

    @Test func withoutTheRequirementBothFire() {
        let (rig, single, double) = taps { _, _ in }
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        #expect(single.states == [.ended])            // at the first up
        rig.send(at: 1.2, down(1, 52, 50))
        rig.send(at: 1.28, up(1, 52, 50))
        // The double tap lost the first touch to the single tap; the second tap starts it afresh.
        #expect(double.states.isEmpty)
        #expect(single.states == [.ended, .ended])
    }

    @Test func theDelegateCanAskForTheRequirement() {
        let delegate = Requirements()
        let (rig, single, _) = taps { single, double in
            delegate.requireFailureOf = [double]
            single.delegate = delegate
        }
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        #expect(single.states.isEmpty)
        rig.wait(until: 1.5)
        #expect(single.states == [.ended])
    }

    @Test func theOtherDelegateCanImposeTheRequirement() {
        let delegate = Requirements()
        let (rig, single, _) = taps { single, double in
            delegate.requiredToFailBy = [single]
            double.delegate = delegate
        }
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        #expect(single.states.isEmpty)
        rig.wait(until: 1.5)
        #expect(single.states == [.ended])
    }
}
