import Testing
import TouchStream

/// The compact text form: implicit time and serials, options, comments, rounding, errors.
@Suite struct CompactFormTests {
    private func records(_ text: String) throws -> [RawRecord] {
        try CompactTrace.parse(text, name: "t").compactMap { if case .record(let r) = $0 { r } else { nil } }
    }

    private func fx(_ value: Double) -> WLFixed { WLFixed(value) }

    @Test func designExampleGetsFrameTimesAndSerials() throws {
        #expect(try records("down 0 10 10; frame; motion 0 12 10; frame; up 0; frame") == [
            RawRecord(.down(serial: 1, time: 0, surface: nil, id: 0, x: fx(10), y: fx(10))),
            RawRecord(.frame),
            RawRecord(.motion(time: 8, id: 0, x: fx(12), y: fx(10))),
            RawRecord(.frame),
            RawRecord(.up(serial: 2, time: 16, id: 0)),
            RawRecord(.frame),
        ])
    }

    @Test func explicitTimeSetsTheClockForLaterEvents() throws {
        let times = try records("down 0 1 1 t=100; motion 0 2 2; frame; motion 0 3 3; frame").compactMap(\.event.time)
        #expect(times == [100, 100, 108])
    }

    @Test func sleepStaysAnItemAndAdvancesTime() throws {
        let items = try CompactTrace.parse("down 0 1 1; frame; sleep 50; up 0; frame")
        #expect(items == [
            .record(RawRecord(.down(serial: 1, time: 0, surface: nil, id: 0, x: fx(1), y: fx(1)))),
            .record(RawRecord(.frame)),
            .sleep(milliseconds: 50),
            .record(RawRecord(.up(serial: 2, time: 58, id: 0))),
            .record(RawRecord(.frame)),
        ])
    }

    @Test func explicitSerialRestartsTheCount() throws {
        let serials = try records("down 0 1 1 serial=10; frame; down 1 1 1; up 0 serial=4; up 1").map(\.event)
        #expect(serials == [
            .down(serial: 10, time: 0, surface: nil, id: 0, x: fx(1), y: fx(1)), .frame,
            .down(serial: 11, time: 8, surface: nil, id: 1, x: fx(1), y: fx(1)),
            .up(serial: 4, time: 8, id: 0), .up(serial: 5, time: 8, id: 1),
        ])
    }

    @Test func timeWrapsAt2To32() throws {
        let times = try records("down 0 1 1 t=4294967290; frame; up 0").compactMap(\.event.time)
        #expect(times == [4_294_967_290, 2])
    }

    @Test func commentsNewlinesAndEmptyStatementsAreSkipped() throws {
        let parsed = try records("# a script\n\ndown 0 1 1   # finger\r\n ; ;frame;\n# end")
        #expect(parsed.map(\.event.name) == ["down", "frame"])
    }

    @Test func optionsSurfaceHiresAndEmulated() throws {
        let parsed = try records("down -7 1 1 surface=main%20view hires=123456789012 emulated=true; motion -7 2 2 emulated=false")
        #expect(parsed == [
            RawRecord(.down(serial: 1, time: 0, surface: "main view", id: -7, x: fx(1), y: fx(1)),
                      hiResTimeNanoseconds: 123_456_789_012, isEmulated: true),
            RawRecord(.motion(time: 0, id: -7, x: fx(2), y: fx(2))),
        ])
    }

    @Test func valuesRoundToTheNearestWlFixed() throws {
        let parsed = try records("down 0 0.001 0.002; shape 0 0.001953125 -0.001953125; orientation 0 -180")
        #expect(parsed.map(\.event) == [
            .down(serial: 1, time: 0, surface: nil, id: 0, x: WLFixed(rawValue: 0), y: WLFixed(rawValue: 1)),
            .shape(id: 0, major: WLFixed(rawValue: 1), minor: WLFixed(rawValue: -1)),
            .orientation(id: 0, orientation: WLFixed(rawValue: -180 * 256)),
        ])
    }

    @Test(arguments: [
        ("down 0 1", "t:1:9: missing Y: expected 'down ID X Y'"),
        ("frame; up", "t:1:10: missing ID: expected 'up ID'"),
        ("frame\nwiggle 1", "t:2:1: unknown statement 'wiggle' (expected one of: down, motion, up, frame, cancel, shape, orientation, capabilities, flush, sleep, or a surface record such as keyboard-enter)"),
        ("down 0 1 1 2", "t:1:12: unexpected argument '2': expected 'down ID X Y'"),
        ("motion 0 1 1 serial=3", "t:1:14: 'serial=' applies only to down and up (wl_touch.motion has no serial)"),
        ("up 0 surface=a", "t:1:6: 'surface=' applies only to down (the surface is fixed at down)"),
        ("down x 1 1", "t:1:6: touch ID must be an integer, found 'x'"),
        ("down 3000000000 1 1", "t:1:6: touch ID '3000000000' is outside Int32"),
        ("down 0 1 1 t=-5", "t:1:14: t=MS needs a non-negative integer, found '-5'"),
        ("down 0 1 1 t=4294967296", "t:1:14: t=MS: '4294967296' is larger than 4294967295"),
        ("down 0 1 1 t=5 t=6", "t:1:16: option 't=' given twice"),
        ("down 0 nan 1", "t:1:8: X must be a decimal number, found 'nan'"),
        ("down 0 9000000 1", "t:1:8: X 9000000 is outside wl_fixed's range (±8388608)"),
        ("sleep 5 t=3", "t:1:9: sleep takes no options"),
        ("down 0 1 1 surface=a%zz", "t:1:21: malformed %XX escape in surface name"),
        ("down 0 1 1 foo=1", "t:1:12: unknown option 'foo=' (expected t=, serial=, surface=, hires=, emulated= or control=)"),
        ("down 0 1 1 emulated=yes", "t:1:21: emulated= must be true or false, found 'yes'"),
        ("down 0 1 1 t=1 X", "t:1:16: expected an option (t=, serial=, surface=, hires=, emulated=, control=), found 'X'"),
    ])
    func errorsAreOneLineWithLineAndColumn(script: String, expected: String) {
        #expect(throws: TraceError.self) { try CompactTrace.parse(script, name: "t") }
        do {
            _ = try CompactTrace.parse(script, name: "t")
        } catch {
            #expect(error.description == expected)
        }
    }
}
