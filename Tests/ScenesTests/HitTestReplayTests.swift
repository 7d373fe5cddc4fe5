import Scenes
import Testing
import TouchKit

/// Hit testing: a superview overriding hitTest takes its subviews' touches.
@Suite struct HitTestReplayTests {
    @Test func theSwallowingPanelTakesItsChildsTouches() throws {
        let replay = try ReplayFixture("hittest", HitTestScene.self)
        #expect(replay.lines == [
            "plainChild touchesBegan 0@100,100", "plainChild touchesEnded 0@100,100",
            "swallowing touchesBegan 1@200,200", "swallowing touchesEnded 1@200,200",
            "swallowing touchesBegan 2@20,20", "swallowing touchesEnded 2@20,20",
            "plain touchesBegan 3@20,20", "plain touchesEnded 3@20,20",
        ])
        let facts = replay.snapshot.facts
        #expect(facts["plainChild.received"] == "0")
        #expect(facts["swallowing.received"] == "1,2")
        #expect(facts["swallowedChild.received"] == "")
        #expect(facts["plain.received"] == "3")
        #expect(replay.snapshot.views["swallowedChild"] == [780, 260, 200, 200])
    }

    @Test func replaysAreDeterministic() throws {
        try expectDeterministic("hittest", HitTestScene.self)
    }
}
