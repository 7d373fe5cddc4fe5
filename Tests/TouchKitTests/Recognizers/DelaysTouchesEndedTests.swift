import Testing
import TouchKit

@Suite struct DelaysTouchesEndedTests {
    private func doubleTapRig(delaysEnded: Bool) -> (Rig, TapGestureRecognizer) {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        let tap = TapGestureRecognizer(name: "double")
        tap.numberOfTapsRequired = 2
        tap.delaysTouchesEnded = delaysEnded
        rig.attach(tap, to: view)
        return (rig, tap)
    }

    /// The view's own calls as "t method id phase, id phase…".
    private func timedCalls(_ rig: Rig) -> [String] {
        rig.recorder.entries.compactMap { entry in
            guard case .call(let call) = entry, call.responder == "V" else { return nil }
            let touches = call.touches.map { "\($0.id) \($0.phase.rawValue)" }.joined(separator: ", ")
            return "\(num(call.timestamp)) \(call.method.rawValue) \(touches)"
        }
    }

    @Test func whileUndecidedTheEndWaitsAndArrivesWhenTheRecognizerFails() {
        let (rig, _) = doubleTapRig(delaysEnded: true)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        #expect(timedCalls(rig) == ["1 touchesBegan 0 began"])
        rig.wait(until: 2.0)   // the multi-tap interval (350 ms) expires at 1.43
        #expect(timedCalls(rig) == ["1 touchesBegan 0 began", "1.43 touchesEnded 0 ended"])
    }

    @Test func onRecognitionTheHeldEndBecomesACancel() {
        let (rig, _) = doubleTapRig(delaysEnded: true)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        rig.send(at: 1.2, down(1, 50, 50))
        rig.send(at: 1.28, up(1, 50, 50))
        #expect(timedCalls(rig) == [
            "1 touchesBegan 0 began", "1.2 touchesBegan 1 began",
            "1.28 touchesCancelled 0 cancelled, 1 cancelled",
        ])
    }

    @Test func withoutDelayTheEndArrivesAtOnce() {
        let (rig, tap) = doubleTapRig(delaysEnded: false)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.08, up(0, 50, 50))
        #expect(tap.state == .possible)
        #expect(timedCalls(rig) == ["1 touchesBegan 0 began", "1.08 touchesEnded 0 ended"])
        rig.send(at: 1.2, down(1, 50, 50))
        rig.send(at: 1.28, up(1, 50, 50))
        // The second tap's touch is still cancelled: the recognizer sees its end before the view does.
        #expect(timedCalls(rig).suffix(2) == ["1.2 touchesBegan 1 began", "1.28 touchesCancelled 1 cancelled"])
    }
}
