import Scenes
import Testing
import TouchKit

/// PinchMe (seed 001 §4.2.7): the two-finger distance from raw touches, no recognizer.
@Suite struct PinchMeReplayTests {
    @Test func theCircleFollowsTheDistanceBetweenTwoFingers() throws {
        let replay = try ReplayFixture("pinchme-spread", PinchMeScene.self)
        #expect(replay.lines == [
            "pinchme touchesBegan 0@590,360 1@690,360", "pinchme touchesMoved 0@540,360 1@740,360",
            "pinchme touchesMoved 0@490,360 1@790,360", "pinchme touchesEnded 1@790,360", "pinchme touchesEnded 0@490,360",
        ])
        let facts = replay.snapshot.facts
        #expect([facts["distance"], facts["peakDistance"], facts["fingers"], facts["pairs"]] == ["300", "300", "0", "1"])
        #expect(replay.scene.canvas.circle.isHidden)
        #expect(replay.snapshot.views["distanceCircle"] == [490, 210, 300, 300])
    }

    @Test func aThirdFingerJoinsThePairWhenTheFirstLifts() throws {
        let replay = try ReplayFixture("pinchme-third-finger", PinchMeScene.self)
        #expect(replay.snapshot.facts["pairs"] == "2")
        // After finger 0 lifts, fingers 1 (700, 360) and 2 (600, 560 after its move) are the pair.
        #expect(replay.snapshot.facts["distance"] == FactText.number((100.0 * 100 + 200 * 200).squareRoot()))
        #expect(replay.snapshot.facts["fingers"] == "0")
    }

    @Test func theCircleIsVisibleWithTwoFingersDown() throws {
        let scene = PinchMeScene(context: SceneContext(clock: VirtualClock(), size: Size(width: 1280, height: 720)))
        let app = Application(clock: VirtualClock())
        app.addWindow(scene.window)
        let issues = app.handle(InputFrame(timestamp: 0, passes: [[
            TouchInput(id: 0, phase: .began, location: Point(x: 600, y: 300)),
            TouchInput(id: 1, phase: .began, location: Point(x: 600, y: 420)),
        ]]))
        #expect(issues.isEmpty)
        #expect(!scene.canvas.circle.isHidden)
        #expect(scene.snapshot().views["distanceCircle"] == [540, 300, 120, 120])
        #expect(scene.snapshot().facts["distance"] == "120")
    }

    @Test func replaysAreDeterministicAndAlikeUnderEveryProfile() throws {
        for name in ["pinchme-spread", "pinchme-third-finger"] {
            let reference = try ReplayFixture(name, PinchMeScene.self)
            for threshold in ThresholdProfile.all {
                let replay = try ReplayFixture(name, PinchMeScene.self, profile: threshold)
                #expect(replay.session.deliveriesLog == reference.session.deliveriesLog, "\(name) under \(threshold.name)")
                #expect(replay.snapshot == reference.snapshot)
            }
        }
    }
}
