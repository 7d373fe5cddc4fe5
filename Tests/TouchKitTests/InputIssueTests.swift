import Testing
import TouchKit

@Suite struct InputIssueTests {
    @Test func entriesForUnknownIdsAreIgnoredAndReported() {
        let rig = Rig()
        let issues = rig.send(at: 0.5, move(4, 1, 1), up(5, 1, 1))
        #expect(issues.map(\.description) == ["t=0.5 id 4: moved for an unknown id ignored",
                                              "t=0.5 id 5: ended for an unknown id ignored"])
        #expect(rig.takeLog().isEmpty)
    }

    @Test func aSecondEntryForOneIdInAPassIsIgnored() {
        let rig = Rig()
        let issues = rig.send(at: 0, down(0, 1, 1), move(0, 2, 2))
        #expect(issues.map(\.message) == ["second entry in one pass ignored"])
        #expect(rig.takeLog().first == "window touchesBegan 0@(1,1)")
    }

    @Test func aDownForAnActiveIdCancelsTheOldTouchFirst() {
        let rig = Rig()
        rig.addView("A", rect(0, 0, 100, 100))
        rig.addView("B", rect(200, 0, 100, 100))
        rig.send(at: 0, down(0, 10, 10))
        let issues = rig.send(at: 0.016, down(0, 210, 10))
        #expect(issues.map(\.message) == ["began while active; old touch cancelled"])
        #expect(rig.takeLog().filter { $0.hasPrefix("A ") || $0.hasPrefix("B ") } == [
            "A touchesBegan 0@(10,10)", "A touchesCancelled 0@(10,10)", "B touchesBegan 0@(10,10)",
        ])
        #expect(rig.app.activeTouches.map { $0.view?.name } == ["B"])
    }

    @Test func aFrameSplitIntoPassesIsDeliveredAsOneEventPerPass() {
        let rig = Rig()
        rig.send(at: 0, down(0, 10, 10))
        // Up and a new down of id 0 in one wl_touch frame: the assembler splits it into two passes.
        rig.app.handle(InputFrame(timestamp: 0.016, passes: [[up(0, 10, 10)], [down(0, 30, 30)]]))
        #expect(rig.takeLog().filter { $0.hasPrefix("window") } == [
            "window touchesBegan 0@(10,10)", "window touchesEnded 0@(10,10)", "window touchesBegan 0@(30,30)",
        ])
        #expect(rig.app.activeTouches.first?.tapCount == 2)
    }

    @Test func aPassWithOnlyStationaryTouchesSendsNoEvent() {
        let rig = Rig()
        rig.send(at: 0, down(0, 10, 10))
        rig.takeLog()
        let stationary = TouchInput(id: 0, phase: .stationary, location: Point(x: 10, y: 10))
        #expect(rig.send(at: 0.016, stationary).isEmpty)
        #expect(rig.takeLog().isEmpty)
    }
}
