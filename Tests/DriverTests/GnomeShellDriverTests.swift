import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// GNOME Shell 43 headless (mutter plus the Shell), driven through org.gnome.Mutter.RemoteDesktop.
@Suite struct GnomeShellDriverTests {
    static let configuration = MutterDriverTests.configuration
    /// Where the Shell places our 1280×720 content on a 1600×900 monitor (below its top bar and
    /// libdecor's title bar; measured).
    static let origin = (x: 159.0, y: 97.0)

    private func local(_ x: Double, _ y: Double) -> String { "\(WLFixed(x - Self.origin.x)) \(WLFixed(y - Self.origin.y))" }

    @Test func aDragReachesTheClientOnceTheOverviewIsLeftAndNothingFramesTheUp() throws {
        let client = try SandboxClient(GnomeShellDriver(), configuration: Self.configuration)
        // Apart (not in one dispatch), so the Shell frames each event alone.
        try client.inject("""
            down 0 400 300; frame; sleep 100; down 1 500 320; frame; sleep 100; motion 0 410.5 304; frame; sleep 100
            up 0; frame; sleep 100; motion 1 520 330; frame; sleep 100; up 1; frame
            """)
        let events = try client.finishEvents(after: 2, "up")
        #expect(events.map(summary) == [
            "down 288 \(local(400, 300))", "frame", "down 289 \(local(500, 320))", "frame",
            "motion 288 \(local(410.5, 304))", "frame", "up 288", "motion 289 \(local(520, 330))", "frame", "up 289",
        ])
    }

    @Test func aThreeFingerSwipeUpOpensTheOverviewWithACancelAndNoFrame() throws {
        let client = try SandboxClient(GnomeShellDriver(), configuration: Self.configuration)
        var script = "down 0 500 600; down 1 600 600; down 2 700 600; frame; sleep 16"
        for step in 1...10 {
            let y = 600 - step * 40
            script += "; motion 0 500 \(y); motion 1 600 \(y); motion 2 700 \(y); frame; sleep 16"
        }
        try client.inject(script + "; up 0; up 1; up 2; frame")
        let events = try client.finishEvents(after: 1, "cancel")
        #expect(events.map(summary).filter { $0 != "frame" } == [
            "down 288 \(local(500, 600))", "down 289 \(local(600, 600))", "down 290 \(local(700, 600))", "cancel",
        ])
        #expect(events.last == .cancel)  // no frame after the cancel, and nothing of the swipe reaches the client
    }

    @Test func stopEndsBothBusesAndEveryOtherProcess() throws {
        let client = try SandboxClient(GnomeShellDriver(), configuration: Self.configuration)
        let session = try #require(client.session as? MutterSession)
        let pids = session.processIDs
        #expect(pids.count == 6)  // session bus, system bus, pipewire, wireplumber, gnome-shell, client
        session.stop()
        session.stop()
        for pid in pids { #expect(kill(pid, 0) == -1 && errno == ESRCH, "pid \(pid) survived") }
    }

    @Test func installationAndCapabilities() {
        guard case .installed(let version) = GnomeShellDriver().installation() else {
            Issue.record("gnome-shell is installed here (scripts/install-deps.sh), yet the driver says \(GnomeShellDriver().installation())")
            return
        }
        #expect(version.hasPrefix("43."))
        #expect(GnomeShellDriver().capabilities == MutterDriver().capabilities)
        #expect(GnomeShellDriver().quirks.contains { $0.contains("cancel") })
    }
}
