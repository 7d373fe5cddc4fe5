import Foundation
import Testing
import TouchKit

/// A delegate that lets its recognizer recognize with any other.
final class Simultaneous: GestureRecognizerDelegate {
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}

/// A delegate that refuses to let its recognizer begin.
private final class Refuse: GestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
}

@Suite struct SimultaneousRecognitionTests {
    /// Two fingers around (150, 200), `span` apart, their line turned by `angle` radians.
    private func fingers(_ phase: (Int32, Double, Double) -> TouchInput, span: Double, angle: Double) -> [TouchInput] {
        let dx = span / 2 * cos(angle), dy = span / 2 * sin(angle)
        return [phase(0, 150 - dx, 200 - dy), phase(1, 150 + dx, 200 + dy)]
    }

    /// Spread first (span +20, arc 6: the pinch begins), then turn (arc 24: the rotation would begin).
    private func spreadThenTurn(_ delegate: GestureRecognizerDelegate?) -> (pinch: ActionLog, rotation: ActionLog, log: [String]) {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 320, 400))
        let pinch = PinchGestureRecognizer(name: "pinch")
        let rotation = RotationGestureRecognizer(name: "rotation")
        rotation.delegate = delegate
        let pinchLog = rig.attach(pinch, to: view)
        let rotationLog = rig.attach(rotation, to: view)
        let frames = [fingers(down, span: 100, angle: 0), fingers(move, span: 120, angle: 0.1),
                      fingers(move, span: 120, angle: 0.4), fingers(move, span: 130, angle: 0.5),
                      fingers(up, span: 130, angle: 0.5)]
        for (index, inputs) in frames.enumerated() {
            let t = 1.0 + Double(index) * 0.02
            rig.clock.advance(to: t)
            rig.app.handle(InputFrame(timestamp: t, passes: [inputs]))
        }
        return (pinchLog, rotationLog, rig.takeLog())
    }

    @Test func withoutConsentTheFirstToBeginWinsAndTheOtherFails() {
        let (pinch, rotation, log) = spreadThenTurn(nil)
        #expect(pinch.states == [.began, .changed, .changed, .ended])
        #expect(rotation.states.isEmpty)
        #expect(transitions(log, of: "rotation").first == "rotation possible→failed because pinch recognized")
    }

    @Test func withTheDelegatesConsentPinchAndRotationRunTogether() {
        let (pinch, rotation, log) = spreadThenTurn(Simultaneous())
        #expect(pinch.states == [.began, .changed, .changed, .ended])
        #expect(rotation.states == [.began, .changed, .ended])
        #expect(states(log, of: "rotation") == ["possible→began", "began→changed", "changed→ended", "ended→possible"])
    }

    @Test func aLongPressBeginningFailsATapOnTheSameView() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        let tap = rig.attach(TapGestureRecognizer(name: "tap"), to: view)
        let press = rig.attach(LongPressGestureRecognizer(name: "press"), to: view)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.wait(until: 1.6)
        rig.send(at: 1.7, up(0, 50, 50))
        #expect(press.states == [.began, .ended])
        #expect(tap.states.isEmpty)
        #expect(transitions(rig.takeLog(), of: "tap").first == "tap possible→failed because press recognized")
    }

    @Test func aRecognizerOnASuperviewCompetesWithOneOnTheHitView() {
        let rig = Rig()
        let outer = rig.addView("outer", rect(0, 0, 300, 300))
        let inner = rig.addView("inner", rect(0, 0, 100, 100), to: outer)
        let pan = rig.attach(PanGestureRecognizer(name: "pan"), to: outer)
        let tap = rig.attach(TapGestureRecognizer(name: "tap"), to: inner)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.1, up(0, 50, 50))
        #expect(tap.states == [.ended])
        #expect(transitions(rig.takeLog(), of: "pan").first == "pan possible→failed because tap recognized")
        #expect(pan.states.isEmpty)
    }

    @Test func aDelegateThatDeclinesLetsTheOtherRecognizerWin() {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 300, 300))
        let refuse = Refuse()
        let pan = PanGestureRecognizer(name: "pan")
        pan.delegate = refuse
        let panLog = rig.attach(pan, to: view)
        let swipeLog = rig.attach(SwipeGestureRecognizer(name: "swipe"), to: view)
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.02, move(0, 70, 50))
        #expect(panLog.states.isEmpty)
        #expect(swipeLog.states == [.ended])
        #expect(transitions(rig.takeLog(), of: "pan").first == "pan possible→failed delegate declined to begin")
    }
}
