import Testing
import TouchStream
@testable import WaylandClient

/// Input → presented latency of the input events a frame showed first.
@Suite struct FramePresentationTests {
    @Test func hiResAndMillisecondTimesBothGiveLatencies() {
        var input = FrameInput()
        input.note(RawRecord(.motion(time: 1_000, id: 0, x: WLFixed(1), y: WLFixed(1)), hiResTimeNanoseconds: 1_000_250_000))
        input.note(RawRecord(.motion(time: 1_004, id: 0, x: WLFixed(1), y: WLFixed(1))))
        input.note(RawRecord(.frame))  // no time: not an input event of its own
        let latencies = input.latencies(presented: 1.0205)
        #expect(latencies.count == 2)
        #expect(abs(latencies[0] - 0.02025) < 1e-9 && abs(latencies[1] - 0.0165) < 1e-9)
    }

    @Test func millisecondTimesWrapAt32Bits() {
        var input = FrameInput()
        input.note(RawRecord(.motion(time: UInt32.max - 4, id: 0, x: WLFixed(1), y: WLFixed(1))))
        // 2^32 ms + 10 ms after the clock's zero: 15 ms after the input.
        let latencies = input.latencies(presented: (4_294_967_296 + 10) / 1000)
        #expect(latencies.count == 1 && abs(latencies[0] - 0.015) < 1e-9)
    }

    @Test func emulatedInputAndImplausibleTimesCountNot() {
        var input = FrameInput()
        input.note(RawRecord(.motion(time: 5, id: 0, x: WLFixed(1), y: WLFixed(1)), isEmulated: true))
        input.note(RawRecord(.motion(time: 900_000, id: 0, x: WLFixed(1), y: WLFixed(1))))
        #expect(input.count == 1)
        #expect(input.latencies(presented: 1.0).isEmpty)  // from the future: dropped
    }
}
