import Testing
import TouchStream

/// S7 (as A14 and H1) and S8: timestamps and serials.
@Suite struct TimeRuleTests {
    @Test func a14TimeGoingBackwards() throws {
        #expect(try findings("down 0 1 1 t=100; frame; motion 0 2 2 t=90; frame; up 0 t=120; frame") == ["ambiguity A14@2"])
    }

    @Test func timeWrapsAt2To32() throws {
        #expect(try findings("down 0 1 1 t=4294967290; frame; motion 0 2 2 t=4; frame; up 0 t=12; frame") == [])
    }

    @Test func s8SerialsGoingBackwards() throws {
        #expect(try findings("down 0 1 1 serial=10; frame; up 0 serial=9; frame") == ["violation S8@2"])
        #expect(try findings("down 0 1 1 serial=4294967295; frame; up 0; frame") == [])
    }

    @Test func s8ALargeRiseIsNotAStepBackAndAWrapIsNot() throws {
        // 1490 → 4000000000 is a rise (other clients' serials in between), not a wrap backwards.
        #expect(try findings("down 0 1 1 serial=1490; frame; up 0 serial=4000000000; frame") == [])
        // Near the top of the range to near zero is the counter wrapping.
        #expect(try findings("down 0 1 1 serial=4000000000; frame; up 0 serial=1490; frame") == [])
        // A small drop in the upper half is still a step back.
        #expect(try findings("down 0 1 1 serial=4000000000; frame; up 0 serial=3999999990; frame") == ["violation S8@2"])
    }

    @Test func h1MicrosecondLookingTimestamps() throws {
        #expect(try findings(stroke(stepMilliseconds: 8_000)) == ["heuristic H1@32"])
        #expect(try findings(stroke(stepMilliseconds: 8)) == [])
    }

    @Test func h1NeedsConsistentEvidence() throws {
        // Every fourth step is a three-second pause (a finger held still), the rest are 8 ms:
        // a millisecond clock with pauses, not a microsecond clock.
        var time = 0
        var motions: [String] = []
        for k in 1...20 {
            time += k % 4 == 0 ? 3_000 : 8
            motions.append("motion 0 \(k + 1) 1 t=\(time); frame")
        }
        #expect(try findings("down 0 1 1 t=0; frame; " + motions.joined(separator: "; ") + "; up 0; frame") == [])
    }

    /// A down, 20 motions `stepMilliseconds` apart, an up.
    private func stroke(stepMilliseconds: Int) -> String {
        let motions = (1...20).map { "motion 0 \($0 + 1) 1 t=\($0 * stepMilliseconds); frame" }
        return "down 0 1 1 t=0; frame; " + motions.joined(separator: "; ") + "; up 0 t=\(21 * stepMilliseconds); frame"
    }
}
