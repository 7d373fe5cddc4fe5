import Scenes
import Testing
import TouchKit

/// Forwarding (listing 3-8): helpers get each event's touches of their view before the views do.
@Suite struct ForwardingReplayTests {
    @Test func helpersSeeTheirViewsTouchesFirstIncludingWithheldOnes() throws {
        let replay = try ReplayFixture("forwarding", ForwardingScene.self)
        #expect(replay.lines == [
            "leftHelper touchesBegan 0@400,360", "rightHelper touchesBegan 1@880,360",
            "left touchesBegan 0@160,160", "right touchesBegan 1@160,160",
            "leftHelper touchesBegan 2@420,380", "leftHelper touchesMoved 0@450,380",
            "withheld 2 left multipleTouchDisabled", "left touchesMoved 0@160,160",
            "leftHelper touchesMoved 0@500,400 2@430,390", "left touchesMoved 0@160,160",
            "leftHelper touchesEnded 0@500,400 2@430,390", "rightHelper touchesEnded 1@880,360",
            "left touchesEnded 0@160,160", "right touchesEnded 1@160,160",
        ])
        #expect(replay.snapshot.facts["leftHelper"] == "began:0 began:2 moved:0 moved:0,2 ended:0,2")
        #expect(replay.snapshot.facts["rightHelper"] == "began:1 ended:1")
        #expect(replay.snapshot.facts["left.received"] == "0")
        #expect(replay.snapshot.facts["right.received"] == "1")
        // The helper dragged the left panel by finger 0's motion, (+50, +20) twice.
        #expect(replay.snapshot.views["left"] == [340, 240, 320, 320])
        #expect(replay.snapshot.views["right"] == [720, 200, 320, 320])
    }

    @Test func replaysAreDeterministic() throws {
        try expectDeterministic("forwarding", ForwardingScene.self)
    }
}
