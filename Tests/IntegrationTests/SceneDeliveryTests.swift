import Foundation
import Scenes
import Testing
import TouchKit

// MARK: - Scenes about which view a touch is delivered to: exclusive, hittest, forwarding

extension SceneTests {
    /// Logical px inside a tracking view's edge where its outline shows (half the outline's width).
    static let outlineInset = TrackingView.trackingBorderWidth / 2

    /// True when `view` (frame `frame`) shows its tracking outline in `shot`, judged on its left edge's middle.
    static func outlined(_ frame: Rect?, in shot: Screenshot) throws -> Bool {
        let frame = try #require(frame)
        return shot.shows(TrackingView.trackingBorderColor, at: frame.minX + outlineInset, frame.midY)
    }

    /// Exclusive touch (figure 3-5): A is exclusive; B and C share.
    @Suite struct Exclusive {
        private let frames = headless(ExclusiveTouchScene.self).snapshot().views.mapValues {
            Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])
        }

        @Test("a finger in A, then one in B: B gets nothing (figure 3-5)", arguments: sceneTestScales)
        func aThenB(scale: Int) throws {
            let run = try SceneRun("exclusive", scale: scale)
            try run.inject("down 0 290 360; frame")
            try run.send("down 1 640 360; frame")
            let held = try run.screenshot()
            #expect(try SceneTests.outlined(frames["A"], in: held))
            #expect(try !SceneTests.outlined(frames["B"], in: held))
            try run.inject("up 0; frame; motion 1 650 360; frame; up 1; frame")
            let facts = try run.finish().facts
            #expect([facts["A.received"], facts["B.received"], facts["C.received"]] == ["0", "", ""])
            #expect(try run.client.responders("touchesBegan", id: 0) == ["A"])
            #expect(try run.client.responders("touchesBegan", id: 1).isEmpty)
            #expect(try run.client.withheld() == ["1 B exclusiveTouch"])
        }

        @Test("a finger in B, then one in A: A gets nothing, not even after B's finger lifts", arguments: sceneTestScales)
        func bThenA(scale: Int) throws {
            let run = try SceneRun("exclusive", scale: scale)
            try run.inject("down 0 640 360; frame")
            try run.send("down 1 290 360; frame")
            let held = try run.screenshot()
            #expect(try SceneTests.outlined(frames["B"], in: held))
            #expect(try !SceneTests.outlined(frames["A"], in: held))
            try run.inject("up 0; frame")
            try run.send("motion 1 300 360; frame; up 1; frame")
            let facts = try run.finish().facts
            #expect([facts["A.received"], facts["B.received"], facts["C.received"]] == ["", "0", ""])
            #expect(try run.client.responders("touchesMoved", id: 1).isEmpty)
            #expect(try run.client.withheld() == ["1 A exclusiveTouch"])
        }

        @Test("fingers in B and C, neither exclusive: both are delivered and both outline", arguments: sceneTestScales)
        func bAndC(scale: Int) throws {
            let run = try SceneRun("exclusive", scale: scale)
            try run.inject("down 0 640 360; frame; down 1 990 360; frame")
            let held = try run.screenshot()
            #expect(try SceneTests.outlined(frames["B"], in: held))
            #expect(try SceneTests.outlined(frames["C"], in: held))
            #expect(try !SceneTests.outlined(frames["A"], in: held))
            try run.inject("up 0; up 1; frame")
            let facts = try run.finish().facts
            #expect([facts["A.received"], facts["B.received"], facts["C.received"]] == ["", "0", "1"])
            #expect(["A", "B", "C"].allSatisfy { facts["\($0).tracking"] == "" })
            #expect(try run.client.withheld().isEmpty)
        }
    }

    /// Hit testing: the right panel's hitTest override takes its child's touches.
    @Suite struct HitTest {
        /// Real time between taps, so the client has read each tap before the next arrives.
        static let tapGapMilliseconds = 50

        @Test("a finger on the swallowed child outlines its panel, not the child; taps land per the override",
              arguments: sceneTestScales)
        func swallowedChild(scale: Int) throws {
            let run = try SceneRun("hittest", scale: scale)
            let frames = headless(HitTestScene.self).snapshot().views.mapValues {
                Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])
            }
            try run.inject("down 0 880 360; frame")
            let held = try run.screenshot()
            #expect(try SceneTests.outlined(frames["swallowing"], in: held))
            #expect(try !SceneTests.outlined(frames["swallowedChild"], in: held))
            #expect(try !SceneTests.outlined(frames["plain"], in: held))
            try run.inject("up 0; frame")
            // The hittest fixture's taps, each a moment after the last: weston sends no frame after
            // a last up, and an up read together with the next down is one frame (DESIGN §3), in
            // which the swallowing panel would still track the tap before.
            let gap = "sleep \(Self.tapGapMilliseconds)"
            try run.inject("""
                down 0 400 360; frame; up 0; frame; \(gap); down 1 880 360; frame; up 1; frame; \(gap)
                down 2 700 180; frame; up 2; frame; \(gap); down 3 220 180; frame; up 3; frame
                """)
            let facts = try run.finish().facts
            // Finger 0 held above, then the taps: 0 on the plain child, 1 on the swallowed child,
            // 2 beside it, 3 beside the plain child.
            #expect(facts["plainChild.received"] == "0")
            #expect(facts["swallowing.received"] == "0,1,2")
            #expect(facts["swallowedChild.received"] == "")
            #expect(facts["plain.received"] == "3")
            #expect(try run.client.responders("touchesBegan", id: 1) == ["swallowing"])
        }
    }

    /// Forwarding (listing 3-8): the window feeds helpers before the views.
    @Suite struct Forwarding {
        @Test("the left helper drags its panel by finger 0; the helpers see the withheld finger too",
              arguments: sceneTestScales)
        func helpers(scale: Int) throws {
            let run = try SceneRun("forwarding", scale: scale)
            let scene = headless(ForwardingScene.self)
            let left = try fill(scene.left)
            let start = try #require(scene.snapshot().views["left"])
            try run.injectFixture("forwarding")
            let shot = try run.screenshot()
            let state = try run.finish()
            #expect(state.facts["leftHelper"] == "began:0 began:2 moved:0 moved:0,2 ended:0,2")
            #expect(state.facts["rightHelper"] == "began:1 ended:1")
            #expect(state.facts["left.received"] == "0")
            #expect(state.facts["right.received"] == "1")
            // Moved by (+50, +20) twice.
            #expect(state.views["left"] == [start[0] + 100, start[1] + 40, start[2], start[3]])
            #expect(shot.shows(left, at: start[0] + start[2] + 80, start[1] + start[3] + 20))
            #expect(shot.shows(ForwardingScene.background, at: start[0] + 10, start[1] + 10))
            #expect(try run.client.withheld() == ["2 left multipleTouchDisabled"])
        }
    }

    /// Spots (seed 002): a circle under every finger, gone when it lifts.
    @Suite struct Spots {
        /// Seconds a new spot takes to reach full size, plus the settle time.
        private static let grown = SpotsView.growDuration + SceneRun.settle

        @Test("spots on screen equal fingers down while held; none after the last lift", arguments: sceneTestScales)
        func spotPerFinger(scale: Int) throws {
            let run = try SceneRun("spots", scale: scale)
            let spot = SpotsView.spotColor, background = SpotsScene.background
            try run.inject("down 0 200 200; down 1 600 400; down 2 900 300; frame")
            try run.client.harness.dispatch(for: Self.grown)
            let three = try run.screenshot()
            #expect(three.blobs(of: spot, over: background) == 3)
            #expect([(200, 200), (600, 400), (900, 300)].allSatisfy { three.shows(spot, at: $0.0, $0.1, over: background) })
            try run.inject("up 1; frame; motion 0 260 240; frame")
            let two = try run.screenshot()
            #expect(two.blobs(of: spot, over: background) == 2)
            #expect(two.shows(spot, at: 260, 240, over: background), "the spot follows its finger")
            #expect(two.shows(background, at: 600, 400))
            try run.inject("up 0; up 2; frame")
            #expect(try run.screenshot().blobs(of: spot, over: background) == 0)
            let facts = try run.finish().facts
            #expect([facts["spots"], facts["peakSpots"], facts["spotsShown"]] == ["0", "3", "3"])
        }

        @Test("a compositor cancel takes every spot away at once", arguments: sceneTestScales)
        func cancelClears(scale: Int) throws {
            let run = try SceneRun("spots", scale: scale)
            let spot = SpotsView.spotColor, background = SpotsScene.background
            try run.inject("down 0 200 200; down 1 400 200; down 2 600 200; frame; motion 1 420 220; frame")
            try run.client.harness.dispatch(for: Self.grown)
            #expect(try run.screenshot().blobs(of: spot, over: background) == 3)
            try run.inject("cancel; frame")
            #expect(try run.screenshot().blobs(of: spot, over: background) == 0)
            let facts = try run.finish().facts
            #expect([facts["spots"], facts["peakSpots"]] == ["0", "3"])
        }
    }
}
