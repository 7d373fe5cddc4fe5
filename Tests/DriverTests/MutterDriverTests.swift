@testable import CompositorDrivers
import Foundation
import Render
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// mutter 43 headless, driven through org.gnome.Mutter.RemoteDesktop, as our client saw it.
@Suite struct MutterDriverTests {
    /// A monitor larger than our 1280×720 window, so surface-local and global differ.
    static let configuration = DriverConfiguration(width: 1600, height: 900)
    /// Where mutter 43 places that window's content (measured; libdecor's title bar above it).
    static let origin = (x: 159.0, y: 75.0)
    /// mutter's wl_touch id for injected slot 0 (its own numbering, 288 + slot).
    static let firstID = 288

    private func local(_ x: Double, _ y: Double) -> String { "\(WLFixed(x - Self.origin.x)) \(WLFixed(y - Self.origin.y))" }

    @Test func aOneFingerDragIsFramedPerEventAndNothingFramesTheUp() throws {
        let client = try SandboxClient(MutterDriver(), configuration: Self.configuration)
        // Apart: events mutter reads in one dispatch share a frame (or get none when one is an up).
        try client.inject("""
            down 0 400 300; frame; sleep 100; motion 0 410.5 304; frame; sleep 100
            motion 0 437.25 311; frame; sleep 100; up 0; frame
            """)
        let events = try client.finishEvents(after: 1, "up")
        #expect(events.map(summary) == [
            "down 288 \(local(400, 300))", "frame", "motion 288 \(local(410.5, 304))", "frame",
            "motion 288 \(local(437.25, 311))", "frame", "up 288",
        ])
    }

    @Test func twoFingersApartAreFramedPerEventAndNeitherUpIsFramed() throws {
        let client = try SandboxClient(MutterDriver(), configuration: Self.configuration)
        let notInjected = try client.inject("""
            down 0 400 300; sleep 100; down 1 500 320; frame; sleep 100; motion 0 410 300; sleep 100
            motion 1 510 330; frame; sleep 100; up 0; frame; sleep 100; up 1; frame; cancel; shape 1 4 2
            """)
        #expect(notInjected.map { if case .record(let r) = $0 { r.event.name } else { "sleep" } }
            == ["frame", "frame", "frame", "frame", "cancel", "shape"])
        let events = try client.finishEvents(after: 2, "up")
        #expect(events.map(summary) == [
            "down 288 \(local(400, 300))", "frame", "down 289 \(local(500, 320))", "frame",
            "motion 288 \(local(410, 300))", "frame", "motion 289 \(local(510, 330))", "frame", "up 288", "up 289",
        ])
    }

    @Test func atScaleTwoTouchStaysLogicalAndTheClientSeesTheScale() throws {
        let client = try SandboxClient(MutterDriver(), configuration: DriverConfiguration(width: 1600, height: 900, scale: 2))
        try client.inject("down 0 400 300; frame; sleep 100; motion 0 410.5 304; frame; sleep 100; up 0; frame")
        let events = try client.finishEvents(after: 1, "up")
        // mutter places the window in physical pixels, its content (under libdecor's title bar) at
        // (319, 151): half a logical pixel off scale 1.
        let local = { (x: Double, y: Double) in "\(WLFixed(x - 159.5)) \(WLFixed(y - 75.5))" }
        #expect(events.map(summary) == ["down 288 \(local(400, 300))", "frame", "motion 288 \(local(410.5, 304))", "frame", "up 288"])
        #expect(client.process.output().contains(".mode(3, 3200, 1800, 60000)"))
        #expect(client.process.output().contains(".scale(2)"))
    }

    @Test func keysAndPointerReachTheFocusedClient() throws {
        let client = try SandboxClient(MutterDriver(), configuration: Self.configuration)
        try client.session.pointerMotion(x: 400, y: 300)
        try client.session.pointerButton(0x110, pressed: true)  // BTN_LEFT
        try client.session.pointerButton(0x110, pressed: false)
        try client.session.key(30, pressed: true)  // KEY_A
        try client.session.key(30, pressed: false)
        let deadline = MonotonicClock.now() + SandboxClient.timeout
        // Two wl_pointers get the press and the release: ours and libdecor's.
        while (client.logged("button", interface: "wl_pointer") < 4 || client.logged("key", interface: "wl_keyboard") < 2)
            && MonotonicClock.now() < deadline { MonotonicClock.sleep(0.02) }
        #expect(client.logged("button", interface: "wl_pointer") == 4)
        #expect(client.logged("key", interface: "wl_keyboard") == 2)
        #expect(client.process.output().contains("wl_pointer@") && client.process.output().contains(".enter("))
    }

    @Test func aScreenshotShowsTheWindowWhereTouchFoundIt() throws {
        let client = try SandboxClient(MutterDriver(), configuration: Self.configuration)
        let image = try client.screenshot()
        #expect(image.width == 1600 && image.height == 900)
        // The window's edges in the picture (its own fill against mutter's gradient desktop) are
        // where touch coordinates put its origin.
        let fill = image.rgba(x: 800, y: 450)
        let row = Int(Self.origin.y) + 300, column = Int(Self.origin.x) + 300
        let left = (0..<image.width).first { (x: Int) in image.rgba(x: x, y: row) == fill }
        let top = (0..<image.height).first { (y: Int) in image.rgba(x: column, y: y) == fill }
        #expect(left == Int(Self.origin.x) && top == Int(Self.origin.y))
        #expect(image.rgba(x: Int(Self.origin.x) - 1, y: row) != fill)
        #expect(throws: DriverError.self) { try client.session.screenshot(to: "/nonexistent/dir/shot.png") }
    }

    @Test func stopEndsEveryProcessByPidAndIsIdempotent() throws {
        let client = try SandboxClient(MutterDriver(), configuration: Self.configuration)
        let session = try #require(client.session as? MutterSession)
        let pids = session.processIDs
        #expect(pids.count == 5)  // session bus, pipewire, wireplumber, mutter, client
        session.stop()
        session.stop()
        for pid in pids { #expect(kill(pid, 0) == -1 && errno == ESRCH, "pid \(pid) survived") }
        #expect(throws: DriverError.self) { try session.inject([]) }
    }

    @Test func droppingASessionStopsItsProcesses() throws {
        var pids: [pid_t] = []
        var directory = ""
        do {
            let session = try #require(try MutterDriver().start(Self.configuration) as? MutterSession)
            pids = session.processIDs
            directory = session.runtimeDirectory
        }
        #expect(pids.count == 4)  // session bus, pipewire, wireplumber, mutter
        for pid in pids { #expect(kill(pid, 0) == -1 && errno == ESRCH, "pid \(pid) survived") }
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func aCompositorThatCannotStartFailsWithItsLogTailAndKeepsItsLog() throws {
        let error = try #require(throws: DriverError.self) {
            try MutterDriver().start(DriverConfiguration(width: 0, height: 0))
        }
        let message = error.description
        #expect(message.hasPrefix("mutter did not start: ") && !message.contains("\n"))
        #expect(message.contains("Monitor not active"))  // why, as mutter answered RecordMonitor
        #expect(message.contains("Using Wayland display name"))  // the tail of mutter's own log
        // The runtime directory stays for the log the message names; nothing runs in it any more.
        let log = try #require(message.split(separator: " ").first { $0.hasSuffix("/mutter.log:") })
        let directory = URL(fileURLWithPath: String(log.dropLast())).deletingLastPathComponent().path
        #expect(FileManager.default.fileExists(atPath: "\(directory)/mutter.log"))
        try FileManager.default.removeItem(atPath: directory)
    }

    @Test func installationNamesTheVersionOrTheMissingPackages() {
        guard case .installed(let version) = MutterDriver().installation() else {
            Issue.record("mutter is installed here (scripts/install-deps.sh), yet the driver says \(MutterDriver().installation())")
            return
        }
        #expect(version.hasPrefix("43."))
        let helpers = MutterQuirks.helpers(executable: "mutter", package: "mutter")
        #expect(InstallationProbe.missingPackages(helpers, path: "/nonexistent") == [
            "mutter", "dbus-daemon", "pipewire", "wireplumber", "gstreamer1.0-tools",
        ])
        #expect(MutterDriver().capabilities.names == ["touch", "keys", "pointer", "screenshot", "two windows side by side",
                                                      "output scale", "output rotation", "fractional output scale",
                                                      "Xwayland", "a second output"])
    }
}

/// The width and height in a PNG's IHDR chunk.
func pngSize(_ data: Data) -> (Int, Int)? {
    guard data.count >= 24 else { return nil }
    let bytes = [UInt8](data.prefix(24))
    let word = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
}
