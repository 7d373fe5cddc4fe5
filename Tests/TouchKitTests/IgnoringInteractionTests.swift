import Testing
import TouchKit

@Suite struct IgnoringInteractionTests {
    @Test func ignoringNestsAndDropsOnlyNewTouches() {
        let rig = Rig()
        rig.addView("pad", rect(0, 0, 300, 300)).isMultipleTouchEnabled = true
        rig.recorder.removeAll()
        rig.send(at: 0, down(0, 10, 10))
        rig.app.beginIgnoringInteractionEvents()
        rig.app.beginIgnoringInteractionEvents()
        rig.send(at: 0.016, down(1, 20, 20), move(0, 11, 10))
        rig.app.endIgnoringInteractionEvents()
        #expect(rig.app.isIgnoringInteractionEvents)
        rig.send(at: 0.032, down(2, 30, 30))
        rig.app.endIgnoringInteractionEvents()
        #expect(!rig.app.isIgnoringInteractionEvents)
        // Dropped touches stay dropped after ignoring ends; their ids come back with a new down.
        rig.send(at: 0.048, move(1, 25, 20), move(2, 35, 30), up(0, 11, 10))
        rig.send(at: 0.064, up(1, 25, 20), up(2, 35, 30))
        rig.send(at: 0.080, down(1, 40, 40))
        #expect(rig.takeLog().filter { !$0.hasPrefix("window") && !$0.hasPrefix("app") } == [
            "pad touchesBegan 0@(10,10)",
            "withheld 1 - ignoringInteractionEvents", "pad touchesMoved 0@(11,10)",
            "withheld 2 - ignoringInteractionEvents",
            "pad touchesEnded 0@(11,10)",
            "pad touchesBegan 1@(40,40)",
        ])
    }

    @Test func droppedTouchesAreNotInTheEvent() throws {
        let rig = Rig()
        rig.send(at: 0, down(0, 10, 10))
        rig.app.beginIgnoringInteractionEvents()
        rig.send(at: 0.016, down(1, 20, 20))
        #expect(rig.app.activeTouches.map(\.id) == [0])
        let issues = rig.send(at: 0.032, up(1, 20, 20))
        #expect(issues.isEmpty)   // a dropped touch's later entries are expected, not errors
    }

    @Test func extraEndCallsAreHarmless() {
        let rig = Rig()
        rig.app.endIgnoringInteractionEvents()
        rig.app.beginIgnoringInteractionEvents()
        #expect(rig.app.isIgnoringInteractionEvents)
        rig.app.endIgnoringInteractionEvents()
        #expect(!rig.app.isIgnoringInteractionEvents)
    }
}
