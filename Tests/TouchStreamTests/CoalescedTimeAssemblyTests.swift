import Testing
import TouchKit
import TouchStream

/// Several motions of one id before a frame keep their own wl_touch times (A13), with times as
/// compositors give them (ms since boot).
@Suite struct CoalescedTimeAssemblyTests {
    @Test func motionsOfDifferentTimesInOneFrameKeepEach() throws {
        let out = try assemble("down 0 0 0 t=3712405117; frame; motion 0 1 0 t=3712405120; motion 0 2 0 t=3712405123; "
                               + "motion 0 3 0 t=3712405126; frame")
        let input = try #require(out.frames.last?.passes.first?.first)
        #expect(input.coalesced == [pt(1, 0), pt(2, 0), pt(3, 0)])
        #expect(input.coalescedTimes == [3_712_405.120, 3_712_405.123, 3_712_405.126])
        #expect(out.frames.last?.timestamp == 3_712_405.126)
    }

    @Test func cageFlushesCarryEachMotionsTime() throws {
        // cage 0.1.4 sends no wl_touch.frame: the live client flushes when the socket is drained.
        let out = try assemble("down 0 10 10 t=4100000000; flush; motion 0 12 10 t=4100000004; "
                               + "motion 0 15 11 t=4100000008; motion 0 19 12 t=4100000012; flush; up 0 t=4100000020; flush")
        let moved = try #require(out.frames.first { $0.passes.first?.first?.phase == .moved }?.passes.first?.first)
        #expect(moved.coalesced == [pt(12, 10), pt(15, 11), pt(19, 12)])
        #expect(moved.coalescedTimes == [4_100_000.004, 4_100_000.008, 4_100_000.012])
        #expect(moved.coalesced.last == moved.location)
    }

    @Test func downAndMotionsInOneFrameAreOneBeganWithEveryTime() throws {
        let out = try assemble("down 0 10 10 t=3712405117; motion 0 14 10 t=3712405121; frame")
        let began = try #require(out.frames.first?.passes.first?.first)
        #expect(began.phase == .began && began.coalesced == [pt(10, 10), pt(14, 10)])
        #expect(began.coalescedTimes == [3_712_405.117, 3_712_405.121])
    }

    @Test func samplesAtTheFramesTimeLeaveTimesImplicit() throws {
        // weston stamps a whole evdev frame with one time: no per-sample array is made.
        let out = try assemble("down 0 0 0 t=3712405117; frame; motion 0 1 0 t=3712405125; motion 0 2 0 t=3712405125; frame")
        let input = try #require(out.frames.last?.passes.first?.first)
        #expect(input.coalesced.count == 2 && input.coalescedTimes.isEmpty)
    }
}
