@testable import CompositorDrivers
import Foundation
import SandboxHarness
import Testing
import TouchStream

/// mutter 43 headless, driven through org.gnome.Mutter.RemoteDesktop, as our client saw it.
@Suite struct MutterDriverTests {
    /// A monitor larger than our 1280×720 window, so surface-local and global differ.
    static let configuration = DriverConfiguration(width: 1600, height: 900)
    /// Where mutter 43 places that window (measured; it has no title bar there).
    static let origin = (x: 159.0, y: 59.0)
    /// mutter's wl_touch id for injected slot 0 (its own numbering, 288 + slot).
    static let firstID = 288

    private func local(_ x: Double, _ y: Double) -> String { "\(WLFixed(x - Self.origin.x)) \(WLFixed(y - Self.origin.y))" }

    @Test func aOneFingerDragIsFramedPerEventAndNothingFramesTheUp() throws {
        let client = try DriverClient(MutterDriver(), configuration: Self.configuration)
        try client.inject("down 0 400 300; frame; motion 0 410.5 304; frame; motion 0 437.25 311; frame; up 0; frame")
        let events = try client.finish(after: 1, "up")
        #expect(events.map(summary) == [
            "down 288 \(local(400, 300))", "frame", "motion 288 \(local(410.5, 304))", "frame",
            "motion 288 \(local(437.25, 311))", "frame", "up 288",
        ])
    }

    @Test func twoDownsInjectedTogetherAreTwoFramesAndNeitherUpIsFramed() throws {
        let client = try DriverClient(MutterDriver(), configuration: Self.configuration)
        let notInjected = try client.inject("""
            down 0 400 300; down 1 500 320; frame; motion 0 410 300; motion 1 510 330; frame
            up 0; frame; up 1; frame; cancel; shape 1 4 2
            """)
        #expect(notInjected.map { if case .record(let r) = $0 { r.event.name } else { "sleep" } }
            == ["frame", "frame", "frame", "frame", "cancel", "shape"])
        let events = try client.finish(after: 2, "up")
        #expect(events.map(summary) == [
            "down 288 \(local(400, 300))", "frame", "down 289 \(local(500, 320))", "frame",
            "motion 288 \(local(410, 300))", "frame", "motion 289 \(local(510, 330))", "frame", "up 288", "up 289",
        ])
    }

    @Test func keysAndPointerReachTheFocusedClient() throws {
        let client = try DriverClient(MutterDriver(), configuration: Self.configuration)
        let mutter = try #require(client.session as? MutterSession)
        try mutter.click(x: 400, y: 300)
        try mutter.tapKey(evdevCode: 30)  // KEY_A
        let deadline = MonotonicClock.now() + DriverClient.eventTimeout
        while (client.logged("button", interface: "wl_pointer") < 2 || client.logged("key", interface: "wl_keyboard") < 2)
            && MonotonicClock.now() < deadline { MonotonicClock.sleep(0.02) }
        #expect(client.logged("button", interface: "wl_pointer") == 2)  // press and release
        #expect(client.logged("key", interface: "wl_keyboard") == 2)
        #expect(client.client.output().contains("wl_pointer@") && client.client.output().contains(".enter("))
    }

    @Test func aScreenshotIsAPNGOfTheWholeMonitor() throws {
        let session = try MutterDriver().start(Self.configuration)
        defer { session.stop() }
        let path = "\(session.runtimeDirectory)/shot.png"
        try session.screenshot(to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(pngSize(data).map { [$0.0, $0.1] } == [1600, 900])
        #expect(throws: DriverError.self) { try session.screenshot(to: "/nonexistent/dir/shot.png") }
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/dir/shot.png.partial"))
    }

    @Test func stopEndsEveryProcessByPidAndIsIdempotent() throws {
        let client = try DriverClient(MutterDriver(), configuration: Self.configuration)
        let session = try #require(client.session as? MutterSession)
        let pids = session.processIDs
        #expect(pids.count == 5)  // session bus, pipewire, wireplumber, mutter, client
        session.stop()
        session.stop()
        for pid in pids { #expect(kill(pid, 0) == -1 && errno == ESRCH, "pid \(pid) survived") }
        #expect(throws: DriverError.self) { try session.inject([]) }
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
        #expect(MutterDriver().capabilities.names == ["touch", "keys", "pointer", "screenshot"])
    }
}

/// The width and height in a PNG's IHDR chunk.
func pngSize(_ data: Data) -> (Int, Int)? {
    guard data.count >= 24 else { return nil }
    let bytes = [UInt8](data.prefix(24))
    let word = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
}
