@testable import Live
import Testing
import TouchKit

/// `run --frame-log` and the presentation target on the trace's clock.
@Suite struct FrameLogTests {
    @Test func aPresentedFrameShowsWhatTheLastRenderBeforeItsCommitDrew() throws {
        var frames = DrawnFrames()
        frames.rendered(at: 8_000.100, drawn: Point(x: 10, y: 20), aimed: 8_000.120, finger: Point(x: 9, y: 20))
        // Rendered but never committed (no damage): overtaken by the next render.
        frames.rendered(at: 8_000.115, drawn: Point(x: 11, y: 20), aimed: nil, finger: Point(x: 11, y: 20))
        frames.rendered(at: 8_000.117, drawn: Point(x: 12, y: 20), aimed: 8_000.134, finger: Point(x: 11, y: 20))
        let taken = frames.take(committed: 8_000.1005, presented: 8_000.121)
        let first = try #require(taken)
        #expect(first == FrameLogEntry(committed: 8_000.1005, presented: 8_000.121, drawn: Point(x: 10, y: 20),
                                       aimed: 8_000.120, finger: Point(x: 9, y: 20)))
        let next = frames.take(committed: 8_000.1172, presented: nil)
        let second = try #require(next)
        #expect(second.drawn == Point(x: 12, y: 20) && second.aimed == 8_000.134)
        let none = frames.take(committed: 8_000.2, presented: 8_000.21)
        #expect(none == nil, "nothing rendered since")
        #expect(second.jsonLine == #"{"committed":8000.1172,"presented":null,"x":12,"y":20,"aimed":8000.134,"finger_x":11,"finger_y":20}"#)
    }

    @Test func presentationTimesGoOnTheTraceClockThroughTheNewestInputTime() {
        var clock = PresentationTargetClock()
        #expect(clock.traceTime(ofMonotonic: 3_712_405.2) == nil, "no input time yet")
        // The trace clock read 3712405.117 s at the input stamped 3712405117 ms (CLOCK_MONOTONIC).
        clock.note(raw: 3_712_405_117, trace: 3_712_405.117)
        let target = clock.traceTime(ofMonotonic: 3_712_405.1295)
        #expect(target.map { abs($0 - 3_712_405.1295) < 1e-6 } == true)
        // A trace whose clock began elsewhere (unwrapped from its first time) keeps its own base.
        clock.note(raw: 3_712_405_117, trace: 12.5)
        #expect(clock.traceTime(ofMonotonic: 3_712_405.1295).map { abs($0 - 12.5125) < 1e-6 } == true)
        // Across the 2^32 ms wrap (49.7 days of uptime).
        clock.note(raw: 4_294_967_290, trace: 100)
        #expect(clock.traceTime(ofMonotonic: 4_294_967.302).map { abs($0 - 100.012) < 1e-6 } == true)
        // A compositor stamping input with another clock gives nothing rather than a wild target.
        clock.note(raw: 5_000, trace: 5)
        #expect(clock.traceTime(ofMonotonic: 3_712_405.2) == nil)
    }
}
