import CompositorDrivers
import Foundation
import Render
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// The KWin driver against a real KWin 5.27 (`--virtual`): what KWin delivered to our client.
@Suite(.serialized)
struct KWinDriverTests {
    private let driver = KWinDriver()

    @Test("installed with KWin's own version, run from a capability-free copy")
    func installation() {
        guard case .installed(let version) = driver.installation() else {
            Issue.record("KWin not installed: \(driver.installation())")
            return
        }
        #expect(version.hasPrefix("5."))
    }

    @Test("a drag in the window arrives at window-local coordinates, frame by frame, frame after up included")
    func drag() throws {
        let run = try SandboxClient(driver)
        let window = try #require(try run.session.window(of: run.process))
        let (x, y) = (window.x + 100, window.y + 100)
        let skipped = try run.inject("down 0 \(x) \(y); frame; motion 0 \(x + 40.5) \(y + 20); frame; up 0; frame")
        #expect(skipped.isEmpty)
        let events = try run.finishEvents().map(summary)
        #expect(events == ["capabilities touch", "down 0 100 100", "frame", "motion 0 140.5 120", "frame", "up 0", "frame"])
    }

    @Test("two fingers: one frame per script frame, both points window-local")
    func twoFingers() throws {
        let run = try SandboxClient(driver)
        let window = try #require(try run.session.window(of: run.process))
        let (x, y) = (window.x, window.y)
        try run.inject("""
            down 0 \(x + 100) \(y + 100); down 1 \(x + 900) \(y + 500); frame
            motion 0 \(x + 150) \(y + 130); motion 1 \(x + 850) \(y + 480); frame
            up 0; up 1; frame
            """)
        let events = try run.finishEvents().map(summary)
        #expect(events == [
            "capabilities touch", "down 0 100 100", "down 1 900 500", "frame",
            "motion 0 150 130", "motion 1 850 480", "frame", "up 0", "up 1", "frame",
        ])
    }

    @Test("shape and orientation are not injectable; cancel is, and arrives")
    func notInjectable() throws {
        let run = try SandboxClient(driver)
        let window = try #require(try run.session.window(of: run.process))
        let skipped = try run.inject("down 3 \(window.x + 50) \(window.y + 60); frame; shape 3 10 10; orientation 3 30; cancel")
        #expect(skipped.count == 2)
        let events = try run.finishEvents().map(summary)
        #expect(events == ["capabilities touch", "down 3 50 60", "frame", "cancel"])
    }

    @Test("R4: after one sequence, a title-bar drag sends the client empty frames and no down")
    func titleBarEmptyFrames() throws {
        let run = try SandboxClient(driver)
        let window = try #require(try run.session.window(of: run.process))
        let bar = try #require(window.titleBar)
        try run.inject("down 0 \(window.x + 100) \(window.y + 100); frame; up 0; frame")
        // KWin centres a window taller than the output, so part of the bar can be above it.
        let visibleTop = max(bar.y, 0)
        #expect(bar.y + bar.height > visibleTop + 8, "title bar \(bar) is off the output")
        let (bx, by) = (bar.x + bar.width / 2, (visibleTop + bar.y + bar.height) / 2)
        try run.inject("down 1 \(bx) \(by); frame; motion 1 \(bx + 30) \(by + 10); frame; motion 1 \(bx + 60) \(by + 20); frame; up 1; frame")
        let events = try run.finishEvents().map(summary)
        let first = ["capabilities touch", "down 0 100 100", "frame", "up 0", "frame"]
        #expect(Array(events.prefix(first.count)) == first)
        let afterwards = events.dropFirst(first.count)
        #expect(!afterwards.isEmpty)
        #expect(afterwards.allSatisfy { $0 == "frame" }, "title-bar touch delivered \(Array(afterwards))")
    }

    @Test("a screenshot through ScreenShot2 is a PNG of the whole output")
    func screenshot() throws {
        let run = try SandboxClient(driver)
        let image = try run.screenshot()
        #expect(image.width == 1280 && image.height == 720)
        // touchdemo's red square sits 100 px into the window (its top-left corner).
        let window = try #require(try run.session.window(of: run.process))
        let red = image.rgba(x: Int(window.x) + 100, y: Int(window.y) + 100)
        #expect(red[0] > 200 && red[1] < 100 && red[2] < 100, "pixel \(red) is not the red square")
    }
}
