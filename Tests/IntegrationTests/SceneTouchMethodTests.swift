import Foundation
import Scenes
import TestSupport
import Testing
import TouchKit

// MARK: - Scenes that read touches in their touches* methods: swipe, tapcounter, lastfinger, beginpoints

extension SceneTests {
    /// Swipe (listing 3-2): horizontal swipes from raw touches; the indicator jumps to the side swiped to.
    @Suite struct Swipe {
        @Test("a swipe right, a swipe left, then a drift too far across: facts and the indicator's side",
              arguments: sceneTestScales)
        func directions(scale: Int) throws {
            let run = try SceneRun("swipe", scale: scale)
            let scene = headless(SwipeScene.self)
            let indicator = try fill(scene.tracker.indicator), background = try fill(scene.window)
            let inset = SwipeTrackingView.indicatorMargin + SwipeTrackingView.indicatorSide / 2
            let right = Double(SandboxClient.width) - inset, left = inset, middle = Double(SandboxClient.height) / 2
            try run.injectFixture("swipe-right")
            let afterRight = try run.screenshot()
            #expect(afterRight.shows(indicator, at: right, middle))
            #expect(afterRight.shows(background, at: Double(SandboxClient.width) / 2, middle))
            try run.injectFixture("swipe-left")
            let afterLeft = try run.screenshot()
            #expect(afterLeft.shows(indicator, at: left, middle))
            #expect(afterLeft.shows(background, at: right, middle))
            // Not a swipe: nothing moves, nothing to redraw.
            try run.send(try fixtureText("swipe-not"))
            let state = try run.finish()
            #expect(state.facts["swipes"] == "right,left")
            #expect(state.facts["lastSwipe"] == "left")
        }
    }

    /// Tap counter (listing 3-1): counts from touch.tapCount when each touch ends.
    @Suite struct TapCounter {
        @Test("two quick taps: one single then one double; the pad shows the double's colour", arguments: sceneTestScales)
        func doubleTap(scale: Int) throws {
            let run = try SceneRun("tapcounter", scale: scale)
            try run.injectFixture("tapcounter-double")
            let shot = try run.screenshot()
            let facts = try run.finish().facts
            #expect([facts["singles"], facts["doubles"], facts["triples"], facts["lastTapCount"]] == ["1", "1", "0", "2"])
            #expect(shot.shows(TapCounterView.colors[2], at: 640, 360))
            #expect(shot.shows(TapCounterScene.background, at: 100, 100))
        }

        /// Longer than UIKit's 350 ms multi-tap interval with room for a busy machine.
        static let slowGapMilliseconds = 600

        @Test("two taps further apart than the multi-tap interval (real time): two singles", arguments: sceneTestScales)
        func slowTaps(scale: Int) throws {
            let run = try SceneRun("tapcounter", scale: scale)
            try run.inject("down 0 640 360; frame; up 0; frame; sleep \(Self.slowGapMilliseconds); down 0 640 360; frame; up 0; frame")
            let shot = try run.screenshot()
            let facts = try run.finish().facts
            #expect([facts["singles"], facts["doubles"], facts["lastTapCount"]] == ["2", "0", "1"])
            #expect(shot.shows(TapCounterView.colors[1], at: 640, 360))
        }
    }

    /// Last finger (listing 3-7): the sequence ends when the last finger on the view lifts.
    @Suite struct LastFinger {
        @Test("the pad is lit while any finger holds it and goes idle when the last one lifts", arguments: sceneTestScales)
        func lastFingerEndsSequence(scale: Int) throws {
            let run = try SceneRun("lastfinger", scale: scale)
            try run.inject("down 0 300 300; down 1 400 300; frame; down 2 40 40; frame")
            let held = try run.screenshot { $0.shows(LastFingerView.activeColor, at: 640, 360) }
            #expect(held.shows(LastFingerView.activeColor, at: 640, 360))
            #expect(held.shows(LastFingerScene.background, at: 40, 40), "finger 2 is on the window's margin")
            try run.send("up 0; frame")
            #expect(try run.screenshot().shows(LastFingerView.activeColor, at: 640, 360), "finger 1 still holds the pad")
            try run.inject("up 1; frame")
            #expect(try run.screenshot().shows(LastFingerView.idleColor, at: 640, 360))
            try run.inject("down 0 300 300; down 1 400 300; frame; up 0; up 1; frame; up 2; frame")
            let facts = try run.finish().facts
            #expect(facts["endedCalls"] == "1/2,1/1,2/2")
            #expect(facts["sequencesEnded"] == "2")
            #expect(facts["inSequence"] == "false")
        }
    }

    /// Begin points (listings 3-4/3-5): each touch's begin point is stored and read back at its end.
    @Suite struct BeginPoints {
        @Test("markers show the stored begin points while held; the distances are read back at the end",
              arguments: sceneTestScales)
        func beginPoints(scale: Int) throws {
            let run = try SceneRun("beginpoints", scale: scale)
            let marker = BeginPointsView.markerColor, background = BeginPointsScene.background
            try run.inject("down 0 100 100; frame; down 1 500 300; motion 0 130 140; frame")
            let held = try run.screenshot()
            #expect(held.shows(marker, at: 100, 100))
            #expect(held.shows(marker, at: 500, 300))
            #expect(held.shows(background, at: 130, 140), "the marker stays at the begin point, not at the finger")
            try run.inject("""
                up 0; frame; down 0 700 100; motion 1 560 380; frame
                motion 1 620 460; motion 0 700 130; frame; up 0; up 1; frame
                """)
            let done = try run.screenshot()
            #expect(done.shows(background, at: 100, 100))
            #expect(done.shows(background, at: 500, 300))
            let facts = try run.finish().facts
            #expect(facts["finished"] == "0:50,0:30,1:200")
            #expect(facts["beginPoints"] == "0@100 100,0@700 100,1@500 300")
            #expect(facts["stillStored"] == "0")
        }

        @Test("cancelled touches read their begin points back too; no marker outlives its touch",
              arguments: sceneTestScales)
        func cancelled(scale: Int) throws {
            let run = try SceneRun("beginpoints", scale: scale)
            try run.injectFixture("beginpoints-cancel")
            let shot = try run.screenshot()
            #expect([(300.0, 100.0), (500.0, 100.0)].allSatisfy { shot.shows(BeginPointsScene.background, at: $0.0, $0.1) })
            let facts = try run.finish().facts
            #expect(facts["finished"] == "0:40,1:60,2:50")
            #expect(facts["cancelled"] == "1,2")
            #expect(facts["stillStored"] == "0")
        }
    }
}
