import Testing
import TouchKit

@Suite struct PinchRecognizerTests {
    private func pinchRig() -> (Rig, PinchGestureRecognizer, ActionLog) {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 320, 400))
        let pinch = PinchGestureRecognizer(name: "pinch")
        return (rig, pinch, rig.attach(pinch, to: view))
    }

    @Test func spreadingFingersBeginChangeAndEndWithScaleAndVelocity() {
        let (rig, pinch, actions) = pinchRig()
        rig.send(at: 1.0, down(0, 100, 200), down(1, 200, 200))
        rig.send(at: 1.02, move(0, 96, 200), move(1, 204, 200))
        #expect(pinch.state == .possible)                    // span changed 8 < 10
        rig.send(at: 1.04, move(0, 90, 200), move(1, 210, 200))
        #expect(pinch.state == .began)
        #expect(abs(pinch.scale - 1.2) < 1e-9)
        rig.send(at: 1.06, move(0, 50, 200), move(1, 250, 200))
        #expect(abs(pinch.scale - 2) < 1e-9)
        #expect(abs(pinch.velocity - 1 / 0.06) < 1e-6)
        rig.send(at: 1.08, up(1, 250, 200))
        #expect(transitions(rig.takeLog(), of: "pinch") == [
            "pinch possible→began recognized: span changed 20 ≥ 10", "pinch began→changed touches moved",
            "pinch changed→ended touches lifted",
        ])
        #expect(actions.states == [.began, .changed, .ended])
        rig.send(at: 1.1, up(0, 50, 200))
        #expect(pinch.state == .possible)
    }

    @Test func pinchingInGivesAScaleBelowOne() {
        let (rig, pinch, _) = pinchRig()
        rig.send(at: 1.0, down(0, 100, 200), down(1, 200, 200))
        rig.send(at: 1.02, move(0, 125, 200), move(1, 175, 200))
        #expect(pinch.state == .began)
        #expect(abs(pinch.scale - 0.5) < 1e-9)
    }

    @Test func fingersLandingOnOneSpotMeasureFromTheFirstNonZeroSpan() {
        let (rig, pinch, _) = pinchRig()
        rig.send(at: 1.0, down(0, 150, 200), down(1, 150, 200))
        rig.send(at: 1.02, move(0, 145, 200), move(1, 155, 200))
        #expect(pinch.state == .possible && pinch.scale == 1)
        rig.send(at: 1.04, move(0, 140, 200), move(1, 160, 200))
        #expect(pinch.state == .began)
        #expect(abs(pinch.scale - 2) < 1e-9)
    }

    @Test func oneFingerFailsOnTouchCount() {
        let (rig, _, actions) = pinchRig()
        rig.send(at: 1.0, down(0, 100, 200))
        rig.send(at: 1.05, move(0, 150, 200))
        rig.send(at: 1.1, up(0, 150, 200))
        #expect(transitions(rig.takeLog(), of: "pinch").first == "pinch possible→failed touch count: 1, needs 2")
        #expect(actions.states.isEmpty)
    }

    @Test func aTouchCancelMidPinchCancelsIt() {
        let (rig, _, actions) = pinchRig()
        rig.send(at: 1.0, down(0, 100, 200), down(1, 200, 200))
        rig.send(at: 1.02, move(0, 80, 200), move(1, 220, 200))
        rig.send(at: 1.04, cancel(0, 80, 200), cancel(1, 220, 200))
        #expect(states(rig.takeLog(), of: "pinch") == ["possible→began", "began→cancelled", "cancelled→possible"])
        #expect(actions.states == [.began, .cancelled])
    }

    @Test func theLogCarriesScaleAndVelocity() {
        let (rig, _, _) = pinchRig()
        rig.send(at: 1.0, down(0, 100, 200), down(1, 200, 200))
        rig.send(at: 1.05, move(0, 75, 200), move(1, 225, 200))
        let began = recordedTransitions(rig.recorder).first
        #expect(began?.values.map(\.name) == ["scale", "velocity", "span"])
        #expect(began.map { abs($0.values[0].value - 1.5) < 1e-9 } == true)
        #expect(began.map { abs($0.values[1].value - 0.5 / 0.05) < 1e-6 } == true)
    }
}
