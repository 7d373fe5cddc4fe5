import Testing
import TouchStream

/// P1–P6: the pointer records of `run --pointer-only` (trace version 3). Times are ms since
/// boot just below 2^32, and most fixtures wrap past it.
@Suite struct PointerEmulationRuleTests {
    private let enter = "pointer-enter 100 100 surface=s1 serial=52110"

    @Test func p1APressWithNoEnterOnThatSurface() throws {
        #expect(try findings("pointer-button 272 pressed t=4294967000; pointer-button 272 released t=4294967040")
            == ["violation P1@0"])
        // After a leave the pointer is nowhere; a press that names another surface is not on the entered one.
        #expect(try findings("\(enter); pointer-leave surface=s1; pointer-button 272 pressed t=4294967000 surface=s1; pointer-button 272 released t=20")
            == ["violation P1@2"])
        #expect(try findings("\(enter); pointer-button 272 pressed t=4294967000 surface=s2; pointer-button 272 released t=20")
            == ["violation P1@1"])
        #expect(try findings("\(enter); pointer-button 272 pressed t=4294967000 surface=s1; pointer-button 272 released t=20")
            == [])
    }

    @Test func p2AButtonStillDownAtALeaveOrTheEnd() throws {
        // A drag whose release never came: at the end of the trace, and at a leave.
        #expect(try findings("\(enter); pointer-button 272 pressed t=4294967000; pointer-motion 180 100 t=4294967200")
            == ["ambiguity P2@1"])
        #expect(try findings("\(enter); pointer-button 272 pressed t=4294967000; pointer-motion 180 100 t=100; pointer-leave surface=s1; \(enter)")
            == ["ambiguity P2@1"])
        #expect(try findings("\(enter); pointer-button 272 pressed t=4294967000; pointer-motion 180 100 t=100; pointer-button 272 released t=120; pointer-leave surface=s1")
            == [])
    }

    @Test func p3TwoPressesWithoutARelease() throws {
        #expect(try findings("\(enter); pointer-button 272 pressed t=4294967200; pointer-button 272 pressed t=20; pointer-button 272 released t=60")
            == ["violation P3@2"])
        // Two different buttons down together are nothing.
        #expect(try findings("\(enter); pointer-button 272 pressed t=4294967200; pointer-button 273 pressed t=20; pointer-button 273 released t=40; pointer-button 272 released t=60")
            == [])
    }

    @Test func p4ADoubleTapThatIsNoDoubleClick() throws {
        // Released 250 ms before the second press (a double tap), but 8 px away: GTK and Qt need 5.
        #expect(try findings("""
            \(enter); pointer-button 272 pressed t=4294967000; pointer-button 272 released t=4294967100
            pointer-motion 108 100 t=4294967200; pointer-button 272 pressed t=54; pointer-button 272 released t=120
            """) == ["heuristic P4@4"])
        // In place, but the first tap was held 200 ms: the presses are 450 ms apart, over 400.
        #expect(try findings("""
            \(enter); pointer-button 272 pressed t=4294966900; pointer-button 272 released t=4294967100
            pointer-button 272 pressed t=54; pointer-button 272 released t=120
            """) == ["heuristic P4@3"])
        // 350 ms apart in place is a double-click; 350 ms between release and press is no double tap.
        #expect(try findings("""
            \(enter); pointer-button 272 pressed t=4294967000; pointer-button 272 released t=4294967100
            pointer-button 272 pressed t=54; pointer-button 272 released t=120
            """) == [])
        #expect(try findings("""
            \(enter); pointer-button 272 pressed t=4294967000; pointer-button 272 released t=4294967100
            pointer-motion 130 100 t=4294967200; pointer-button 272 pressed t=154; pointer-button 272 released t=220
            """) == [])
    }

    @Test func p5ALongPressWithNoSecondaryClick() throws {
        // Held 600 ms within 3 px, across the wrap.
        #expect(try findings("""
            \(enter); pointer-button 272 pressed t=4294967000; pointer-motion 103 100 t=4294967200
            pointer-button 272 released t=304
            """) == ["heuristic P5@1"])
        // A right click while it is held, a drag, or a hold shorter than 500 ms is none.
        #expect(try findings("""
            \(enter); pointer-button 272 pressed t=4294967000; pointer-button 273 pressed t=204
            pointer-button 273 released t=214; pointer-button 272 released t=304
            """) == [])
        #expect(try findings("""
            \(enter); pointer-button 272 pressed t=4294967000; pointer-motion 120 100 t=4294967200
            pointer-button 272 released t=304
            """) == [])
        #expect(try findings("\(enter); pointer-button 272 pressed t=4294967000; pointer-button 272 released t=104") == [])
    }

    @Test func p6AReleaseWithNoPress() throws {
        // KWin 5.27's tap for a client without wl_touch: a motion, then a release alone.
        #expect(try findings("\(enter); pointer-motion 100 100 t=4294967290; pointer-button 272 released t=60")
            == ["violation P6@2"])
        // A press before a leave is forgotten with it (P2): its release after a new enter is P6 too.
        #expect(try findings("\(enter); pointer-button 272 pressed t=4294967290; pointer-leave surface=s1; \(enter); pointer-button 272 released t=60")
            == ["ambiguity P2@1", "violation P6@4"])
        #expect(try findings("\(enter); pointer-button 272 pressed t=4294967290; pointer-button 272 released t=60") == [])
    }

    @Test func everyPointerRuleHasAnEntryAndACategory() {
        for rule in [ConformanceRule.p1, .p2, .p3, .p4, .p5, .p6] {
            #expect(RuleDocument.entry(for: rule.id)?.title.isEmpty == false, "\(rule.id)")
        }
        #expect(ConformanceRule.p1.category == .violation)
        #expect(ConformanceRule.p2.category == .ambiguity)
        #expect(ConformanceRule.p5.category == .heuristic)
    }
}
