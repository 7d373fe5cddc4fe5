import Testing
import TouchStream

/// R5, R6 (modelled), A3, A4, A19: what a cancel ends and what it leaves open.
@Suite struct CancelRuleTests {
    @Test func a3EventsPendingAtTheCancel() throws {
        #expect(try findings("down 0 1 1; frame; motion 0 2 2; cancel") == ["ambiguity A3@3"])
        #expect(try findings("down 0 1 1; frame; cancel") == [])
    }

    @Test func a4CancelAcrossSurfaces() throws {
        #expect(try findings("down 0 1 1 surface=a; down 1 2 2 surface=b; frame; cancel") == ["ambiguity A4@3"])
        #expect(try findings("down 0 1 1 surface=a; down 1 2 2 surface=a; frame; cancel") == [])
    }

    @Test func a4NamesTheSurfacesOnOneLine() throws {
        // A surface name is input: a newline in it (%0A in the compact form) is escaped, not printed.
        let trace = try TraceReader.read(bytes: Array("down 0 1 1 surface=a%0Ab; down 1 2 2 surface=c; frame; cancel\n".utf8),
                                         name: "t.txt")
        let messages = ConformanceChecker.check(trace.records, header: nil).map(\.message)
        #expect(messages.count == 1 && !messages[0].contains("\n"))
        #expect(messages.first?.hasPrefix(#"cancel while touches are down on several surfaces (0 on a\x0Ab, 1 on c);"#) == true)
    }

    @Test func a19CancelWithNoTouch() throws {
        #expect(try findings("cancel") == ["ambiguity A19@0"])
        #expect(try findings("down 0 1 1; frame; up 0; frame; cancel") == ["ambiguity A19@4"])
        #expect(try findings("down 0 1 1; frame; up 0; frame; down 1 1 1; frame; cancel") == [])
    }

    @Test func r6CancelEndsEveryActiveTouchSoLaterEventsAreR5() throws {
        #expect(try findings("down 0 1 1; down 1 2 2; frame; cancel; up 1; frame; motion 0 5 5; frame")
            == ["violation R5@4", "violation R5@6"])
    }

    @Test func r5MessageNamesTheCancel() throws {
        let finding = try #require(try checkerFindings("down 2 1 1; frame; cancel; up 2 t=40; frame").first)
        #expect(finding.ruleID == "R5")
        #expect(finding.recordIndex == 3)
        #expect(finding.touchID == 2)
        #expect(finding.message.contains("cancel at record 2"))
    }

    @Test func aDownPendingAtTheCancelIsEndedToo() throws {
        #expect(try findings("down 0 1 1; cancel; motion 0 2 2; frame") == ["ambiguity A3@1", "violation R5@2"])
    }
}
