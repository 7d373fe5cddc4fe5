import TestSupport
import Testing
import TouchKit
import TouchStream
@testable import WaylandClient

/// Keeps asking for frames and checks, on every loop pass, that at most one frame is ever
/// waiting for its presentation feedback.
private final class EagerDrawer: WaylandAppDelegate {
    var framesWanted = 12
    var presentations: [FramePresentation] = []
    var mostInFlight = 0

    func waylandApp(_ app: WaylandApp, didResizeTo logicalSize: LogicalSize, bufferScale: Int) { app.setNeedsRedraw() }

    func waylandApp(_ app: WaylandApp, render buffer: ShmBuffer) -> [PixelRect] {
        [PixelRect(x: 0, y: 0, width: 16, height: 16)]
    }

    func waylandApp(_ app: WaylandApp, didPresent frame: FramePresentation) { presentations.append(frame) }

    func waylandAppDidBecomeIdle(_ app: WaylandApp) {
        let statistics = app.frameStatistics
        let inFlight = statistics.commits - statistics.presented - statistics.discarded
        mostInFlight = max(mostInFlight, inFlight)
        if statistics.presented >= framesWanted { app.stop() } else { app.setNeedsRedraw() }
    }
}

@Suite(.serialized, .enabled(if: PrivateWeston.executable != nil, "weston is not installed: no real-compositor tests"))
struct PresentationPacingWestonTests {
    @Test("with wp_presentation, a frame is committed only once the previous one was presented")
    func oneFrameInFlight() throws {
        let weston = try PrivateWeston()
        let app = try weston.connect()
        #expect(app.environment.bound.contains { $0.interface == "wp_presentation" })
        let drawer = EagerDrawer()
        app.delegate = drawer
        var timedOut = false
        _ = app.loop.schedule(at: app.loop.now + 10) { timedOut = true; app.stop() }
        #expect(try app.run() == .stopped)
        #expect(!timedOut, "weston log: \(weston.logText)")
        // Two in flight only where the pacer gave up waiting for late feedback (a loaded machine).
        #expect(drawer.mostInFlight == 1 || app.frameStatistics.feedbackTimeouts > 0)
        #expect(drawer.presentations.count >= drawer.framesWanted)
        // Each frame turned into light after it was committed, and the frames came in order.
        let presented = drawer.presentations.compactMap(\.presented)
        #expect(zip(drawer.presentations, presented).allSatisfy { $0.committed < $1 })
        #expect(zip(presented, presented.dropFirst()).allSatisfy { $0 < $1 })
        #expect(drawer.presentations.allSatisfy { $0.refresh > 0 })
    }
}
