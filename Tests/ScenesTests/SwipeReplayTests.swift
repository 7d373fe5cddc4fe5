import Scenes
import Testing
import TouchKit

/// Swipe tracking (listing 3-2): at least 12 px along and at most 4 px across.
@Suite struct SwipeReplayTests {
    @Test func twelveAlongAndFourAcrossToTheRightIsASwipe() throws {
        let replay = try ReplayFixture("swipe-right", SwipeScene.self)
        #expect(replay.lines == [
            "swipe touchesBegan 0@400,360", "swipe touchesMoved 0@406,362", "swipe touchesMoved 0@412,364",
            "swipe touchesEnded 0@412,364",
        ])
        #expect(replay.snapshot.facts["swipes"] == "right")
        // The indicator jumps to the right edge (margin 40, side 80).
        #expect(replay.snapshot.views["indicator"] == [1160, 320, 80, 80])
    }

    @Test func twelveAlongAndFourAcrossToTheLeftIsASwipe() throws {
        let replay = try ReplayFixture("swipe-left", SwipeScene.self)
        #expect(replay.lines(of: "swipe").last == "swipe touchesEnded 0@788,356")
        #expect(replay.snapshot.facts["swipes"] == "left")
        #expect(replay.snapshot.views["indicator"] == [40, 320, 80, 80])
    }

    @Test func fiveAcrossIsNotASwipeHoweverFarAlong() throws {
        let replay = try ReplayFixture("swipe-not", SwipeScene.self)
        #expect(replay.lines.count == 5)
        #expect(replay.lines[3] == "swipe touchesMoved 0@430,365")
        #expect(replay.snapshot.facts["swipes"] == "")
        #expect(replay.snapshot.facts["lastSwipe"] == "none")
        #expect(replay.snapshot.views["indicator"] == [600, 320, 80, 80])
    }

    @Test func replaysAreDeterministic() throws {
        for name in ["swipe-right", "swipe-left", "swipe-not"] { try expectDeterministic(name, SwipeScene.self) }
    }
}
