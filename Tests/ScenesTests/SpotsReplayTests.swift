import Scenes
import Testing
import TouchKit

/// Spots (seed 002 TouchableView): a spot per finger, following it, gone on lift or cancel.
@Suite struct SpotsReplayTests {
    @Test func aSpotFollowsEachFingerAndGoesWhenItLifts() throws {
        let replay = try ReplayFixture("spots", SpotsScene.self)
        #expect(replay.lines == [
            "spots touchesBegan 0@200,200", "spots touchesBegan 1@600,400", "spots touchesMoved 0@220,210",
            "spots touchesMoved 1@650,420", "spots touchesEnded 0@220,210",
        ])
        #expect(replay.snapshot.facts["spots"] == "1")
        #expect(replay.snapshot.facts["peakSpots"] == "2")
        #expect(replay.snapshot.facts["spotsShown"] == "2")
        // Finger 1 is still down at (650, 420); its spot has finished growing to 88 px.
        #expect(replay.snapshot.views["spot1"] == [606, 376, 88, 88])
        #expect(replay.snapshot.views["spot0"] == nil)
        #expect(replay.scene.canvas.subviews.map(\.transform) == [.identity])
        let image = try replay.session.render()
        #expect(isClose(image.pixel(at: 650, 420), to: blend(SpotsView.spotColor, over: SpotsScene.background)))
        #expect(image.pixel(at: 220, 210) == argb(SpotsScene.background))
    }

    @Test func cancelRemovesEverySpot() throws {
        let replay = try ReplayFixture("spots-cancel", SpotsScene.self)
        #expect(replay.lines.last == "spots touchesCancelled 0@200,200 1@420,220 2@600,200")
        #expect(replay.snapshot.facts["spots"] == "0")
        #expect(replay.snapshot.facts["peakSpots"] == "3")
        #expect(replay.scene.canvas.subviews.isEmpty)
    }

    @Test func replaysAreDeterministic() throws {
        try expectDeterministic("spots", SpotsScene.self)
        try expectDeterministic("spots-cancel", SpotsScene.self)
    }
}
