import Scenes
import Testing
import TouchKit

/// Tap-and-drag log (seed 001 §4.2.5): finished touches are taps unless they left the profile's slop.
@Suite struct TapDragLogReplayTests {
    @Test func tapsAndDragsAreLoggedInOrder() throws {
        let replay = try ReplayFixture("taplog-tap-and-drag", TapDragLogScene.self)
        #expect(replay.snapshot.facts["log"] == "tap 1 at 200 200; tap 2 at 202 201; drag from 600 300 to 700 320; tap 1 at 909 500")
        #expect(replay.snapshot.facts["taps"] == "3")
        #expect(replay.snapshot.facts["drags"] == "1")
        // The pad takes every finger itself: all calls go to it.
        #expect(Set(replay.calls.map(\.responder)) == ["taplog"])
        // Marks: a tap dot where the first tap landed, the drag bar through the drag's midpoint.
        let image = try replay.session.render()
        #expect(image.pixel(at: 200, 200) == argb(TapDragLogView.tapColor))
        #expect(image.pixel(at: 650, 310) == argb(TapDragLogView.dragColor))
        #expect(image.pixel(at: 650, 290) != argb(TapDragLogView.dragColor))
    }

    @Test func aNinePixelMoveIsATapUnderUIKitAndADragUnderGTK() throws {
        let uikit = try ReplayFixture("taplog-tap-and-drag", TapDragLogScene.self, profile: .uikit)
        let gtk = try ReplayFixture("taplog-tap-and-drag", TapDragLogScene.self, profile: .gtk)
        #expect(uikit.snapshot.facts["log"]?.hasSuffix("tap 1 at 909 500") == true)
        #expect(gtk.snapshot.facts["log"]?.hasSuffix("drag from 900 500 to 909 500") == true)
        #expect(gtk.snapshot.facts["drags"] == "2")
        // The responder calls are the same; only the pad's reading of them differs.
        #expect(uikit.lines == gtk.lines)
    }

    @Test func replaysAreDeterministic() throws {
        try expectDeterministic("taplog-tap-and-drag", TapDragLogScene.self)
    }
}
