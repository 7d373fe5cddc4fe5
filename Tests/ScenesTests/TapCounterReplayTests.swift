import Scenes
import Testing
import TouchKit

/// Tap counter (listing 3-1; seed 001 §4.2.4): every ended touch counts under its tapCount.
@Suite struct TapCounterReplayTests {
    @Test func doubleTapCountsASingleThenADouble() throws {
        let replay = try ReplayFixture("tapcounter-double", TapCounterScene.self)
        #expect(replay.lines == [
            "tapcounter touchesBegan 0@240,160", "tapcounter touchesEnded 0@240,160",
            "tapcounter touchesBegan 0@242,161", "tapcounter touchesEnded 0@242,161",
        ])
        #expect(replay.calls.map { $0.touches[0].tapCount } == [1, 1, 2, 2])
        #expect(replay.calls.map(\.timestamp) == [0, 0.04, 0.24, 0.28])
        let facts = replay.snapshot.facts
        #expect([facts["singles"], facts["doubles"], facts["triples"], facts["lastTapCount"]] == ["1", "1", "0", "2"])
        #expect(replay.scene.pad.backgroundColor == TapCounterView.colors[2])
    }

    @Test func tripleTapCountsOneOfEach() throws {
        let replay = try ReplayFixture("tapcounter-triple", TapCounterScene.self)
        #expect(replay.calls.filter { $0.method == .touchesEnded }.map { $0.touches[0].tapCount } == [1, 2, 3])
        let facts = replay.snapshot.facts
        #expect([facts["singles"], facts["doubles"], facts["triples"], facts["lastTapCount"]] == ["1", "1", "1", "3"])
        let image = try replay.session.render()
        #expect(image.pixel(at: 640, 360) == argb(TapCounterView.colors[3]))
        #expect(image.pixel(at: 100, 100) == argb(TapCounterScene.background))
    }

    @Test func aGapOf392MillisecondsIsTwoSinglesUnderUIKitAndADoubleUnderGTK() throws {
        let uikit = try ReplayFixture("tapcounter-slow", TapCounterScene.self, profile: .uikit)
        #expect(uikit.snapshot.facts["singles"] == "2")
        #expect(uikit.snapshot.facts["doubles"] == "0")
        let gtk = try ReplayFixture("tapcounter-slow", TapCounterScene.self, profile: .gtk)
        #expect(gtk.snapshot.facts["singles"] == "1")
        #expect(gtk.snapshot.facts["doubles"] == "1")
        // Same calls either way; only the tap counts differ.
        #expect(uikit.lines == gtk.lines)
        #expect(gtk.calls.last?.touches[0].tapCount == 2)
    }

    @Test func replaysAreDeterministic() throws {
        for name in ["tapcounter-double", "tapcounter-triple", "tapcounter-slow"] {
            try expectDeterministic(name, TapCounterScene.self)
        }
    }
}
