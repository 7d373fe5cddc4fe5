import Glibc
import SandboxHarness
import Testing
import TouchKit
@testable import WaylandClient
import WaylandPlumbing

// MARK: - A fractional buffer as weston maps it

/// Fills every buffer with one colour, records buffer sizes, and lets the test step between frames.
private final class FrameStepper: WaylandAppDelegate {
    /// The buffer size of every frame drawn.
    var renders: [PixelSize] = []
    /// Called on idle passes between frames (each commit's callback came back); true stops the app.
    var step: (WaylandApp) -> Bool = { _ in true }

    func waylandApp(_ app: WaylandApp, didResizeTo logicalSize: LogicalSize, bufferScale: Int) { app.setNeedsRedraw() }

    func waylandApp(_ app: WaylandApp, render buffer: ShmBuffer) -> [PixelRect] {
        renders.append(buffer.size)
        let count = buffer.stride / ShmFormat.bytesPerPixel * buffer.height
        buffer.pixels.bindMemory(to: UInt32.self, capacity: count).update(repeating: 0x0040_6080, count: count)
        return [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)]
    }

    func waylandAppDidBecomeIdle(_ app: WaylandApp) {
        let statistics = app.frameStatistics
        guard statistics.callbacksDone == statistics.callbacksRequested else { return }
        if step(app) { app.stop() } else { app.setNeedsRedraw() }
    }
}

@Suite struct FractionalScaleViewportTests {
    private static let timeout = 10.0
    /// wp_fractional_scale_v1 numerator for 1.5 (over 120).
    private static let oneAndAHalf: UInt32 = 180

    /// weston 10 has no wp_fractional_scale_v1: its preferred_scale event (1.5) is simulated by
    /// calling the listener as libwayland would. The rest is real: the 1.5× buffer, buffer scale 1
    /// and the wp_viewport destination go to weston (kiosk-shell, harness module), and weston's
    /// harness pick reports the surface size it derived from them.
    @Test("a 1.5× buffer with a viewport destination gives a surface of the logical size in weston")
    func oneAndAHalfTimesBufferMapsOntoTheLogicalSize() throws {
        let weston = try WestonInstance()
        let app = try WaylandApp(display: weston.socketPath, title: "fractional-scale test", appID: "gesture-sandbox")
        try #require(app.viewport != nil, "weston offers wp_viewporter")
        let events = FractionalScaleEvents()
        app.follow(events)
        let data = userData(events)
        let preferred = try #require(FractionalScaleEvents.listener.pointee.preferred_scale)
        let width = weston.configuration.width, height = weston.configuration.height
        let configured = PixelSize(width: width, height: height)
        let fractional = PixelSize(width: width * 3 / 2, height: height * 3 / 2)
        let stepper = FrameStepper()
        stepper.step = { [unowned stepper] _ in
            if stepper.renders.last == configured { preferred(data, nil, Self.oneAndAHalf) }
            return stepper.renders.last == fractional
        }
        app.delegate = stepper
        var timedOut = false
        _ = app.loop.schedule(at: app.loop.now + Self.timeout) { timedOut = true; app.stop() }
        #expect(try app.run() == .stopped)
        try #require(!timedOut, "no 1.5× frame; weston log: \(weston.logTail())")
        withExtendedLifetime(events) {}
        #expect(stepper.renders.first == configured)  // kiosk-shell configures the output size
        #expect(app.bufferScale == 1 && app.renderScale == 1.5)
        #expect(app.viewport?.destination == LogicalSize(width: width, height: height))

        // weston's own idea of the surface: the viewport destination, not buffer ÷ buffer scale (1536×1152).
        let harness = try weston.connect()
        let view = try #require(try harness.waitForView(x: Double(width) / 2, y: Double(height) / 2, pid: getpid(),
                                                         timeout: Self.timeout))
        #expect(view.width == Int32(width) && view.height == Int32(height))
        #expect(view.x == 0 && view.y == 0)
    }
}
