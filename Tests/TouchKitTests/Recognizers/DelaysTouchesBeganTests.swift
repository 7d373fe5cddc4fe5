import Testing
import TouchKit

@Suite struct DelaysTouchesBeganTests {
    private func rig<R: GestureRecognizer>(_ recognizer: R) -> (Rig, ActionLog) {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        recognizer.delaysTouchesBegan = true
        return (rig, rig.attach(recognizer, to: view))
    }

    /// The view's own calls as "t method x".
    private func timedCalls(_ rig: Rig) -> [String] {
        rig.recorder.entries.compactMap { entry in
            guard case .call(let call) = entry, call.responder == "V", let touch = call.touches.first else { return nil }
            return "\(num(call.timestamp)) \(call.method.rawValue) \(num(touch.location.x))"
        }
    }

    @Test func onRecognitionTheHeldTouchIsDroppedAndTheViewNeverSeesIt() {
        let (rig, actions) = rig(TapGestureRecognizer(name: "tap"))
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.1, up(0, 50, 50))
        #expect(actions.states == [.ended])
        #expect(viewCalls(rig.takeLog(), of: "V") == ["withheld 0 V cancelledInView"])
    }

    @Test func onFailureTheHeldCallsArriveLateWithTheirOwnLocations() {
        let (rig, _) = rig(TapGestureRecognizer(name: "tap"))
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.1, move(0, 55, 50))
        #expect(timedCalls(rig).isEmpty)
        rig.send(at: 1.2, move(0, 62, 50))   // beyond the slop: the tap fails
        rig.send(at: 1.3, up(0, 62, 50))
        #expect(timedCalls(rig) == [
            "1.2 touchesBegan 50", "1.2 touchesMoved 55", "1.2 touchesMoved 62", "1.3 touchesEnded 62",
        ])
    }

    @Test func aRecognitionOnATimerWithholdsTheTouchAtTheTimersTime() {
        let (rig, actions) = rig(LongPressGestureRecognizer(name: "press"))
        rig.send(at: 1.0, down(0, 50, 50))
        rig.wait(until: 2.0)
        rig.send(at: 2.1, move(0, 70, 50))
        rig.send(at: 2.2, up(0, 70, 50))
        #expect(actions.states == [.began, .changed, .ended])
        #expect(timedCalls(rig).isEmpty)
        let withheld = rig.recorder.entries.compactMap { entry -> WithheldTouch? in
            if case .withheld(let touch) = entry { return touch }
            return nil
        }
        #expect(withheld == [WithheldTouch(timestamp: 1.5, id: 0, view: "V", reason: .cancelledInView,
                                           location: Point(x: 50, y: 50))])
    }

    @Test func aCancelWhileHeldFailsTheRecognizerSoTheViewGetsTheBeginThenTheCancel() {
        let (rig, _) = rig(TapGestureRecognizer(name: "tap"))
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.1, cancel(0, 50, 50))
        #expect(timedCalls(rig) == ["1.1 touchesBegan 50", "1.1 touchesCancelled 50"])
    }
}
