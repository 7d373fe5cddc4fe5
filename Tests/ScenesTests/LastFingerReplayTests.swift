import Scenes
import Testing
import TouchKit

/// Last finger (listing 3-7): the ended set equals `event.touches(for: self)` only for the last finger.
@Suite struct LastFingerReplayTests {
    @Test func onlyTheLastFingerOfEachSequenceEndsIt() throws {
        let replay = try ReplayFixture("lastfinger-two", LastFingerScene.self)
        #expect(replay.lines(of: "lastfinger") == [
            "lastfinger touchesBegan 0@220,220 1@320,220",
            "lastfinger touchesEnded 0@220,220",
            "lastfinger touchesEnded 1@320,220",
            "lastfinger touchesBegan 0@220,220 1@320,220",
            "lastfinger touchesEnded 0@220,220 1@320,220",
        ])
        // Finger 2 on the margin belongs to the window, so it never counts for the view.
        #expect(replay.lines(of: "window") == ["window touchesBegan 2@40,40", "window touchesEnded 2@40,40"])
        #expect(replay.snapshot.facts["endedCalls"] == "1/2,1/1,2/2")
        #expect(replay.snapshot.facts["sequencesEnded"] == "2")
        #expect(replay.snapshot.facts["inSequence"] == "false")
        #expect(replay.scene.pad.backgroundColor == LastFingerView.idleColor)
    }

    @Test func replaysAreDeterministic() throws {
        try expectDeterministic("lastfinger-two", LastFingerScene.self)
    }
}
