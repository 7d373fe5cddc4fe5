import Testing
import TouchStream
@testable import WaylandClient
import WaylandPlumbing

// MARK: - The wl_touch listener, called as libwayland calls it

/// Collects what the listener delivers.
private final class Sink: InputSink {
    var records: [RawRecord] = []
    func deliver(_ record: RawRecord) { records.append(record) }
    func deliver(_ key: KeyPress) {}
    let surfaceCentre = (x: 0.0, y: 0.0)
}

@Suite struct TouchListenerTests {
    @Test func allSevenEventsBecomeRecordsWithTheirExactArguments() {
        let sink = Sink()
        let events = TouchEvents(sink: sink)
        let data = userData(events)
        let listener = TouchEvents.listener.pointee
        // wl_fixed arguments arrive as raw 24.8 bits: 0x0a80 is 10.5, -1 is -1/256.
        listener.down(data, nil, 41, 1000, nil, 3, 0x0a80, -1)
        listener.shape(data, nil, 3, 0x1000, 0x0800)
        listener.orientation(data, nil, 3, -0x2d00)
        listener.frame(data, nil)
        listener.motion(data, nil, 1008, 3, 0x0b00, 0x7fff_ffff)
        listener.frame(data, nil)
        listener.up(data, nil, 42, 1016, 3)
        listener.frame(data, nil)
        listener.cancel(data, nil)
        withExtendedLifetime(events) {}
        let expected: [RawEvent] = [
            .down(serial: 41, time: 1000, surface: nil, id: 3, x: WLFixed(10.5), y: WLFixed(rawValue: -1)),
            .shape(id: 3, major: WLFixed(16), minor: WLFixed(8)),
            .orientation(id: 3, orientation: WLFixed(-45)),
            .frame,
            .motion(time: 1008, id: 3, x: WLFixed(11), y: WLFixed(rawValue: Int32.max)),
            .frame,
            .up(serial: 42, time: 1016, id: 3),
            .frame,
            .cancel,
        ]
        #expect(sink.records.map(\.event) == expected)
        #expect(sink.records.allSatisfy { !$0.isEmulated && $0.hiResTimeNanoseconds == nil })
    }

    @Test func aHiResTimestampGoesToTheNextTimedEventOnly() {
        let sink = Sink()
        let events = TouchEvents(sink: sink)
        let data = userData(events)
        let touch = TouchEvents.listener.pointee
        let stamps = TouchEvents.timestampsListener.pointee
        stamps.timestamp(data, nil, 0, 5, 250)
        touch.shape(data, nil, 0, 256, 256)     // carries no time: leaves the timestamp pending
        touch.down(data, nil, 1, 5000, nil, 0, 0, 0)
        touch.frame(data, nil)
        touch.motion(data, nil, 5008, 0, 256, 0)
        withExtendedLifetime(events) {}
        #expect(sink.records.map(\.hiResTimeNanoseconds) == [nil, 5_000_000_250, nil, nil])
    }
}
