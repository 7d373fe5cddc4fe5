import Testing
@testable import TouchStream

// MARK: - Importing WAYLAND_DEBUG=1 logs

@Suite struct WaylandDebugImportTests {
    /// What the client recorded itself (`--record`) during the captured run, in the compact form.
    private static let clientRecordedTrace = """
        capabilities touch
        down 0 640.5 360.25 t=2874308 serial=5 surface=wl_surface@3 hires=2874308343107; frame
        motion 0 650.75 370.30078125 t=2874308 hires=2874308425890; frame
        down 1 300 200 t=2874308 surface=wl_surface@3 hires=2874308428183; frame
        motion 0 661.125 380 t=2874308 hires=2874308429605; motion 1 310.00390625 201 t=2874308 hires=2874308430276; frame
        up 0 t=2874308 hires=2874308431308; frame
        up 1 t=2874308 hires=2874308433021
        """

    private func records(_ compact: String) throws -> [RawRecord] {
        try CompactTrace.parse(compact).compactMap { if case .record(let r) = $0 { r } else { nil } }
    }

    @Test func capturedLogGivesTheClientsOwnRecords() throws {
        let imported = try WaylandDebugImporter.importLog(capturedWestonLog, name: "weston.log")
        #expect(imported.records == (try records(Self.clientRecordedTrace)))
        #expect(imported.touchObjects == [10])
        #expect(imported.unrecognisedLines == 0)
    }

    @Test func capturedLogGivesTheEnvironment() throws {
        let environment = try WaylandDebugImporter.importLog(capturedWestonLog, name: "weston.log").environment
        #expect(environment.globals.count == 17)
        #expect(environment.globals.first == .init(interface: "wl_compositor", version: 4))
        #expect(environment.globals.contains(.init(interface: "wl_seat", version: 7)))
        #expect(environment.seat == .init(name: "harness-seat", version: 7))
        #expect(environment.touchVersion == 7)
    }

    @Test func programOutputIsCountedAndSkipped() throws {
        let log = """
            gesture-sandbox: starting
            [  10.000] wl_touch@7.down(1, 100, wl_surface@3, 4, 1.500000, 2.000000)

            Segmentation fault? no, just text
            [  10.100] wl_touch@7.frame()
            """
        let imported = try WaylandDebugImporter.importLog(log, name: "log")
        #expect(imported.unrecognisedLines == 2)
        #expect(imported.records == (try records("down 4 1.5 2 t=100 serial=1 surface=wl_surface@3; frame")))
        #expect(imported.environment.seat == nil)
        #expect(imported.environment.touchVersion == nil)
    }

