import Testing
import TouchKit

@Suite struct SwipeRecognizerTests {
    private func swipeRig(_ direction: SwipeDirection = .right) -> (Rig, SwipeGestureRecognizer, ActionLog) {
        let rig = Rig()
        let view = rig.addView("V", rect(0, 0, 320, 400))
        let swipe = SwipeGestureRecognizer(name: "swipe")
        swipe.direction = direction
        return (rig, swipe, rig.attach(swipe, to: view))
    }

    @Test func aQuickStrokeRightRecognizesWhileMoving() {
        let (rig, swipe, actions) = swipeRig()
        rig.send(at: 1.0, down(0, 50, 100))
        rig.send(at: 1.016, move(0, 58, 101))
        #expect(swipe.state == .possible)
        rig.send(at: 1.032, move(0, 70, 102))
        #expect(swipe.state == .ended)
        #expect(actions.states == [.ended])
        rig.send(at: 1.048, move(0, 90, 102))
        rig.send(at: 1.064, up(0, 90, 102))
        let log = rig.takeLog()
        #expect(transitions(log, of: "swipe") == ["swipe possible→ended recognized: right 20 ≥ 10", "swipe ended→possible reset"])
        #expect(viewCalls(log, of: "V") == [
            "V touchesBegan 0@(50,100)", "V touchesMoved 0@(58,101)", "V touchesCancelled 0@(70,102)",
        ])
    }

    @Test func aStrokeTheOtherWayFails() {
        let (rig, _, actions) = swipeRig()
        rig.send(at: 1.0, down(0, 100, 100))
        rig.send(at: 1.02, move(0, 80, 100))
        #expect(transitions(rig.takeLog(), of: "swipe") == ["swipe possible→failed not met: went left, allowed right"])
        #expect(actions.states.isEmpty)
    }

    @Test func aSlowStrokeFails() {
        let (rig, _, _) = swipeRig()
        rig.send(at: 1.0, down(0, 50, 100))
        rig.send(at: 2.0, move(0, 62, 100))   // 12 points in 1 s < 50 points/s
        #expect(transitions(rig.takeLog(), of: "swipe") == [
            "swipe possible→failed not met: 12 points/s is slower than 50",
        ])
    }

    @Test func aDiagonalStrokeIsOffTheAxis() {
        let (rig, swipe, _) = swipeRig()
        rig.send(at: 1.0, down(0, 50, 100))
        rig.send(at: 1.02, move(0, 62, 110))
        #expect(swipe.state == .failed)
    }

    @Test func anyAllowedDirectionRecognizes() {
        let (rig, swipe, actions) = swipeRig([.left, .up])
        rig.send(at: 1.0, down(0, 50, 100))
        rig.send(at: 1.02, move(0, 51, 80))
        #expect(swipe.state == .ended)
        #expect(actions.states == [.ended])
    }

    @Test func twoFingerSwipesNeedBothFingers() {
        let (rig, swipe, actions) = swipeRig()
        swipe.numberOfTouchesRequired = 2
        rig.send(at: 1.0, down(0, 50, 100))
        rig.send(at: 1.01, move(0, 70, 100))
        #expect(swipe.state == .possible)      // not watching yet: one finger
        rig.send(at: 1.02, down(1, 70, 150))
        rig.send(at: 1.04, move(0, 85, 100), move(1, 85, 150))
        #expect(actions.states == [.ended])
    }

    @Test func liftingBeforeTheDistanceFails() {
        let (rig, _, _) = swipeRig()
        rig.send(at: 1.0, down(0, 50, 100))
        rig.send(at: 1.02, up(0, 55, 100))
        #expect(transitions(rig.takeLog(), of: "swipe").first == "swipe possible→failed not met: lifted before moving 10")
    }

    @Test func aTouchCancelFailsTheSwipe() {
        let (rig, _, actions) = swipeRig()
        rig.send(at: 1.0, down(0, 50, 100))
        rig.send(at: 1.01, move(0, 55, 100))
        rig.send(at: 1.02, cancel(0, 55, 100))
        #expect(transitions(rig.takeLog(), of: "swipe") == [
            "swipe possible→failed cancelled by a touch cancel", "swipe failed→possible reset",
        ])
        #expect(actions.states.isEmpty)
    }
}
