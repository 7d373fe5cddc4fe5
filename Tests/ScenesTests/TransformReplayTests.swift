import Scenes
import Testing
import TouchKit

/// Transform (issue 6 item 1): pinch, rotation and pan on one card, allowed to recognize together.
@Suite struct TransformReplayTests {
    @Test(arguments: ThresholdProfile.all.map(\.name))
    func allThreeRecognizersRunAtOnceAndTransformTheCard(_ name: String) throws {
        let replay = try ReplayFixture("transform-pinch-rotate-pan", TransformScene.self, profile: profile(name))
        for recognizer in ["pinch", "rotation", "pan"] {
            #expect(replay.time(of: recognizer, reaching: .began) != nil, "\(recognizer) under \(name)")
            #expect(replay.time(of: recognizer, reaching: .ended) == 0.08, "\(recognizer) under \(name)")
            #expect(replay.time(of: recognizer, reaching: .failed) == nil, "\(recognizer) under \(name)")
        }
        // Span 100 → 180, 20° clockwise, centroid 40 px right: the same end values under every profile.
        #expect(replay.snapshot.facts == ["scale": "1.8", "rotation": "0.349", "translation": "40 0"])
        let t = replay.scene.card.transform
        #expect(abs(t.a - 1.8 * 0.9396926) < 1e-3 && abs(t.b - 1.8 * 0.3420201) < 1e-3)
        #expect(abs(t.tx - 40) < 1e-9 && abs(t.ty) < 1e-9)
    }

    @Test func theProfileDecidesWhenEachRecognizerBegins() throws {
        let uikit = try ReplayFixture("transform-pinch-rotate-pan", TransformScene.self, profile: .uikit)
        #expect([uikit.time(of: "pinch", reaching: .began), uikit.time(of: "rotation", reaching: .began),
                 uikit.time(of: "pan", reaching: .began)] == [0.016, 0.032, 0.016])
        let flutter = try ReplayFixture("transform-pinch-rotate-pan", TransformScene.self, profile: .flutter)
        #expect([flutter.time(of: "pinch", reaching: .began), flutter.time(of: "rotation", reaching: .began),
                 flutter.time(of: "pan", reaching: .began)] == [0.016, 0.048, 0.064])
    }

    @Test(arguments: ThresholdProfile.all.map(\.name))
    func aCompositorCancelPutsTheCardBack(_ name: String) throws {
        let replay = try ReplayFixture("transform-cancel", TransformScene.self, profile: profile(name))
        #expect(replay.time(of: "pinch", reaching: .cancelled) == 0.032)
        #expect(replay.time(of: "rotation", reaching: .failed) == 0.032)
        #expect(replay.snapshot.facts == ["scale": "1", "rotation": "0", "translation": "0 0"])
        #expect(replay.scene.card.transform == .identity)
        #expect(replay.snapshot.views["card"] == [520, 280, 240, 160])
    }

    @Test func theDelegateLetsOnlyTheCardsOwnRecognizersRunTogether() throws {
        let replay = try ReplayFixture("transform-pinch-rotate-pan", TransformScene.self)
        let scene = replay.scene
        #expect(scene.pinch.delegate != nil && scene.pinch.delegate === scene.pan.delegate)
        let delegate = try #require(scene.pinch.delegate)
        #expect(delegate.gestureRecognizer(scene.pinch, shouldRecognizeSimultaneouslyWith: scene.rotation))
        #expect(!delegate.gestureRecognizer(scene.pinch, shouldRecognizeSimultaneouslyWith: PanGestureRecognizer()))
    }

    @Test func replaysAreDeterministicUnderEveryProfile() throws {
        for name in ["transform-pinch-rotate-pan", "transform-cancel"] {
            for threshold in ThresholdProfile.all {
                let first = try ReplayFixture(name, TransformScene.self, profile: threshold)
                let second = try ReplayFixture(name, TransformScene.self, profile: threshold)
                #expect(first.session.deliveriesLog == second.session.deliveriesLog, "\(name) under \(threshold.name)")
                #expect(first.snapshot == second.snapshot)
            }
        }
    }
}