    @Test func sixDecimalFixedValuesRoundBackExactly() throws {
        // libwayland versions that print "%f" keep 6 decimals: 1/256 = 0.00390625 prints as 0.003906.
        let log = """
            [1.000] wl_touch@7.motion(5, 0, 0.003906, -12.503906)
            [1.000] wl_touch@7.shape(0, 20.996094, 10.000000)
            [1.000] wl_touch@7.orientation(0, -179.996094)
            """
        let imported = try WaylandDebugImporter.importLog(log, name: "log")
        #expect(imported.records.map(\.event) == [
            .motion(time: 5, id: 0, x: WLFixed(rawValue: 1), y: WLFixed(rawValue: -3201)),
            .shape(id: 0, major: WLFixed(rawValue: 5375), minor: WLFixed(rawValue: 2560)),
            .orientation(id: 0, orientation: WLFixed(rawValue: -46079)),
        ])
    }

    @Test func queuePrefixesDiscardedEventsAndCancel() throws {
        let log = """
            [1.000] {Default Queue} wl_touch@7.down(1, 2, nil, -1, 3.000000, 4.000000)
            [1.100] discarded wl_touch@9.up(2, 3, -1)
            [1.200] {Default Queue} wl_touch@7.cancel()
            """
        let imported = try WaylandDebugImporter.importLog(log, name: "log")
        #expect(imported.records == (try records("down -1 3 4 t=2 serial=1; cancel")))
    }

    @Test func severalTouchObjectsAreAllImportedUnlessOneIsChosen() throws {
        let log = """
            [1.0] wl_touch@7.down(1, 2, wl_surface@3, 0, 3.0, 4.0)
            [1.0] wl_touch@12.down(1, 2, wl_surface@3, 0, 3.0, 4.0)
            [1.0] wl_touch@7.frame()
            [1.0] wl_touch@12.frame()
            """
        let all = try WaylandDebugImporter.importLog(log, name: "log")
        #expect(all.touchObjects == [7, 12])
        #expect(all.records.map(\.event.name) == ["down", "down", "frame", "frame"])
        let one = try WaylandDebugImporter.importLog(log, name: "log", touchObject: 12)
        #expect(one.touchObjects == [12])
        #expect(one.records.map(\.event.name) == ["down", "frame"])
    }

    @Test func toolkitLogsInterleavedWithTheirOwnLinesImport() throws {
        // As captured from the three oracles: GTK's warnings, Qt's console lines, and Chromium, whose
        // bundled libwayland 1.23 stamps wall-clock times and writes `interface#id`, beside its log
        // lines and a second connection made through the system's libwayland.
        let log = """
            (python3:10808): Gtk-WARNING **: 11:37:39.908: Unable to acquire session bus
            [1593104.620]  -> wl_seat@13.get_touch(new id wl_touch@17)
            {"kind":"tap","time":10404736,"recognizer":"TapHandler","count":1}
            [11:52:41.579419]  -> wl_seat#16.get_touch(new id wl_touch#20)
            [11128:11128:1126/115246.423935:INFO:CONSOLE:57] "{"kind":"tap","time":null,"seq":2}", source: file:///o.html (57)
            [11:52:46.361095] wl_touch#20.down(5, 11309898, wl_surface#3, 0, 100.00000000, 200.00000000)
            [11:52:46.361156] wl_touch#20.frame()
            [11:52:46.421229] wl_touch#20.up(6, 11309958, 0)
            """
        let imported = try WaylandDebugImporter.importLog(log, name: "log")
        #expect(imported.records.map(\.event) == [
            .down(serial: 5, time: 11_309_898, surface: "wl_surface@3", id: 0, x: WLFixed(100), y: WLFixed(200)),
            .frame,
            .up(serial: 6, time: 11_309_958, id: 0),
        ])
        #expect(imported.touchObjects == [20])
        #expect(imported.boundTouchObjects == [17, 20])
        #expect(imported.unrecognisedLines == 3)
    }

    // MARK: - Errors

    @Test(arguments: [
        ("[1.0] wl_touch@7.frame()\n[2.0] wl_touch@7.down(12, 3456, wl_surface@3, 0, 100.5)",
         "log:2:55: wl_touch.down takes 6 arguments, found 5"),
        ("[1.0] wl_touch@7.motion(1, 0, 1.0, abc)", "log:1:36: expected a fixed-point number, found \"abc\""),
        ("[1.0] wl_touch@7.up(1, -5, 0)", "log:1:24: expected an unsigned integer, found \"-5\""),
        ("[1.0] wl_touch@7.up(1, 5, 4294967296)", "log:1:27: expected an integer, found \"4294967296\""),
        ("[1.0] wl_touch@7.frame(1)", "log:1:24: wl_touch.frame takes 0 arguments, found 1"),
        ("[1.0] wl_touch@7.wiggle()", "log:1:18: unknown wl_touch event \"wiggle\""),
        ("[1.0] wl_touch@7.down(1, 2, 3, 0, 1.0, 1.0)", "log:1:29: expected an object (interface@id or nil), found \"3\""),
        ("[1.0] wl_touch@7.motion(1, 0, 9000000.0, 1.0)", "log:1:31: 9000000.0 is outside wl_fixed's range"),
        ("[1.0] wl_touch@7.frame()\n[1.1] wl_touch@7.down(1, 2, wl_sur", "log:2:35: truncated or malformed wl_touch message line"),
    ])
    func malformedTouchLinesAreLocatedErrors(log: String, expected: String) {
        #expect(throws: TraceError.self) { try WaylandDebugImporter.importLog(log, name: "log") }
        do {
            _ = try WaylandDebugImporter.importLog(log, name: "log")
        } catch {
            #expect(error.description == expected)
        }
    }
}
