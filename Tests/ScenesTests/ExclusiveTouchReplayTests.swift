import Scenes
import Testing
import TouchKit

/// Exclusive touch (figure 3-5): A is exclusive, B and C are not.
@Suite struct ExclusiveTouchReplayTests {
    @Test func fingerInBThenAGivesANothing() throws {
        let replay = try ReplayFixture("exclusive-b-then-a", ExclusiveTouchScene.self)
        #expect(replay.lines == [
            "B touchesBegan 0@150,150", "withheld 1 A exclusiveTouch", "B touchesEnded 0@150,150",
        ])
        #expect(replay.snapshot.facts["A.received"] == "")
        #expect(replay.snapshot.facts["B.received"] == "0")
    }

    @Test func fingerInAThenBGivesBNothing() throws {
        let replay = try ReplayFixture("exclusive-a-then-b", ExclusiveTouchScene.self)
        #expect(replay.lines == [
            "A touchesBegan 0@150,150", "withheld 1 B exclusiveTouch", "A touchesEnded 0@150,150",
        ])
        #expect(replay.snapshot.facts["A.received"] == "0")
        #expect(replay.snapshot.facts["B.received"] == "")
    }

    @Test func fingersInBAndCAreBothDelivered() throws {
        let replay = try ReplayFixture("exclusive-b-and-c", ExclusiveTouchScene.self)
        #expect(replay.lines == [
            "B touchesBegan 0@150,150", "C touchesBegan 1@150,150", "B touchesEnded 0@150,150",
            "C touchesEnded 1@150,150",
        ])
        #expect(replay.snapshot.facts["B.received"] == "0")
        #expect(replay.snapshot.facts["C.received"] == "1")
        #expect(replay.snapshot.facts["A.received"] == "")
        #expect(["A", "B", "C"].allSatisfy { replay.snapshot.facts["\($0).tracking"] == "" })
    }

    @Test func replaysAreDeterministic() throws {
        for name in ["exclusive-b-then-a", "exclusive-a-then-b", "exclusive-b-and-c"] {
            try expectDeterministic(name, ExclusiveTouchScene.self)
        }
    }
}
