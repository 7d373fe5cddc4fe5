import Scenes
import Testing
import TouchKit

/// TouchDemo (seed 001 §4.2.8): each square follows its own finger.
@Suite struct TouchDemoReplayTests {
    @Test func twoFingersDragTheirOwnSquares() throws {
        let replay = try ReplayFixture("touchdemo-two-fingers", TouchDemoScene.self)
        // Squares handle only touchesMoved; began and ended go up the chain to the window and the application.
        #expect(replay.lines(of: "red") == [
            "red touchesBegan 0@60,60", "red touchesMoved 0@160,110", "red touchesMoved 0@160,110",
            "red touchesEnded 0@60,60",
        ])
        #expect(replay.lines(of: "yellow") == [
            "yellow touchesBegan 1@60,60", "yellow touchesMoved 1@-40,0", "yellow touchesMoved 1@-20,0",
            "yellow touchesEnded 1@60,60",
        ])
        #expect(replay.lines(of: "window") == [
            "window touchesBegan 0@100,100", "window touchesBegan 1@1180,620",
            "window touchesEnded 0@300,200", "window touchesEnded 1@1000,500",
        ])
        #expect(replay.lines(of: "application").count == 4)
        #expect(replay.snapshot.views["red"] == [240, 140, 120, 120])
        #expect(replay.snapshot.views["yellow"] == [940, 440, 120, 120])
        #expect(replay.snapshot.views["green"] == [1120, 40, 120, 120])
        #expect(replay.snapshot.views["blue"] == [40, 560, 120, 120])
    }

    @Test func aSecondFingerOnTheDraggedSquareIsWithheld() throws {
        let replay = try ReplayFixture("touchdemo-second-finger", TouchDemoScene.self)
        #expect(replay.lines(of: "red") == [
            "red touchesBegan 0@60,60", "withheld 1 red multipleTouchDisabled", "red touchesMoved 0@110,60",
            "red touchesEnded 0@60,60",
        ])
        // Finger 1 moved 260 px but was never delivered: red moved only by finger 0's 50 px.
        #expect(replay.snapshot.views["red"] == [90, 40, 120, 120])
        #expect(!replay.lines.contains { $0.contains(" 1@") })
    }

    @Test func pixelsShowTheSquaresAtTheirNewPlaces() throws {
        let replay = try ReplayFixture("touchdemo-two-fingers", TouchDemoScene.self)
        let image = try replay.session.render()
        let red = argb(TouchDemoScene.squares[0].color), yellow = argb(TouchDemoScene.squares[3].color)
        let background = argb(TouchDemoScene.background)
        #expect(image.pixel(at: 300, 200) == red)
        #expect(image.pixel(at: 100, 100) == background)
        #expect(image.pixel(at: 1000, 500) == yellow)
        #expect(image.pixel(at: 1180, 620) == background)
        #expect(image.pixel(at: 100, 620) == argb(TouchDemoScene.squares[2].color))
    }

    @Test func replaysAreDeterministic() throws {
        try expectDeterministic("touchdemo-two-fingers", TouchDemoScene.self)
        try expectDeterministic("touchdemo-second-finger", TouchDemoScene.self)
    }
}
