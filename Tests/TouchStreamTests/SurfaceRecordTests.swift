import TestSupport
import Testing
import TouchKit
import TouchStream

// MARK: - Trace versions 2 and 3: the surface records

/// Every surface record kind in both trace forms, the version rules, and assembly and the
/// checker looking past them.
@Suite struct SurfaceRecordTests {
    /// One record of every kind, as a weston session would send them (ms since boot, real serials).
    static let samples: [SurfaceEvent] = [
        SurfaceEvent(.keyboardEnter, surface: "wl_surface@3", serial: 48_213),
        SurfaceEvent(.keyboardLeave, surface: "wl_surface@3", serial: 48_230),
        SurfaceEvent(.activated, surface: "wl_surface@12", active: true),
        SurfaceEvent(.activated, surface: "wl_surface@3", active: false),
        SurfaceEvent(.popupConfigure, surface: "wl_surface@15", x: WLFixed(40), y: WLFixed(-8), width: 240, height: 180),
        SurfaceEvent(.popupDone, surface: "wl_surface@15"),
        SurfaceEvent(.dndEnter, surface: "wl_surface@12", serial: 48_240, x: WLFixed(10.5), y: WLFixed(300.25)),
        SurfaceEvent(.dndMotion, surface: "wl_surface@12", time: 3_616_660, x: WLFixed(12), y: WLFixed(-0.5)),
        SurfaceEvent(.dndDrop, surface: "wl_surface@12"),
        SurfaceEvent(.dndLeave, surface: "wl_surface@12"),
        SurfaceEvent(.dndTarget, surface: "wl_surface@3", mime: "text/plain;charset=utf-8"),
        SurfaceEvent(.dndTarget, surface: "wl_surface@3"),
        SurfaceEvent(.dndAction, surface: "wl_surface@3", action: 2),
        SurfaceEvent(.dndDropPerformed, surface: "wl_surface@3"),
        SurfaceEvent(.dndCancelled, surface: "wl_surface@3"),
        SurfaceEvent(.dndFinished, surface: "wl_surface@3"),
        SurfaceEvent(.surfaceDestroyed, surface: "wl_surface@9"),
        // sway 1.7: a 320×120 layer surface configured at the size it asked for, then closed.
        SurfaceEvent(.layerConfigure, surface: "wl_surface@17", serial: 52_101, width: 320, height: 120),
        SurfaceEvent(.layerClosed, surface: "wl_surface@17"),
        // KWin 5.27: the configure that maximized the window while a finger was down.
        SurfaceEvent(.toplevelConfigure, surface: "wl_surface@3", width: 1280, height: 683, states: 249),
        SurfaceEvent(.sessionLocked, surface: nil),
        SurfaceEvent(.sessionLockFinished, surface: nil),
        SurfaceEvent(.lockConfigure, surface: "wl_surface@21", serial: 52_140, width: 1280, height: 720),
        SurfaceEvent(.sessionUnlocked, surface: nil),
        // KWin 5.27: a tap on Breeze's close button.
        SurfaceEvent(.toplevelClose, surface: "wl_surface@3"),
        // sway 1.7: a text field focused, typed into by an on-screen keyboard, then left.
        SurfaceEvent(.textInputEnter, surface: "wl_surface@3"),
        SurfaceEvent(.textInputEnable, surface: "wl_surface@3"),
        SurfaceEvent(.preeditString, surface: "wl_surface@3", text: "ü"),
        SurfaceEvent(.preeditString, surface: "wl_surface@3"),
        SurfaceEvent(.commitString, surface: "wl_surface@3", text: "3 = drei"),
        SurfaceEvent(.deleteSurroundingText, surface: "wl_surface@3", before: 1, after: 0),
        SurfaceEvent(.textInputDone, surface: "wl_surface@3", serial: 1),
        SurfaceEvent(.keyPressed, surface: "wl_surface@3", time: 7_203_416, code: 6),
        SurfaceEvent(.keyReleased, surface: "wl_surface@3", time: 7_204_233, code: 6),
        SurfaceEvent(.textInputLeave, surface: "wl_surface@3"),
        SurfaceEvent(.textInputDisable, surface: "wl_surface@3"),
        SurfaceEvent(.inputMethodActivate, surface: "wl_surface@5"),
        SurfaceEvent(.inputMethodDone, surface: "wl_surface@5"),
        SurfaceEvent(.oskCommitString, surface: "wl_surface@5", text: "3"),
        SurfaceEvent(.inputMethodDeactivate, surface: "wl_surface@5"),
        SurfaceEvent(.inputMethodUnavailable, surface: "wl_surface@5"),
        SurfaceEvent(.oskKeyPressed, surface: "wl_surface@5", time: 7_203_416, code: 6),
        SurfaceEvent(.oskKeyReleased, surface: "wl_surface@5", time: 7_204_233, code: 6),
        // run --pointer-only: a finger turned into pointer events, and a wheel (seat v8).
        SurfaceEvent(.pointerEnter, surface: "wl_surface@3", serial: 52_110, x: WLFixed(200.5), y: WLFixed(120)),
        SurfaceEvent(.pointerMotion, surface: "wl_surface@3", time: 4_294_967_290, x: WLFixed(201), y: WLFixed(-0.25)),
        SurfaceEvent(.pointerButton, surface: "wl_surface@3", serial: 52_111, time: 4_294_967_295, button: 0x110,
                     pressed: true),
        SurfaceEvent(.pointerButton, surface: "wl_surface@3", serial: 52_112, time: 40, button: 0x110, pressed: false),
        SurfaceEvent(.pointerAxisSource, surface: "wl_surface@3", value: 0),
        SurfaceEvent(.pointerAxisValue120, surface: "wl_surface@3", axis: 0, value: -120),
        SurfaceEvent(.pointerAxisDiscrete, surface: "wl_surface@3", axis: 0, value: -1),
        SurfaceEvent(.pointerAxis, surface: "wl_surface@3", time: 60, axis: 0, value: -2_560),
        SurfaceEvent(.pointerAxisStop, surface: "wl_surface@3", time: 80, axis: 0),
        SurfaceEvent(.pointerFrame, surface: "wl_surface@3"),
        SurfaceEvent(.pointerLeave, surface: "wl_surface@3", serial: 52_113),
        // weston 10's Xwayland: our X11 window's geometry, then a tap at output (200, 150) (FP16.16 as received).
        SurfaceEvent(.x11Configure, surface: "x11-window@0x400000", x: WLFixed(38), y: WLFixed(59), width: 788, height: 567),
        SurfaceEvent(.x11Motion, surface: "x11-window@0x400000", time: 23_466_051, device: 2, detail: 0, flags: 0x1_0000,
                     ex: 14_810_936, ey: 10_157_930, rx: 13_107_000, ry: 9_830_250),
        SurfaceEvent(.x11TouchBegin, surface: "x11-window@0x400000", time: 23_466_051, device: 2, detail: 1, flags: 0x2_0000,
                     ex: 14_810_936, ey: 10_157_930, rx: 13_107_000, ry: 9_830_250),
        SurfaceEvent(.x11TouchUpdate, surface: "x11-window@0x400000", time: 23_466_099, device: 2, detail: 1, flags: 0x2_0000,
                     ex: 15_466_286, ey: 10_485_605, rx: 13_762_350, ry: 10_157_925),
        SurfaceEvent(.x11TouchEnd, surface: "x11-window@0x400000", time: 23_466_149, device: 2, detail: 1, flags: 0x2_0000,
                     ex: 15_466_286, ey: 10_485_605, rx: 13_762_350, ry: 10_157_925),
        SurfaceEvent(.x11ButtonPress, surface: "x11-window@0x400000", time: 23_466_300, device: 2, detail: 1, flags: 0x1_0000,
                     ex: 14_811_136, ey: 10_158_080, rx: 13_107_200, ry: 9_830_400),
        SurfaceEvent(.x11ButtonRelease, surface: "x11-window@0x400000", time: 23_466_350, device: 2, detail: 1, flags: 0x1_0000,
                     ex: 14_811_136, ey: 10_158_080, rx: 13_107_200, ry: 9_830_400),
        SurfaceEvent(.x11CoreButtonPress, surface: "x11-window@0x400000", time: 23_466_400, detail: 1,
                     ex: 226 << 16, ey: 155 << 16, rx: 200 << 16, ry: 150 << 16),
        SurfaceEvent(.x11CoreMotion, surface: "x11-window@0x400000", time: 23_466_410, detail: 0,
                     ex: 227 << 16, ey: 155 << 16, rx: 201 << 16, ry: 150 << 16),
        SurfaceEvent(.x11CoreButtonRelease, surface: "x11-window@0x400000", time: 23_466_420, detail: 1,
                     ex: 227 << 16, ey: 155 << 16, rx: 201 << 16, ry: 150 << 16),
    ]

