import TestSupport
import Testing
import TouchStream

// MARK: - Trace version 3: the toplevel's configures and the session lock's records

/// `toplevel-configure` (size and xdg_toplevel states) and the session lock's records in both
/// trace forms, and a version 2 trace refusing them at their line.
@Suite struct ToplevelAndLockRecordTests {
    @Test func toplevelConfigureWritesItsStatesAsBitsAndAsNames() throws {
        // KWin 5.27 maximizing a window mid-touch: maximized, activated and the four tiled states.
        let event = SurfaceEvent(.toplevelConfigure, surface: "wl_surface@3", width: 1280, height: 683, states: 249)
        #expect(TraceWriter.line(for: RawRecord(.surface(event)))
            == #"{"kind":"toplevel-configure","surface":"wl_surface@3","width":1280,"height":683,"states":249}"#)
        #expect(CompactTrace.write(records: [RawRecord(.surface(event))]).split(separator: "\n")
            == ["toplevel-configure 1280 683 maximized+activated+tiled-left+tiled-right+tiled-top+tiled-bottom surface=wl_surface@3"])
        #expect(ToplevelStateNames.bits([1, 4, 5, 6, 7, 8]) == 249)
        #expect(ToplevelStateNames.contains(249, "maximized") && !ToplevelStateNames.contains(249, "fullscreen"))
    }

    @Test func compactStatementsReadBack() throws {
        let script = """
            toplevel-configure 0 0 none surface=wl_surface@3
            toplevel-configure 1280 720 fullscreen+activated surface=wl_surface@3
            toplevel-configure 800 500 state-12 surface=wl_surface@3
            session-locked
            lock-configure 1280 720 serial=52140 surface=wl_surface@21
            session-unlocked
            session-lock-finished
            toplevel-close surface=wl_surface@3
            """
        let events = try CompactTrace.parse(script).compactMap { if case .record(let r) = $0 { r.event } else { nil } }
        #expect(events == [
            .surface(SurfaceEvent(.toplevelConfigure, surface: "wl_surface@3", width: 0, height: 0, states: 0)),
            .surface(SurfaceEvent(.toplevelConfigure, surface: "wl_surface@3", width: 1280, height: 720, states: 10)),
            // A state newer than xdg-shell v6 keeps its value.
            .surface(SurfaceEvent(.toplevelConfigure, surface: "wl_surface@3", width: 800, height: 500, states: 1 << 11)),
            .surface(SurfaceEvent(.sessionLocked, surface: nil)),
            .surface(SurfaceEvent(.lockConfigure, surface: "wl_surface@21", serial: 52_140, width: 1280, height: 720)),
            .surface(SurfaceEvent(.sessionUnlocked, surface: nil)),
            .surface(SurfaceEvent(.sessionLockFinished, surface: nil)),
            .surface(SurfaceEvent(.toplevelClose, surface: "wl_surface@3")),
        ])
        let written = CompactTrace.write(records: events.map { RawRecord($0) })
        #expect(try CompactTrace.parse(written).compactMap { if case .record(let r) = $0 { r.event } else { nil } } == events)
    }

    @Test func malformedStatesAreRefusedAtTheirColumn() {
        let parse = { (text: String) -> String? in
            do {
                _ = try CompactTrace.parse(text, name: "s")
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(parse("toplevel-configure 1280 720 maximised surface=a")
            == "s:1:29: STATES must be none or xdg_toplevel states joined with '+' (maximized, fullscreen, resizing, activated, tiled-left, …), found 'maximised'")
        #expect(parse("toplevel-configure 1280 720") == "s:1:28: missing STATES: expected 'toplevel-configure WIDTH HEIGHT STATES'")
        #expect(parse("session-locked serial=3") == "s:1:16: session-locked takes no 'serial=' (options: t=, surface=)")
    }

    @Test func aVersionTwoTraceRefusesThemAtTheirLine() {
        let configure = SurfaceRecordTests.versionTwoTrace
            + #"{"kind":"toplevel-configure","surface":"wl_surface@3","width":1280,"height":683,"states":249}"# + "\n"
        #expect(errorText { _ = try TraceReader.read(text: configure, name: "v2.jsonl") }
            == "v2.jsonl:8:1: a toplevel-configure record in a version 2 trace (toplevel configure records need version 3)")
        let locked = SurfaceRecordTests.versionTwoTrace + #"{"kind":"session-locked"}"# + "\n"
        #expect(errorText { _ = try TraceReader.read(text: locked, name: "v2.jsonl") }
            == "v2.jsonl:8:1: a session-locked record in a version 2 trace (session lock records need version 3)")
    }
}
