import Scenes
import Testing
import TouchKit

/// Drag views (seed 003 recipe 1): the touched card comes to the front and follows the finger.
@Suite struct DragViewReplayTests {
    @Test func touchedCardComesToTheFrontAndIsDragged() throws {
        let replay = try ReplayFixture("dragview", DragViewScene.self)
        #expect(replay.lines == [
            "card1 touchesBegan 0@20,20", "card1 touchesEnded 0@20,20",
            // Card1 is in front now, so the touch where it overlaps card2 hits card1.
            "withheld 1 card1 multipleTouchDisabled", "card1 touchesBegan 0@160,140",
            // The card moves so the point it was touched at stays under the finger.
            "card1 touchesMoved 0@60,115", "card1 touchesMoved 0@60,115", "card1 touchesEnded 0@160,140",
        ])
        #expect(replay.snapshot.facts["order"] == "card2,card3,card1")
        #expect(replay.snapshot.views["card1"] == [240, 110, 200, 200])
        #expect(replay.snapshot.views["card2"] == [540, 260, 200, 200])
        #expect(replay.snapshot.views["card3"] == [640, 360, 200, 200])
    }

    @Test func pixelsShowTheCardMovedOffTheOverlap() throws {
        let replay = try ReplayFixture("dragview", DragViewScene.self)
        let image = try replay.session.render()
        let colors = DragViewScene.cards.map { argb($0.color) }
        #expect(image.pixel(at: 300, 200) == colors[0])
        // Where card1 covered card2 at the start, card2 shows; card1's old corner is background.
        #expect(image.pixel(at: 600, 300) == colors[1])
        #expect(image.pixel(at: 460, 180) == argb(DragViewScene.background))
        #expect(image.pixel(at: 780, 500) == colors[2])
    }

    @Test func replaysAreDeterministic() throws {
        try expectDeterministic("dragview", DragViewScene.self)
    }
}
