import Foundation
import Playback
import Scenes
import Testing
import TouchKit

// MARK: - Live equals replay, scene by scene

extension SceneTests {
    /// Each scene's replay fixture injected live, then the recorded trace replayed headless: the
    /// deliveries log and the final state must be the same, byte for byte (what `replay` promises).
    @Suite struct LiveReplay {
        /// (scene, fixture) pairs: one gesture per scene, fixtures as in Tests/ScenesTests.
        static let cases: [(scene: String, fixture: String)] = [
            ("touchdemo", "touchdemo-second-finger"), ("moveme", "moveme-drag"), ("swipe", "swipe-right"),
            ("tapcounter", "tapcounter-triple"), ("beginpoints", "beginpoints"), ("lastfinger", "lastfinger-two"),
            ("forwarding", "forwarding"), ("exclusive", "exclusive-a-then-b"), ("hittest", "hittest"),
            ("dragview", "dragview"), ("spots", "spots"), ("transform", "transform-pinch-rotate-pan"),
            ("taplog", "taplog-tap-and-drag"), ("pinchme", "pinchme-spread"), ("playground", "playground-pan"),
            ("ink", "ink-new-stroke"),
        ]

        @Test("the live deliveries log and state equal the headless replay of the recorded trace",
              arguments: cases.map { "\($0.scene) \($0.fixture)" })
        func liveEqualsReplay(_ pair: String) throws {
            let parts = pair.split(separator: " ").map(String.init)
            let sceneType = try #require(SceneCatalog.scene(named: parts[0]), "no scene \(parts[0])")
            let run = try SceneRun(parts[0], scale: 1)
            try run.send(try fixtureText(parts[1]))
            try run.client.harness.dispatch(for: MoveMeView.bounceDuration)
            let state = try run.finish()
            let live = try String(contentsOfFile: run.client.deliveriesPath, encoding: .utf8)
            let replay = ReplaySession(trace: try run.client.trace(), sceneType: sceneType, profile: .uikit)
            #expect(!live.isEmpty)
            #expect(replay.deliveriesLog == live)
            #expect(replay.snapshot.views == state.views)
            #expect(replay.snapshot.facts == state.facts)
        }
    }
}
