import Foundation
import Testing
@testable import ToolkitOracles

/// The Firefox oracle as the runner knows it, and how its page's wall-clock causes become wl_touch times.
@Suite struct FirefoxOracleTests {
    @Test func itRunsFirefoxESROnItsWaylandBackendWithAPrivateProfileAndNoRemote() throws {
        let launch = ToolkitOracle.Launch(oracleFile: "/opt/o/firefox/oracle.html", folder: "/tmp/s", isRoot: true)
        let (executable, arguments, environment) = ToolkitOracle.firefox.command(launch)
        #expect(executable == "/usr/bin/firefox-esr")
        #expect(Array(arguments.prefix(4)) == ["--profile", "/tmp/s/profile", "--no-remote", "--kiosk"])
        #expect(arguments.last?.hasPrefix("file:///opt/o/firefox/oracle.html?version=") == true)
        #expect(environment["MOZ_ENABLE_WAYLAND"] == "1" && environment["GDK_BACKEND"] == "wayland")
        // MOZ_DBUS_REMOTE asks for D-Bus remoting; the oracle has no session bus.
        #expect(environment["MOZ_DBUS_REMOTE"] == nil)
        #expect(ToolkitOracle.named("FIREFOX")?.packages == ["firefox-esr"])
        #expect(ToolkitOracle.firefox.probesOffset && ToolkitOracle.firefox.channel == .jsonLines)
    }

    @Test func preparingCopiesThePinnedPreferencesIntoAFreshProfile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ff-oracle-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let oracles = folder + "/oracles/firefox"
        try FileManager.default.createDirectory(atPath: oracles, withIntermediateDirectories: true)
        try "user_pref(\"dom.w3c_touch_events.enabled\", 1);\n".write(toFile: oracles + "/user.js", atomically: true, encoding: .utf8)
        let launch = ToolkitOracle.Launch(oracleFile: oracles + "/oracle.html", folder: folder, isRoot: false)
        let prepare = try #require(ToolkitOracle.firefox.prepare)
        try prepare(launch)
        #expect(try String(contentsOfFile: folder + "/profile/user.js", encoding: .utf8).contains("dom.w3c_touch_events.enabled"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/profile")[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test func theShippedPreferencesPinEveryValueTheModelUses() throws {
        let text = try String(contentsOfFile: OracleFiles.sourceTreeFolder + "/firefox/user.js", encoding: .utf8)
        for line in ["\"dom.w3c_touch_events.enabled\", 1", "\"browser.dom.window.dump.enabled\", true",
                     "\"ui.click_hold_context_menus.delay\", 500", "\"apz.max_tap_time\", 300",
                     "\"apz.touch_start_tolerance\", \"0.1\"", "\"apz.second_tap_tolerance\", \"0.5\""] {
            #expect(text.contains("user_pref(\(line));"), "\(line)")
        }
    }

    @Test func aCauseTakesTheWlTimeOfTheDownOrUpReceivedNearestItsWallTime() {
        // Measured: Firefox read this down and up in one go (its first case), 60 ms of wl time apart;
        // the click's cause (the touchend) was stamped 1795942378460 ms since the epoch, which modulo
        // 2^32 µs is 1803637.6 ms: 1.7 ms after both lines' receipt stamps. Only the up may match it.
        let log = """
            [1803635.796] wl_touch@33.down(7, 49106224, wl_surface@35, 0, 150.00000000, 150.00000000)
            [1803635.840] wl_touch@18.down(7, 49106224, wl_surface@35, 0, 150.00000000, 150.00000000)
            [1803635.884] wl_touch@33.frame()
            [1803635.889] wl_touch@33.up(8, 49106284, 0)
            [1803635.892] wl_touch@18.up(8, 49106284, 0)
            [1806279.368] wl_touch@33.down(11, 49108940, wl_surface@35, 0, 150.00000000, 150.00000000)
            [1806279.380]  -> wl_surface@35.commit()
            """
        let receipts = WallClockEdges.receipts(in: log, touchObject: 18)
        #expect(receipts.map(\.time) == [49106224, 49106284])
        #expect(WallClockEdges.time(wall: 1795942378460, edge: .up, in: receipts) == 49106284)
        #expect(WallClockEdges.time(wall: 1795942378460, edge: .down, in: receipts) == 49106224)
        // Nothing within 50 ms: no time, so the line is counted as unplaced rather than misplaced.
        #expect(WallClockEdges.time(wall: 1795942378460 + 200, edge: .any, in: receipts) == nil)
        let all = WallClockEdges.receipts(in: log)
        #expect(WallClockEdges.time(wall: 1795942378460 + 2643.5, edge: .down, in: all) == 49108940)
    }

    @Test func stampsAreMatchedAcrossTheWrapOfBothLibwaylandForms() {
        // libwayland 1.21: realtime µs modulo 2^32; the wall time lies just past the wrap.
        let wrapped = WallClockEdges.receipts(in: "[4294966.900] wl_touch@5.up(3, 88001234, 0)")
        #expect(WallClockEdges.time(wall: 4294967.296 * 418_000 + 1.2, edge: .up, in: wrapped) == 88001234)
        // libwayland 1.23: the time of day (UTC).
        let clock = WallClockEdges.receipts(in: "[23:59:59.990000] wl_touch#5.down(3, 7000100, wl_surface#9, 0, 1.00000000, 2.00000000)")
        #expect(WallClockEdges.time(wall: 86_400_000 * 20_000 + 5, edge: .down, in: clock) == 7000100)
    }

    @Test func linesWithoutAnEdgeKeepTheirSeq() {
        let chromium = OracleGestureLine(kind: .tap, time: nil, seq: 4, recognizer: "click", wall: 1795942378460)
        let firefox = OracleGestureLine(kind: .tap, time: nil, recognizer: "click", wall: 1795942378460, edge: "up")
        let receipts = WallClockEdges.receipts(in: "[1803635.892] wl_touch@18.up(8, 49106284, 0)")
        let resolved = WallClockEdges.resolve([chromium, firefox], receipts: receipts)
        #expect(resolved[0].time == nil && resolved[0].seq == 4)
        #expect(resolved[1].time == 49106284)
    }
}
