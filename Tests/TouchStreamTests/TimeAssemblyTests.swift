import Testing
import TouchKit
import TouchStream

/// wl_touch time: wrap at 2^32 (S7), non-monotonic time (A14), frames without a timed event.
@Suite struct TimeAssemblyTests {
    @Test func timeUnwrapsAcrossTheWrap() throws {
        let out = try assemble("down 0 1 1 t=4294967290; frame; motion 0 2 2; frame; motion 0 3 3 t=100; frame")
        #expect(out.frames.map(\.timestamp) == [4_294_967.290, 4_294_967.298, 4_294_967.396])
        #expect(out.diagnostics.isEmpty)
    }

    @Test func timeGoingBackwardsIsHeldAndReportedOnce() throws {
        let out = try assemble("down 0 1 1 t=100; frame; motion 0 2 2 t=50; frame; motion 0 3 3 t=58; frame")
        #expect(out.frames.map(\.timestamp) == [0.1, 0.1, 0.108])
        #expect(kinds(out) == ["timeWentBackwards@2"])
        #expect(out.diagnostics.first?.kind.ruleID == "A14")
    }

    @Test func aFrameWithoutTimedEventsKeepsThePreviousTime() throws {
        let out = try assemble("down 0 1 1 t=100; frame; shape 0 4 2; frame")
        #expect(out.frames.map(\.timestamp) == [0.1, 0.1])
    }

    @Test func frameTimeIsTheLatestEventTime() throws {
        let out = try assemble("down 0 1 1 t=10; down 1 2 2 t=12; frame")
        #expect(out.frames.map(\.timestamp) == [0.012])
    }

    @Test func diagnosticsCarryTheClock() throws {
        let out = try assemble("down 0 1 1 t=2000; frame; motion 9 1 1; frame")
        #expect(out.diagnostics.map(\.time) == [2.008])
    }
}
