import Foundation
import Scenes
import Testing
import TouchKit

// MARK: - Scenes where a finger drags a view: touchdemo, moveme, dragview

extension SceneTests {
    /// TouchDemo: four squares, each dragged by its own finger.
    @Suite struct TouchDemo {
        @Test("two fingers drag red and yellow; each square's colour is at its new place", arguments: sceneTestScales)
        func twoFingers(scale: Int) throws {
            let run = try SceneRun("touchdemo", scale: scale)
            try run.injectFixture("touchdemo-two-fingers")
            let shot = try run.screenshot()
            let state = try run.finish()
            let side = TouchDemoScene.squareSide
            // Red's centre followed finger 0 from (100, 100) to (300, 200); yellow's finger 1 from (1180, 620) to (1000, 500).
            #expect(state.frame("red") == Rect(x: 300 - side / 2, y: 200 - side / 2, width: side, height: side))
            #expect(state.frame("yellow") == Rect(x: 1000 - side / 2, y: 500 - side / 2, width: side, height: side))
            let red = TouchDemoScene.squares[0].color, yellow = TouchDemoScene.squares[3].color
            #expect(shot.shows(red, at: 300, 200))
            #expect(shot.shows(yellow, at: 1000, 500))
            #expect(shot.shows(TouchDemoScene.background, at: 100, 100))
            #expect(shot.shows(TouchDemoScene.background, at: 1180, 620))
        }

        @Test("a second finger on the dragged square is withheld; only the first moves it", arguments: sceneTestScales)
        func secondFingerWithheld(scale: Int) throws {
            let run = try SceneRun("touchdemo", scale: scale)
            try run.injectFixture("touchdemo-second-finger")
            let state = try run.finish()
            let margin = TouchDemoScene.cornerMargin
            #expect(state.frame("red")?.origin == Point(x: margin + 50, y: margin))
            #expect(try run.client.withheld() == ["1 red multipleTouchDisabled"])
            #expect(try run.client.responders("touchesMoved", id: 0).first == "red")
        }
    }

    /// MoveMe: the placard follows the finger, bounces back on lift, changes text on a double tap outside.
    @Suite struct MoveMe {
        @Test("the held placard is where the finger is; after the lift it bounces back to the centre",
              arguments: sceneTestScales)
        func dragAndBounce(scale: Int) throws {
            let run = try SceneRun("moveme", scale: scale)
            let scene = headless(MoveMeScene.self)
            let placard = try fill(scene.container.placard), background = try fill(scene.window)
            let home = try #require(scene.snapshot().views["placard"])
            try run.inject("down 0 640 360; frame; motion 0 700 400; frame; motion 0 800 450; frame")
            let held = try run.screenshot { $0.shows(placard, at: 800, 450) }
            #expect(held.shows(placard, at: 800, 450))
            #expect(held.shows(background, at: 560, 360), "the placard's place at the centre is empty while held")
            try run.inject("up 0; frame")
            try run.client.harness.dispatch(for: MoveMeView.bounceDuration)
            try run.client.waitUntilQuiet(for: SceneRun.settle)
            let back = try run.screenshot()
            #expect(back.shows(placard, at: 560, 360))
            #expect(back.shows(background, at: 800, 450))
            let state = try run.finish()
            #expect(state.views["placard"] == home)
            #expect(state.facts["animating"] == "false")
            #expect(state.facts["placardScale"] == "1.0")
            #expect(state.facts["placardText"] == MoveMeView.placardStrings[0])
        }

        /// A tap this long after the lift falls inside the bounce, ms.
        static let duringBounceMilliseconds = 100

        @Test("a tap during the bounce goes to the window (the container ignores touches); one after it to the container",
              arguments: sceneTestScales)
        func tapDuringBounce(scale: Int) throws {
            let run = try SceneRun("moveme", scale: scale)
            try run.inject("""
                down 0 640 360; frame; motion 0 800 450; frame; up 0; frame
                sleep \(Self.duringBounceMilliseconds); down 1 300 600; frame; up 1; frame
                """)
            try run.client.harness.dispatch(for: MoveMeView.bounceDuration)
            try run.send("down 2 300 600; frame; up 2; frame")
            _ = try run.finish()
            #expect(try run.client.responders("touchesBegan", id: 1).first == "window")
            #expect(try run.client.responders("touchesBegan", id: 2).first == "moveme")
        }

        @Test("a compositor cancel mid-drag puts the placard back at the centre at once", arguments: sceneTestScales)
        func cancelRecentres(scale: Int) throws {
            let run = try SceneRun("moveme", scale: scale)
            let scene = headless(MoveMeScene.self)
            let placard = try fill(scene.container.placard), background = try fill(scene.window)
            try run.inject("down 0 640 360; frame; motion 0 800 450; frame")
            try run.inject("cancel; frame")
            let shot = try run.screenshot()
            #expect(shot.shows(placard, at: 560, 360))
            #expect(shot.shows(background, at: 800, 450))
            let state = try run.finish()
            #expect(state.views["placard"] == scene.snapshot().views["placard"])
            #expect(state.facts["animating"] == "false")
            #expect(try run.client.responders("touchesCancelled", id: 0).contains("moveme"))
        }

        @Test("a double tap outside the placard shows its next string; the placard stays put", arguments: sceneTestScales)
        func doubleTapOutside(scale: Int) throws {
            let run = try SceneRun("moveme", scale: scale)
            let home = try #require(headless(MoveMeScene.self).snapshot().views["placard"])
            // The placard draws no text, so nothing is redrawn: only the state tells.
            try run.send(try fixtureText("moveme-doubletap-outside"))
            let state = try run.finish()
            #expect(state.facts["placardText"] == MoveMeView.placardStrings[1])
            #expect(state.views["placard"] == home)
            let taps = try run.client.deliveries().filter { $0["method"] as? String == "touchesBegan" }
                .compactMap { ($0["touches"] as? [[String: Any]])?.first?["tapCount"] as? Int }
            #expect(taps.suffix(1) == [2])
        }
    }

    /// Drag views: the touched card comes to the front and follows the finger.
    @Suite struct DragView {
        @Test("a tap brings card1 to the front over card2; a drag moves it; the second finger is withheld",
              arguments: sceneTestScales)
        func bringToFrontAndDrag(scale: Int) throws {
            let run = try SceneRun("dragview", scale: scale)
            let scene = headless(DragViewScene.self)
            let card1 = try fill(scene.views[0]), card2 = try fill(scene.views[1])
            // (600, 300) lies where card1 and card2 overlap; card2 is in front at start.
            #expect(try run.screenshot().shows(card2, at: 600, 300))
            try run.inject("down 0 460 180; frame; up 0; frame")
            #expect(try run.screenshot().shows(card1, at: 600, 300))
            try run.inject("down 0 600 300; down 1 620 320; frame; motion 0 500 275; frame; motion 0 400 250; frame; up 0; up 1; frame")
            let shot = try run.screenshot()
            let state = try run.finish()
            #expect(state.facts["order"] == "card2,card3,card1")
            #expect(state.frame("card1") == Rect(x: 240, y: 110, width: 200, height: 200))
            #expect(shot.shows(card1, at: 300, 200))
            #expect(shot.shows(card2, at: 600, 300))
            #expect(try run.client.withheld() == ["1 card1 multipleTouchDisabled"])
        }
    }
}
