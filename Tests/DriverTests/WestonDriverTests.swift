import CompositorDrivers
import Foundation
import Render
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// The weston driver against a real headless weston: what weston delivered to our client.
@Suite(.serialized)
struct WestonDriverTests {
    private let driver = WestonDriver()

    @Test("installed with weston's own version")
    func installation() {
        guard case .installed(let version) = driver.installation() else {
            Issue.record("weston not installed: \(driver.installation())")
            return
        }
        #expect(version.split(separator: ".").count >= 2)
        #expect(CompositorDrivers.driver(for: .weston)?.kind == .weston)
    }

    @Test("a drag arrives frame by frame at the global coordinates, with no frame after the last up")
    func drag() throws {
        let run = try SandboxClient(driver)
        let window = try #require(try run.session.window(of: run.process))
        #expect(window.x == 0 && window.y == 0 && window.width == 1280 && window.height == 720)
        let skipped = try run.inject("down 0 100 100; frame; motion 0 140.5 120; frame; up 0; frame")
        #expect(skipped.isEmpty)
        let events = try run.finishEvents().map(summary)
        #expect(events == ["capabilities touch", "down 0 100 100", "frame", "motion 0 140.5 120", "frame", "up 0"])
    }

    @Test("two fingers, shape and orientation, then a cancel: all injectable, all delivered")
    func twoFingersShapeCancel() throws {
        let run = try SandboxClient(driver)
        try run.inject("""
            down 0 100 100; down 1 300 200; frame
            shape 0 12 8; orientation 1 45; motion 0 110 100; frame
            cancel
            """)
        let events = try run.finishEvents().map(summary)
        #expect(events == [
            "capabilities touch", "down 0 100 100", "down 1 300 200", "frame",
            "shape 0 12 8", "orientation 1 45", "motion 0 110 100", "frame", "cancel",
        ])
    }

    @Test("a screenshot is a PNG of the whole output")
    func screenshot() throws {
        let run = try SandboxClient(driver)
        let image = try run.screenshot()
        #expect(image.width == 1280 && image.height == 720)
        let red = image.rgba(x: 100, y: 100)
        #expect(red[0] > 200 && red[1] < 100 && red[2] < 100, "pixel \(red) is not touchdemo's red square")
    }

    @Test("stop is idempotent and leaves no process behind")
    func stopTwice() throws {
        let run = try SandboxClient(driver)
        let pid = run.process.pid
        run.session.stop()
        run.session.stop()
        #expect(!run.process.isRunning)
        #expect(kill(pid, 0) == -1)
    }
}
