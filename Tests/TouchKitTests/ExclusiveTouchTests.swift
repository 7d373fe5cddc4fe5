import Testing
import TouchKit

/// Seed figure 3-5 ("Restricting event delivery with an exclusive-touch view"):
/// A is exclusive, B and C are not.
@Suite struct ExclusiveTouchTests {
    private func rig() -> Rig {
        let rig = Rig()
        rig.addView("A", rect(0, 0, 100, 100)).isExclusiveTouch = true
        rig.addView("B", rect(0, 150, 100, 100))
        rig.addView("C", rect(150, 150, 100, 100))
        rig.recorder.removeAll()
        return rig
    }

    /// Only the calls that reached A, B or C directly (not the forwarding to window/app).
    private func viewCalls(_ rig: Rig) -> [String] {
        rig.takeLog().filter { !$0.hasPrefix("window ") && !$0.hasPrefix("app ") }
    }

    @Test func fingerInBThenAGivesANothing() {
        let rig = rig()
        rig.send(at: 0, down(0, 50, 200))
        rig.send(at: 0.016, down(1, 50, 50))
        rig.send(at: 0.032, move(1, 55, 50), move(0, 55, 200))
        rig.send(at: 0.048, up(1, 55, 50))
        rig.send(at: 0.064, up(0, 55, 200))
        #expect(viewCalls(rig) == [
            "B touchesBegan 0@(50,50)", "withheld 1 A exclusiveTouch",
            "B touchesMoved 0@(55,50)", "B touchesEnded 0@(55,50)",
        ])
    }

    @Test func fingerInAThenBGivesBNothing() {
        let rig = rig()
        rig.send(at: 0, down(0, 50, 50))
        rig.send(at: 0.016, down(1, 50, 200))
        rig.send(at: 0.032, move(1, 55, 200), move(0, 55, 50))
        rig.send(at: 0.048, up(0, 55, 50))
        // A's finger is gone: a new finger in C is delivered again; B's old finger stays withheld.
        rig.send(at: 0.064, down(2, 200, 200), move(1, 60, 200))
        #expect(viewCalls(rig) == [
            "A touchesBegan 0@(50,50)", "withheld 1 B exclusiveTouch",
            "A touchesMoved 0@(55,50)", "A touchesEnded 0@(55,50)",
            "C touchesBegan 2@(50,50)",
        ])
    }

    @Test func fingersInBAndCTogetherReachBoth() {
        let rig = rig()
        rig.send(at: 0, down(0, 50, 200), down(1, 200, 200))
        rig.send(at: 0.016, up(0, 50, 200), up(1, 200, 200))
        #expect(viewCalls(rig) == [
            "B touchesBegan 0@(50,50)", "C touchesBegan 1@(50,50)",
            "B touchesEnded 0@(50,50)", "C touchesEnded 1@(50,50)",
        ])
    }

    @Test func fingersInAAndBInOneFrameFirstOneWins() {
        let rig = rig()
        rig.send(at: 0, down(4, 50, 50), down(2, 50, 200))
        #expect(viewCalls(rig) == ["withheld 2 B exclusiveTouch", "A touchesBegan 4@(50,50)"])
    }

    @Test func anExclusiveViewMayTakeSeveralOfItsOwnFingers() {
        let rig = rig()
        rig.window.subviews.first?.isMultipleTouchEnabled = true
        rig.send(at: 0, down(0, 10, 10))
        rig.send(at: 0.016, down(1, 90, 90))
        #expect(viewCalls(rig) == ["A touchesBegan 0@(10,10)", "A touchesBegan 1@(90,90)"])
    }
}
