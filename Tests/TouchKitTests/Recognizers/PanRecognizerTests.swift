import Testing
import TouchKit

@Suite struct PanRecognizerTests {
    private func panRig(_ profile: ThresholdProfile = .uikit) -> (Rig, View, PanGestureRecognizer, ActionLog) {
        let rig = Rig(profile: profile)
        let view = rig.addView("V", rect(0, 0, 300, 300))
        let pan = PanGestureRecognizer(name: "pan")
        return (rig, view, pan, rig.attach(pan, to: view))
    }

    @Test func itBeginsPastThePanStartAndTracksTranslationAndVelocity() {
        let (rig, _, pan, actions) = panRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.016, move(0, 55, 50))
        #expect(pan.state == .possible)
        rig.send(at: 1.032, move(0, 62, 50))   // 12 ≥ UIKit's 10 (our choice)
        #expect(pan.state == .began)
        #expect(pan.translation(in: nil) == Point(x: 12, y: 0))
        rig.send(at: 1.048, move(0, 80, 50))
        #expect(pan.translation(in: nil) == Point(x: 30, y: 0))
        #expect(abs(pan.velocity(in: nil).x - 30 / 0.048) < 1e-6)
        rig.send(at: 1.064, up(0, 80, 50))
        let log = rig.takeLog()
        #expect(transitions(log, of: "pan") == [
            "pan possible→began recognized: moved 12 ≥ 10", "pan began→changed touches moved",
            "pan changed→ended touches lifted", "pan ended→possible reset",
        ])
        #expect(actions.states == [.began, .changed, .ended])
        #expect(viewCalls(log, of: "V") == [
            "V touchesBegan 0@(50,50)", "V touchesMoved 0@(55,50)", "V touchesCancelled 0@(62,50)",
        ])
    }

    @Test func theStartDistanceComesFromTheProfile() {
        let (rig, _, pan, _) = panRig(.flutter)   // kPanSlop 36
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.016, move(0, 80, 50))
        #expect(pan.state == .possible)
        rig.send(at: 1.032, move(0, 86, 50))
        #expect(pan.state == .began)
    }

    @Test func translationIsInTheAskedViewsCoordinates() {
        let (rig, view, pan, _) = panRig()
        let zoomed = rig.addView("zoomed", rect(0, 0, 100, 100))
        zoomed.transform = AffineTransform(scaleX: 2, y: 2)
        rig.send(at: 1.0, down(0, 200, 200))
        rig.send(at: 1.016, move(0, 240, 220))
        #expect(pan.translation(in: view) == Point(x: 40, y: 20))
        #expect(pan.translation(in: zoomed) == Point(x: 20, y: 10))
    }

    @Test func setTranslationRebasesWithoutTouchingVelocity() {
        let (rig, _, pan, _) = panRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.05, move(0, 100, 50))
        let before = pan.velocity(in: nil)
        pan.setTranslation(.zero, in: nil)
        #expect(pan.translation(in: nil) == .zero)
        #expect(pan.velocity(in: nil) == before)
        rig.send(at: 1.1, move(0, 110, 55))
        #expect(pan.translation(in: nil) == Point(x: 10, y: 5))
    }

    @Test func aSecondFingerDoesNotMakeTheTranslationJump() {
        let (rig, _, pan, _) = panRig()
        pan.minimumNumberOfTouches = 2
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.05, move(0, 100, 50))
        #expect(pan.state == .possible)            // one finger is not enough
        rig.send(at: 1.1, down(1, 100, 150))
        #expect(pan.translation(in: nil) == Point(x: 50, y: 0))
        rig.send(at: 1.15, move(0, 112, 50), move(1, 112, 150))
        #expect(pan.state == .began)
        #expect(pan.translation(in: nil) == Point(x: 62, y: 0))
        rig.send(at: 1.2, up(1, 112, 150))
        #expect(pan.state == .ended)
    }

    @Test func tooManyFingersFail() {
        let (rig, _, pan, _) = panRig()
        pan.maximumNumberOfTouches = 1
        rig.send(at: 1.0, down(0, 50, 50), down(1, 90, 50))
        #expect(transitions(rig.takeLog(), of: "pan") == ["pan possible→failed touch count: 2, needs at most 1"])
    }

    @Test func liftingBeforeThePanStartFails() {
        let (rig, _, _, actions) = panRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.05, move(0, 55, 50))
        rig.send(at: 1.1, up(0, 55, 50))
        let log = rig.takeLog()
        #expect(states(log, of: "pan") == ["possible→failed", "failed→possible"])
        #expect(viewCalls(log, of: "V").last == "V touchesEnded 0@(55,50)")
        #expect(actions.states.isEmpty)
    }

    @Test func aTouchCancelMidPanCancelsIt() {
        let (rig, _, _, actions) = panRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.send(at: 1.05, move(0, 80, 50))
        rig.send(at: 1.1, cancel(0, 80, 50))
        #expect(transitions(rig.takeLog(), of: "pan").suffix(2) == [
            "pan began→cancelled cancelled by a touch cancel", "pan cancelled→possible reset",
        ])
        #expect(actions.states == [.began, .cancelled])
    }

    @Test func velocitySurvivesRepeatedAndBackwardTimestamps() {
        let (rig, _, pan, _) = panRig()
        rig.send(at: 1.0, down(0, 50, 50))
        rig.app.handle(InputFrame(timestamp: 1.0, passes: [[move(0, 80, 50)]]))   // dt = 0
        #expect(pan.velocity(in: nil) == .zero)
        rig.send(at: 1.02, move(0, 90, 50))
        #expect(abs(pan.velocity(in: nil).x - 10 / 0.02) < 1e-6)
        rig.app.handle(InputFrame(timestamp: 0.5, passes: [[move(0, 95, 50)]]))   // time went back
        #expect(pan.velocity(in: nil) == .zero)
        rig.send(at: 1.04, move(0, 100, 50))
        let velocity = pan.velocity(in: nil)
        #expect(velocity.x.isFinite && velocity.y.isFinite)
    }
}
