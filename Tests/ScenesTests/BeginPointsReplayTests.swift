import Scenes
import Testing
import TouchKit

/// Begin points (listings 3-4/3-5): stored on began, read back and removed on ended.
@Suite struct BeginPointsReplayTests {
    @Test func eachFingerReportsTheDistanceFromItsOwnBeginPoint() throws {
        let replay = try ReplayFixture("beginpoints", BeginPointsScene.self)
        #expect(replay.lines == [
            "beginpoints touchesBegan 0@100,100",
            "beginpoints touchesBegan 1@500,300",
            "beginpoints touchesMoved 0@130,140",
            "beginpoints touchesEnded 0@130,140",
            "beginpoints touchesBegan 0@700,100",
            "beginpoints touchesMoved 1@560,380",
            "beginpoints touchesMoved 0@700,130 1@620,460",
            "beginpoints touchesEnded 0@700,130 1@620,460",
        ])
        // The second finger with id 0 is a new touch with its own begin point (keyed by touch, not id).
        #expect(replay.snapshot.facts["finished"] == "0:50,0:30,1:200")
        #expect(replay.snapshot.facts["beginPoints"] == "0@100 100,0@700 100,1@500 300")
        #expect(replay.snapshot.facts["stillStored"] == "0")
        #expect(replay.scene.surface.finished.map(\.end) == [
            Point(x: 130, y: 140), Point(x: 700, y: 130), Point(x: 620, y: 460),
        ])
        #expect(replay.scene.surface.finished.allSatisfy { !$0.wasCancelled })
        #expect(replay.scene.surface.subviews.isEmpty, "a begin marker outlived its touch")
    }

    @Test func cancelledTouchesReadTheirBeginPointsBackToo() throws {
        let replay = try ReplayFixture("beginpoints-cancel", BeginPointsScene.self)
        #expect(replay.lines.suffix(2) == [
            "beginpoints touchesMoved 2@530,140",
            "beginpoints touchesCancelled 1@300,160 2@530,140",
        ])
        #expect(replay.snapshot.facts["finished"] == "0:40,1:60,2:50")
        #expect(replay.snapshot.facts["cancelled"] == "1,2")
        #expect(replay.snapshot.facts["stillStored"] == "0")
        #expect(replay.scene.surface.subviews.isEmpty)
    }

    @Test func replaysAreDeterministic() throws {
        try expectDeterministic("beginpoints", BeginPointsScene.self)
        try expectDeterministic("beginpoints-cancel", BeginPointsScene.self)
    }
}
