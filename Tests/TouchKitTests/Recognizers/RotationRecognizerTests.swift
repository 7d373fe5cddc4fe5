import Foundation
import Testing
import TouchKit

@Suite struct RotationRecognizerTests {
    private func rotationRig() -> (Rig, RotationGestureRecognizer, ActionLog) {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 320, 400))
        let rotation = RotationGestureRecognizer(name: "rotation")
        return (rig, rotation, rig.attach(rotation, to: view))
    }

    /// Two fingers 100 apart around (150, 200), the line between them turned by `angle` radians.
    private func fingers(_ phase: (Int32, Double, Double) -> TouchInput, at angle: Double) -> [TouchInput] {
        let dx = 50 * cos(angle), dy = 50 * sin(angle)
        return [phase(0, 150 - dx, 200 - dy), phase(1, 150 + dx, 200 + dy)]
    }

    private func send(_ rig: Rig, at t: Double, _ inputs: [TouchInput]) {
        rig.clock.advance(to: t)
        rig.app.handle(InputFrame(timestamp: t, passes: [inputs]))
    }

    @Test func turningBeginsPastTheArcAndMeasuresRadiansClockwise() {
        let (rig, rotation, actions) = rotationRig()
        send(rig, at: 1.0, fingers(down, at: 0))
        send(rig, at: 1.02, fingers(move, at: 0.1))         // arc 5 < 10
        #expect(rotation.state == .possible)
        send(rig, at: 1.04, fingers(move, at: 0.3))         // arc 15
        #expect(rotation.state == .began)
        #expect(abs(rotation.rotation - 0.3) < 1e-9)
        send(rig, at: 1.06, fingers(move, at: 0.6))
        #expect(abs(rotation.rotation - 0.6) < 1e-9)
        #expect(abs(rotation.velocity - 0.6 / 0.06) < 1e-6)
        send(rig, at: 1.08, fingers(up, at: 0.6))
        #expect(actions.states == [.began, .changed, .ended])
    }

    @Test func rotationAccumulatesPastHalfATurn() {
        let (rig, rotation, _) = rotationRig()
        send(rig, at: 1.0, fingers(down, at: 0))
        for step in 1...4 { send(rig, at: 1.0 + Double(step) * 0.02, fingers(move, at: Double(step))) }
        #expect(abs(rotation.rotation - 4) < 1e-9)          // not wrapped into (-π, π]
        send(rig, at: 1.1, fingers(move, at: 3))
        #expect(abs(rotation.rotation - 3) < 1e-9)
    }

    @Test func anticlockwiseIsNegative() {
        let (rig, rotation, _) = rotationRig()
        send(rig, at: 1.0, fingers(down, at: 0))
        send(rig, at: 1.02, fingers(move, at: -0.5))
        #expect(rotation.state == .began)
        #expect(abs(rotation.rotation + 0.5) < 1e-9)
    }

    @Test func tooLittleTurnFailsOnTheLift() {
        let (rig, _, actions) = rotationRig()
        send(rig, at: 1.0, fingers(down, at: 0))
        send(rig, at: 1.02, fingers(move, at: 0.1))
        send(rig, at: 1.04, fingers(up, at: 0.1))
        #expect(transitions(rig.takeLog(), of: "rotation").first
                == "rotation possible→failed not met: lifted before turning 10 points of arc")
        #expect(actions.states.isEmpty)
    }

    @Test func aTouchCancelMidRotationCancelsIt() {
        let (rig, _, actions) = rotationRig()
        send(rig, at: 1.0, fingers(down, at: 0))
        send(rig, at: 1.02, fingers(move, at: 0.5))
        send(rig, at: 1.04, fingers(cancel, at: 0.5))
        #expect(actions.states == [.began, .cancelled])
    }
}
