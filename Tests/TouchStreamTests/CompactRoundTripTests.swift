import Testing
import TouchFuzz
import TouchStream

/// Writing the compact form: canonical text, and exact round trips of records.
@Suite struct CompactRoundTripTests {
    @Test func canonicalTextIsOneFramePerLine() throws {
        let text = "down 0 10 10; frame\nmotion 0 12.5 10; frame\nup 0; frame\n"
        #expect(CompactTrace.write(try CompactTrace.parse(text)) == text)
    }

    @Test func onlyUnexpectedTimesAndSerialsAreWritten() {
        let records = [
            RawRecord(.down(serial: 1, time: 0, surface: nil, id: 0, x: WLFixed(1), y: WLFixed(1))),
            RawRecord(.frame),
            RawRecord(.motion(time: 30, id: 0, x: WLFixed(2), y: WLFixed(1))),
            RawRecord(.up(serial: 9, time: 30, id: 0)),
            RawRecord(.frame),
        ]
        #expect(CompactTrace.write(records: records) == "down 0 1 1; frame\nmotion 0 2 1 t=30; up 0 serial=9; frame\n")
    }

    @Test func oddRecordsRoundTripExactly() throws {
        let records = [
            RawRecord(.down(serial: 4_294_967_295, time: 4_294_967_295, surface: "wl surface;#%",
                            id: Int32.min, x: WLFixed(rawValue: Int32.min), y: WLFixed(rawValue: Int32.max)),
                      hiResTimeNanoseconds: UInt64.max, isEmulated: true),
            RawRecord(.motion(time: 3, id: Int32.max, x: WLFixed(rawValue: 1), y: WLFixed(rawValue: -1))),
            RawRecord(.shape(id: 5, major: WLFixed(rawValue: 7), minor: WLFixed(rawValue: 300))),
            RawRecord(.orientation(id: 5, orientation: WLFixed(rawValue: -46_081))),
            RawRecord(.cancel),
            RawRecord(.frame, hiResTimeNanoseconds: 0),
            RawRecord(.up(serial: 0, time: 0, id: 0)),
            RawRecord(.down(serial: 1, time: 0, surface: "", id: 0, x: WLFixed(0), y: WLFixed(-0.5))),
        ]
        let text = CompactTrace.write(records: records)
        let back = try CompactTrace.parse(text).compactMap { if case .record(let r) = $0 { r } else { nil } }
        #expect(back == records)
    }

    @Test func sleepsRoundTrip() throws {
        let items: [ScriptItem] = [
            .record(RawRecord(.down(serial: 1, time: 0, surface: nil, id: 0, x: WLFixed(1), y: WLFixed(1)))),
            .record(RawRecord(.frame)), .sleep(milliseconds: 500),
            .record(RawRecord(.up(serial: 2, time: 508, id: 0))), .record(RawRecord(.frame)),
        ]
        let text = CompactTrace.write(items)
        #expect(text == "down 0 1 1; frame\nsleep 500\nup 0; frame\n")
        #expect(try CompactTrace.parse(text) == items)
    }

    @Test func generatedStreamsRoundTrip() throws {
        var generator = StreamGenerator(seed: 7)
        for _ in 0..<200 {
            let records = generator.nextStream().records
            let back = try CompactTrace.parse(CompactTrace.write(records: records))
            #expect(back == records.map { ScriptItem.record($0) })
        }
    }
}
