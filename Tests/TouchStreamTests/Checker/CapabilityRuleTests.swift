import Testing
import TouchStream

/// R14 and A8: wl_touch events and touches across the seat's touch capability going away.
@Suite struct CapabilityRuleTests {
    @Test func r14EveryEventWhileTouchIsRemoved() throws {
        #expect(try findings("capabilities touch; capabilities none; down 0 1 1; frame; motion 0 2 2; frame")
            == ["violation R14@2", "violation R14@3", "violation R14@4", "violation R14@5"])
    }

    @Test func r14EndsWhenTouchIsAddedBack() throws {
        #expect(try findings("""
            capabilities touch; down 0 1 1; frame; up 0; frame
            capabilities none; capabilities touch
            down 0 3 3; frame; up 0; frame
            """) == [])
        #expect(try findings("capabilities none; cancel; capabilities touch; down 1 1 1; frame; up 1; frame")
            == ["violation R14@1"])
    }

    @Test func r14MessageQuotesTheRule() throws {
        let finding = try #require(try checkerFindings("capabilities none; up 3 t=40").first)
        #expect(finding.ruleID == "R14")
        #expect(finding.category == .violation)
        #expect(finding.recordIndex == 1)
        #expect(finding.touchID == 3)
        #expect(finding.time == 40)
        #expect(finding.message.contains("wl_touch.up for id 3 after the seat's touch capability was removed"))
        #expect(finding.message.contains("No further pointer events will be received on these objects."))
    }

    @Test func withoutCapabilityRecordsNothingChanges() throws {
        #expect(try findings("down 0 1 1; frame; up 0; frame") == [])
        #expect(try findings("capabilities touch; down 0 1 1; frame; up 0; frame") == [])
    }

    @Test func a8TouchesDownWhenTouchIsRemoved() throws {
        #expect(try findings("capabilities touch; down 0 1 1; down 1 2 2; frame; capabilities none")
            == ["ambiguity A8@4"])
        let finding = try #require(try checkerFindings("down 5 1 1; frame; capabilities none").first)
        #expect(finding.ruleID == "A8")
        #expect(finding.touchID == 5)
        #expect(finding.message.contains("touch capability removed while id 5 is down"))
    }

    @Test func a8NotAfterACancelOrAnUp() throws {
        #expect(try findings("down 0 1 1; frame; cancel; capabilities none") == [])
        #expect(try findings("down 0 1 1; frame; up 0; frame; capabilities none") == [])
        // Removing twice reports the touches once.
        #expect(try findings("down 0 1 1; frame; capabilities none; capabilities none") == ["ambiguity A8@2"])
    }

    @Test func touchesEndedByTheRemovalAreNotDownAfterTheAdd() throws {
        // The old wl_touch is gone: a down of the same id on the new one is no R1, a motion without it is R2.
        #expect(try findings("down 0 1 1; frame; capabilities none; capabilities touch; down 0 2 2; frame; up 0; frame")
            == ["ambiguity A8@2"])
        #expect(try findings("down 0 1 1; frame; capabilities none; capabilities touch; motion 0 2 2; frame")
            == ["ambiguity A8@2", "violation R2@4"])
    }

    @Test func theRecordIsNoWlTouchEvent() throws {
        // It settles no A1 question, makes no frame non-empty and is no event after a cancel.
        #expect(try findings("down 0 1 1; frame; up 0; capabilities touch; frame") == [])
        #expect(try findings("capabilities touch; frame") == ["violation R4@1"])
    }

    @Test func r14AndA8AreCheckedR13IsNot() {
        #expect(UncheckedRule(rawValue: "R14") == nil)
        #expect(UncheckedRule(rawValue: "A8") == nil)
        #expect(ConformanceRule.r14.category == .violation)
        #expect(ConformanceRule.a8.category == .ambiguity)
        #expect(UncheckedRule.r13.reason.contains("which wl_touch object"))
    }
}