    private static let header = TraceHeader(toolVersion: "test", environment: CompositorEnvironment(),
                                            profile: "uikit", created: "2026-11-26T12:00:00.000Z")

    @Test func everyKindHasASample() {
        #expect(Set(Self.samples.map(\.kind)) == Set(SurfaceEventKind.allCases))
        for sample in Self.samples {
            #expect(sample.presentFields.isSubset(of: sample.kind.allowed), "\(sample.kind)")
            #expect(sample.kind.required.isSubset(of: sample.presentFields), "\(sample.kind)")
        }
    }

    @Test func jsonLinesFormNamesKindSurfaceAndFieldsInOrder() {
        let line = { TraceWriter.line(for: RawRecord(.surface($0))) }
        #expect(line(Self.samples[0]) == #"{"kind":"keyboard-enter","surface":"wl_surface@3","serial":48213}"#)
        #expect(line(Self.samples[2]) == #"{"kind":"activated","surface":"wl_surface@12","active":true}"#)
        #expect(line(Self.samples[4])
            == #"{"kind":"popup-configure","surface":"wl_surface@15","x":10240,"y":-2048,"xf":40,"yf":-8,"width":240,"height":180}"#)
        #expect(line(Self.samples[7])
            == #"{"kind":"dnd-motion","surface":"wl_surface@12","time":3616660,"x":3072,"y":-128,"xf":12,"yf":-0.5}"#)
        #expect(line(Self.samples[10]) == #"{"kind":"dnd-target","surface":"wl_surface@3","mime":"text/plain;charset=utf-8"}"#)
        #expect(line(Self.samples[12]) == #"{"kind":"dnd-action","surface":"wl_surface@3","action":2}"#)
        #expect(line(Self.samples[16]) == #"{"kind":"surface-destroyed","surface":"wl_surface@9"}"#)
        #expect(line(Self.samples[17])
            == #"{"kind":"layer-configure","surface":"wl_surface@17","serial":52101,"width":320,"height":120}"#)
        #expect(line(Self.samples[18]) == #"{"kind":"layer-closed","surface":"wl_surface@17"}"#)
        #expect(line(Self.samples.first { $0.kind == .x11TouchBegin }!)
            == #"{"kind":"x11-touch-begin","surface":"x11-window@0x400000","time":23466051,"device":2,"detail":1,"ex":14810936,"ey":10157930,"rx":13107000,"ry":9830250,"flags":131072}"#)
        #expect(line(Self.samples.first { $0.kind == .x11CoreButtonPress }!)
            == #"{"kind":"x11-core-button-press","surface":"x11-window@0x400000","time":23466400,"detail":1,"ex":14811136,"ey":10158080,"rx":13107200,"ry":9830400}"#)
    }

