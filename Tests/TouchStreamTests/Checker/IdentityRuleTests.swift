import Testing
import TouchStream

/// R1, R2, R3, R5, R9 and A6: which ids events may name.
@Suite struct IdentityRuleTests {
    @Test func r1DownForAnActiveID() throws {
        #expect(try findings("down 0 1 1; frame; down 0 2 2; frame; up 0; frame") == ["violation R1@2"])
        #expect(try findings("down 0 1 1; down 1 2 2; frame; up 0; up 1; frame") == [])
    }

    @Test func r1MessageNamesTheEarlierDownAndQuotesTheRule() throws {
        let finding = try #require(try checkerFindings("down 3 1 1; frame; down 3 2 2 t=20; frame").first)
        #expect(finding.touchID == 3)
        #expect(finding.time == 20)
        #expect(finding.message.contains("already down since record 0"))
        #expect(finding.message.contains("This touch point is assigned a unique ID."))
    }

    @Test func r2MotionAndUpForAnIDNeverDown() throws {
        #expect(try findings("down 0 1 1; frame; motion 7 2 2; frame; up 7; frame; up 0; frame")
            == ["violation R2@2", "violation R2@4"])
        #expect(try findings("down 7 1 1; frame; motion 7 2 2; frame; up 7; frame") == [])
    }

    @Test func r3EveryLaterEventForALiftedIDIsReported() throws {
        #expect(try findings("down 5 1 1; frame; up 5; frame; motion 5 2 2; frame; up 5; frame")
            == ["violation R3@4", "violation R3@6"])
    }

    @Test func r3ReuseByANewDownIsFineEvenInTheSameFrame() throws {
        #expect(try findings("down 5 1 1; frame; up 5; down 5 3 3; frame; motion 5 4 4; frame; up 5; frame") == [])
        #expect(try findings("down 5 1 1; frame; up 5; frame; down 5 3 3; frame; up 5; frame") == [])
    }

    @Test func r5EventsForAnIDActiveAtACancel() throws {
        #expect(try findings("down 0 1 1; frame; cancel; motion 0 2 2; frame") == ["violation R5@3"])
        #expect(try findings("down 0 1 1; frame; cancel; down 0 2 2; frame; up 0; frame") == [])
    }

    @Test func r9ShapeOrOrientationBeforeTheDown() throws {
        #expect(try findings("shape 0 4 2; down 0 1 1; frame; up 0; frame", header: checkerHeader())
            == ["violation R9@0"])
        #expect(try findings("orientation 4 10; down 0 1 1; frame; up 0; frame") == ["violation R9@0"])
        #expect(try findings("down 0 1 1; shape 0 4 2; orientation 0 10; frame; up 0; frame", header: checkerHeader())
            == [])
    }

    @Test func a6NegativeOrHugeIDs() throws {
        #expect(try findings("down -1 1 1; frame; up -1; frame") == ["ambiguity A6@0"])
        #expect(try findings("down 70000 1 1; frame; up 70000; frame") == ["ambiguity A6@0"])
        #expect(try findings("down 65536 1 1; frame; up 65536; frame; down 0 1 1; frame; up 0; frame") == [])
    }

    @Test func olderLiftedIDsFallBackToR2() throws {
        // Only the last CheckerThresholds.rememberedEndedIDs lifted ids are remembered.
        let count = CheckerThresholds.rememberedEndedIDs + 1
        let strokes = (0..<count).map { "down \($0) 1 1; frame; up \($0); frame" }.joined(separator: "; ")
        let late = try findings(strokes + "; motion 0 2 2; frame; motion \(count - 1) 2 2; frame")
        #expect(late == ["violation R2@\(count * 4)", "violation R3@\(count * 4 + 2)"])
    }

    @Test func manyTouchesDownAtOnceUseTheIndexedTable() throws {
        // More than CheckerThresholds' linear limit: the table keeps a hash index, and removing
        // touches in an odd order must keep it right.
        let ids = 0..<40
        let downs = ids.map { "down \($0) \($0) 1" }.joined(separator: "; ")
        let moves = ids.map { "motion \($0) \($0) 2" }.joined(separator: "; ")
        let ups = ids.filter { $0 % 2 == 0 }.map { "up \($0)" } + ids.filter { $0 % 2 == 1 }.reversed().map { "up \($0)" }
        let script = [downs, "frame", moves, "frame", ups.joined(separator: "; "), "frame",
                      "motion 17 3 3", "down 3 1 1", "down 3 2 2", "frame"].joined(separator: "; ")
        #expect(try findings(script) == ["violation R3@123", "violation R1@125"])
    }
}