    @Test func jsonLinesRoundTripEveryKindAmongTouchRecords() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let touch = [RawRecord(.down(serial: 48_212, time: 3_616_639, surface: "wl_surface@3", id: 0,
                                     x: WLFixed(100), y: WLFixed(100))), RawRecord(.frame)]
        let records = touch + Self.samples.map { RawRecord(.surface($0)) } + [RawRecord(.up(serial: 48_250, time: 3_616_700, id: 0))]
        let lines = [Self.header.jsonLine()] + records.map { TraceWriter.line(for: $0) }
        let path = try dir.write("v2.jsonl", lines.joined(separator: "\n") + "\n")
        let (header, read) = try readAll(path)
        #expect(header.version == 3)
        #expect(read == records)
    }

    @Test func compactRoundTripEveryKind() throws {
        let records = Self.samples.map { RawRecord(.surface($0)) }
        let text = CompactTrace.write(records: records)
        #expect(text.split(separator: "\n").count == records.count)
        let read: [RawRecord] = try CompactTrace.parse(text).compactMap { if case .record(let r) = $0 { r } else { nil } }
        #expect(read == records)
    }

    /// Found by the jsonl fuzz target: a popup position whose wl_fixed is not whole (a trace edited
    /// by hand, 47105/256) was written to the compact form as 184 and read back as 47104/256.
    @Test func aPopupPositionThatIsNotWholeSurvivesTheCompactForm() throws {
        let record = RawRecord(.surface(SurfaceEvent(.popupConfigure, surface: "wl_surface@40",
                                                     x: WLFixed(rawValue: 40_960), y: WLFixed(rawValue: 47_105),
                                                     width: 200, height: 120)))
        let text = CompactTrace.write(records: [record])
        #expect(text.hasPrefix("popup-configure 160 184.00390625 200 120"), "\(text)")
        let read: [RawRecord] = try CompactTrace.parse(text).compactMap { if case .record(let r) = $0 { r } else { nil } }
        #expect(read == [record])
    }

    @Test func layerRecordsReadAndWriteInTheCompactForm() throws {
        let script = """
            layer-configure 320 0 serial=52101 surface=wl_surface@17
            layer-configure 1280 120 surface=wl_surface@17
            layer-closed surface=wl_surface@17
            """
        let events = try CompactTrace.parse(script).compactMap { if case .record(let r) = $0 { r.event } else { nil } }
        #expect(events == [
            .surface(SurfaceEvent(.layerConfigure, surface: "wl_surface@17", serial: 52_101, width: 320, height: 0)),
            // Without serial=, the next one, as for a down.
            .surface(SurfaceEvent(.layerConfigure, surface: "wl_surface@17", serial: 52_102, width: 1280, height: 120)),
            .surface(SurfaceEvent(.layerClosed, surface: "wl_surface@17")),
        ])
        let records = events.map { RawRecord($0) }
        #expect(CompactTrace.write(records: records).split(separator: "\n") == [
            "layer-configure 320 0 serial=52101 surface=wl_surface@17",
            "layer-configure 1280 120 surface=wl_surface@17",
            "layer-closed surface=wl_surface@17",
        ])
    }

    @Test func keyAndTextInputRecordsInBothForms() throws {
        let script = """
            text-input-enter surface=wl_surface@3
            commit-string surface=wl_surface@3 text=3%20%3D%20drei
            preedit-string surface=wl_surface@3
            delete-surrounding-text 1 0 surface=wl_surface@3
            text-input-done serial=4 surface=wl_surface@3
            key-pressed 6 t=7203416
            osk-key-released 6 t=7204233 surface=wl_surface@5
            """
        let events = try CompactTrace.parse(script).compactMap { if case .record(let r) = $0 { r.event } else { nil } }
        #expect(events == [
            .surface(SurfaceEvent(.textInputEnter, surface: "wl_surface@3")),
            .surface(SurfaceEvent(.commitString, surface: "wl_surface@3", text: "3 = drei")),
            // A null preedit string (the text input's way to clear it) has no text.
            .surface(SurfaceEvent(.preeditString, surface: "wl_surface@3")),
            .surface(SurfaceEvent(.deleteSurroundingText, surface: "wl_surface@3", before: 1, after: 0)),
            .surface(SurfaceEvent(.textInputDone, surface: "wl_surface@3", serial: 4)),
            .surface(SurfaceEvent(.keyPressed, surface: nil, time: 7_203_416, code: 6)),
            .surface(SurfaceEvent(.oskKeyReleased, surface: "wl_surface@5", time: 7_204_233, code: 6)),
        ])
        #expect(CompactTrace.write(records: events.map { RawRecord($0) }).split(separator: "\n").map(String.init)
            == script.split(separator: "\n").map(String.init))
        let line = { TraceWriter.line(for: RawRecord($0)) }
        #expect(line(events[1]) == #"{"kind":"commit-string","surface":"wl_surface@3","text":"3 = drei"}"#)
        #expect(line(events[3]) == #"{"kind":"delete-surrounding-text","surface":"wl_surface@3","before":1,"after":0}"#)
        #expect(line(events[5]) == #"{"kind":"key-pressed","time":7203416,"code":6}"#)
        let parse = { (text: String) in errorText { _ = try CompactTrace.parse(text, name: "s") } }
        #expect(parse("key-pressed") == "s:1:12: missing CODE: expected 'key-pressed CODE'")
        #expect(parse("commit-string mime=a") == "s:1:15: commit-string takes no 'mime=' (options: t=, surface=, text=)")
    }

    @Test func compactStatementsReadAsDocumented() throws {
        let script = """
            down 0 100 100 serial=48212 t=3616639 surface=wl_surface@3; frame
            keyboard-enter surface=wl_surface@3
            popup-configure 40 -8 240 180 surface=wl_surface@15
            dnd-motion 12 -0.5 t=3616660 surface=wl_surface@12
            dnd-action copy+move
            dnd-target mime=text/plain%3Bcharset%3Dutf-8
            activated false surface=wl_surface@3
            up 0
            """
        let events = try CompactTrace.parse(script).compactMap { if case .record(let r) = $0 { r.event } else { nil } }
        #expect(events[2] == .surface(SurfaceEvent(.keyboardEnter, surface: "wl_surface@3", serial: 48_213)))
        #expect(events[3] == .surface(Self.samples[4]))
        #expect(events[4] == .surface(Self.samples[7]))
        #expect(events[5] == .surface(SurfaceEvent(.dndAction, surface: nil, action: 3)))
        #expect(events[6] == .surface(SurfaceEvent(.dndTarget, surface: nil, mime: "text/plain;charset=utf-8")))
        #expect(events[7] == .surface(Self.samples[3]))
        // The keyboard serial counts like a down's: the up after it takes the next one.
        #expect(events[8] == .up(serial: 48_214, time: 3_616_660, id: 0))
    }

    @Test func badSurfaceRecordsAreLocated() throws {
        let parse = { (text: String) in errorText { _ = try CompactTrace.parse(text, name: "s") } }
        #expect(parse("activated maybe") == "s:1:11: expected 'true' or 'false' after activated, found 'maybe'")
        #expect(parse("popup-configure 1 2 3") == "s:1:22: missing HEIGHT: expected 'popup-configure X Y WIDTH HEIGHT'")
        #expect(parse("popup-done serial=4") == "s:1:12: popup-done takes no 'serial=' (options: t=, surface=)")
        #expect(parse("dnd-action fling") == "s:1:12: ACTION must be none, copy, move, ask or their sum with '+', found 'fling'")
        #expect(parse("dnd-enter 1 2 3")?.hasPrefix("s:1:15: unexpected argument '3'") == true)
        #expect(parse("layer-configure 320") == "s:1:20: missing HEIGHT: expected 'layer-configure WIDTH HEIGHT'")
        #expect(parse("layer-configure 320 1.5") == "s:1:21: HEIGHT must be a 32-bit integer, found '1.5'")
        #expect(parse("layer-closed serial=3") == "s:1:14: layer-closed takes no 'serial=' (options: t=, surface=)")
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let missing = try dir.write("m.jsonl", Self.header.jsonLine() + "\n" + #"{"kind":"dnd-enter","surface":"s","x":1,"y":2}"# + "\n")
        #expect(errorText { _ = try readAll(missing) } == "\(missing):2:46: a dnd-enter record needs \"serial\"")
        let extra = try dir.write("e.jsonl", Self.header.jsonLine() + "\n" + #"{"kind":"popup-done","id":3}"# + "\n")
        #expect(errorText { _ = try readAll(extra) } == "\(extra):2:22: a popup-done record has no \"id\"")
        let mime = try dir.write("t.jsonl", Self.header.jsonLine() + "\n" + #"{"kind":"dnd-target","mime":7}"# + "\n")
        #expect(errorText { _ = try readAll(mime) } == "\(mime):2:29: \"mime\" must be a string or null")
    }

    @Test func aPrefixNamesEverySurfaceOfAClient() {
        let down = RawRecord(.down(serial: 5, time: 3_616_639, surface: "wl_surface@3", id: 0, x: WLFixed(1), y: WLFixed(2)),
                             isControl: true)
        #expect(down.prefixingSurfaces(with: "b/").event
            == .down(serial: 5, time: 3_616_639, surface: "b/wl_surface@3", id: 0, x: WLFixed(1), y: WLFixed(2)))
        #expect(down.prefixingSurfaces(with: "b/").isControl)
        for sample in Self.samples {
            let prefixed = RawRecord(.surface(sample)).prefixingSurfaces(with: "b/").event.surfaceEvent
            // The session lock's own records name no surface, and keep none.
            #expect(prefixed?.surface == sample.surface.map { "b/" + $0 })
            #expect(prefixed.map { var plain = $0; plain.surface = sample.surface; return plain } == sample)
        }
        let unnamed = RawRecord(.surface(SurfaceEvent(.dndCancelled, surface: nil)))
        #expect(unnamed.prefixingSurfaces(with: "b/") == unnamed)
        #expect(RawRecord(.frame).prefixingSurfaces(with: "b/") == RawRecord(.frame))
    }

    // MARK: - Versions

    /// A version 1 trace as the tool wrote it before the surface records (weston 10, 2026-11-22).
    static let versionOneTrace = """
        {"created":"2026-11-22T05:43:47.799Z","environment":{"globals":[{"interface":"wl_seat","version":7}],"outputs":[],"seat":{"name":"harness-seat","version":7},"surface":{"bufferScale":1,"height":720,"width":1280},"touchVersion":7},"format":"gesture-sandbox-trace","profile":"uikit","toolVersion":"0.1.0","version":1}
        {"kind":"capabilities","touch":true}
        {"kind":"down","serial":5,"time":3616639,"surface":"wl_surface@3","id":0,"x":25600,"y":25600,"xf":100,"yf":100,"hires":3616639469988}
        {"kind":"frame"}
        {"kind":"up","serial":6,"time":3616700,"id":0,"hires":3616700001234}
        {"kind":"flush"}

        """

    @Test func aVersionOneTraceStillReads() throws {
        let trace = try TraceReader.read(text: Self.versionOneTrace, name: "v1.jsonl")
        #expect(trace.header?.version == 1)
        #expect(trace.records.map(\.event.name) == ["capabilities", "down", "frame", "up", "flush"])
        #expect(trace.records[1].event == .down(serial: 5, time: 3_616_639, surface: "wl_surface@3", id: 0,
                                                x: WLFixed(100), y: WLFixed(100)))
    }

    @Test func aSurfaceRecordInAVersionOneTraceIsAnError() {
        let text = Self.versionOneTrace + #"{"kind":"popup-done","surface":"wl_surface@15"}"# + "\n"
        #expect(errorText { _ = try TraceReader.read(text: text, name: "v1.jsonl") }
            == "v1.jsonl:7:1: a popup-done record in a version 1 trace (surface records need version 2)")
        let layer = Self.versionOneTrace + #"{"kind":"layer-closed","surface":"wl_surface@17"}"# + "\n"
        #expect(errorText { _ = try TraceReader.read(text: layer, name: "v1.jsonl") }
            == "v1.jsonl:7:1: a layer-closed record in a version 1 trace (layer surface records need version 3)")
        let key = Self.versionTwoTrace + #"{"kind":"key-pressed","time":7203416,"code":6}"# + "\n"
        #expect(errorText { _ = try TraceReader.read(text: key, name: "v2.jsonl") }
            == "v2.jsonl:8:1: a key-pressed record in a version 2 trace (key and text input records need version 3)")
    }

    /// A version 2 trace as the tool wrote it before the layer surface records (weston 10, 2026-11-24).
    static var versionTwoTrace: String {
        Self.versionOneTrace.replacing(#""version":1}"#, with: #""version":2}"#)
            + #"{"kind":"popup-configure","surface":"wl_surface@40","x":40960,"y":40960,"xf":160,"yf":160,"width":200,"height":120}"#
            + "\n"
    }

    @Test func aVersionTwoTraceStillReadsAndHasNoLayerRecords() throws {
        let trace = try TraceReader.read(text: Self.versionTwoTrace, name: "v2.jsonl")
        #expect(trace.header?.version == 2)
        #expect(trace.records.map(\.event.name) == ["capabilities", "down", "frame", "up", "flush", "popup-configure"])
        let layer = Self.versionTwoTrace + #"{"kind":"layer-configure","surface":"wl_surface@17","serial":9,"width":320,"height":120}"# + "\n"
        #expect(errorText { _ = try TraceReader.read(text: layer, name: "v2.jsonl") }
            == "v2.jsonl:8:1: a layer-configure record in a version 2 trace (layer surface records need version 3)")
        let pointer = Self.versionTwoTrace + #"{"kind":"pointer-leave","surface":"wl_surface@3","serial":9}"# + "\n"
        #expect(errorText { _ = try TraceReader.read(text: pointer, name: "v2.jsonl") }
            == "v2.jsonl:8:1: a pointer-leave record in a version 2 trace (pointer records need version 3)")
    }

    // MARK: - Consumers look past them

    @Test func assemblyAndTheCheckerIgnoreSurfaceRecords() throws {
        let plain = try CompactTrace.parse("""
            down 0 100 100 t=3616639 serial=48212; frame
            motion 0 110 100; frame
            up 0; frame
            """)
        let mixed = try CompactTrace.parse("""
            down 0 100 100 t=3616639 serial=48212; frame
            keyboard-enter surface=wl_surface@3 serial=48300
            motion 0 110 100
            popup-configure 0 0 10 10
            frame
            dnd-leave; surface-destroyed surface=wl_surface@3
            layer-configure 320 120 serial=48400 surface=wl_surface@17; layer-closed surface=wl_surface@17
            up 0 serial=48213; frame
            """)
        let touchOnly = mixed.filter { if case .record(let r) = $0, r.event.surfaceEvent != nil { false } else { true } }
        #expect(touchOnly == plain)
        #expect(frames(mixed) == frames(plain))
        let records = mixed.compactMap { if case .record(let r) = $0 { r } else { nil } }
        #expect(ConformanceChecker.check(records, header: nil).isEmpty)
    }

    private func frames(_ items: [ScriptItem]) -> [InputFrame] {
        var assembler = ReplayAssembler()
        var out: [AssemblyOutput] = []
        for item in items { assembler.push(item, into: &out) }
        assembler.finish(into: &out)
        return out.compactMap { if case .frame(let frame) = $0 { frame } else { nil } }
    }
}
