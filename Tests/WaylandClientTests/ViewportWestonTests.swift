import TestSupport
import Testing
import TouchKit
@testable import WaylandClient
import WaylandPlumbing

// MARK: - wp_viewporter and the scale paths against weston 10

/// Draws a flat colour, records sizes and scales, and lets the test step through phases.
private final class ScaleRecorder: WaylandAppDelegate {
    /// Logical size, wl_surface buffer scale and render scale of every resize notification.
    var resizes: [(logical: LogicalSize, bufferScale: Int, renderScale: Double)] = []
    /// The buffer size of every frame drawn.
    var renders: [PixelSize] = []
    /// Called once per committed frame, on an idle pass after its callback came back; true stops the app.
    var step: (WaylandApp) -> Bool = { _ in true }
    private var steppedAfter = -1

    func waylandApp(_ app: WaylandApp, didResizeTo logicalSize: LogicalSize, bufferScale: Int) {
        resizes.append((logicalSize, bufferScale, app.renderScale))
        app.setNeedsRedraw()
    }

    func waylandApp(_ app: WaylandApp, render buffer: ShmBuffer) -> [PixelRect] {
        renders.append(buffer.size)
        let count = buffer.stride / ShmFormat.bytesPerPixel * buffer.height
        buffer.pixels.bindMemory(to: UInt32.self, capacity: count).update(repeating: 0xff20_4060, count: count)
        return [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)]
    }

    func waylandAppDidBecomeIdle(_ app: WaylandApp) {
        let statistics = app.frameStatistics
        // Only between frames: the previous commit was shown (its callback came back).
        guard statistics.callbacksDone == statistics.callbacksRequested, statistics.commits != steppedAfter else { return }
        // The pacer may hold the next frame for a later moment (wp_presentation): step once per frame.
        steppedAfter = statistics.commits
        if step(app) { app.stop() } else { app.setNeedsRedraw() }
    }
}

@Suite(.serialized, .enabled(if: PrivateWeston.executable != nil, "weston is not installed: no real-compositor tests"))
struct ViewportWestonTests {
    /// Generous: weston headless answers frame callbacks about every 26 ms.
    private static let timeout = 10.0
    private let logical = WaylandApp.defaultLogicalSize

    /// Runs `app` until the recorder's step says stop, or `timeout` passes (then the test fails).
    private func run(_ app: WaylandApp, _ recorder: ScaleRecorder, weston: PrivateWeston) throws {
        app.delegate = recorder
        var timedOut = false
        _ = app.loop.schedule(at: app.loop.now + Self.timeout) { timedOut = true; app.stop() }
        #expect(try app.run() == .stopped)
        #expect(!timedOut, "weston log: \(weston.logText)")
    }

    private func scaled(_ numerator: Int, _ denominator: Int) -> PixelSize {
        PixelSize(width: logical.width * numerator / denominator, height: logical.height * numerator / denominator)
    }

    @Test func wpViewporterIsBoundWhenOfferedAndUnusedAtScaleOne() throws {
        let weston = try PrivateWeston()
        let app = try weston.connect()
        let environment = app.environment
        let offered = try #require(environment.version(of: "wp_viewporter"), "weston 10 offers wp_viewporter")
        #expect(offered >= 1)
        #expect(environment.bound.contains { $0.interface == "wp_viewporter" && $0.version == 1 })
        #expect(app.viewport != nil)
        // weston 10 does not offer wp_fractional_scale_v1; the object exists exactly when it is offered.
        let fractionalOffered = environment.version(of: "wp_fractional_scale_manager_v1") != nil
        #expect((app.fractionalScale != nil) == fractionalOffered)

        let recorder = ScaleRecorder()
        recorder.step = { [unowned recorder] _ in recorder.renders.count >= 2 }
        try run(app, recorder, weston: weston)
        #expect(recorder.renders.allSatisfy { $0 == scaled(1, 1) })
        if !fractionalOffered {
            #expect(app.surfaceScale == .integer(1))
            #expect(app.viewport?.destinationRequests == 0 && app.viewport?.destination == nil)
            #expect(app.environment.fractionalScale == nil && app.environment.renderScale == 1)
        }
    }

    @Test func integerScaleTwoIsUnchangedWithAViewportBound() throws {
        let weston = try PrivateWeston(scale: 2)
        let app = try weston.connect()
        try #require(app.viewport != nil, "weston 10 offers wp_viewporter")
        try #require(app.fractionalScale == nil, "this test is about compositors without wp_fractional_scale_v1")
        let recorder = ScaleRecorder()
        recorder.step = { [unowned recorder] _ in recorder.renders.last == scaled(2, 1) }
        try run(app, recorder, weston: weston)
        #expect(recorder.resizes.map(\.logical) == [logical, logical])
        #expect(recorder.resizes.map(\.bufferScale) == [1, 2])
        #expect(recorder.resizes.map(\.renderScale) == [1, 2])
        #expect(app.surfaceScale == .integer(2) && app.bufferScale == 2 && app.renderScale == 2)
        #expect(app.bufferSize == scaled(2, 1))
        // The viewport was never touched: the buffer scale alone maps the buffer.
        #expect(app.viewport?.destinationRequests == 0 && app.viewport?.destination == nil)
        #expect(app.environment.bufferScale == 2 && app.environment.fractionalScale == nil)
    }

    /// weston 10 has no wp_fractional_scale_v1, so the compositor's preferred_scale event is
    /// simulated by calling the listener as libwayland would; everything the client then sends
    /// (buffer scale 1, viewport destination, 1.5× and 1.25× buffers) goes to the real weston,
    /// whose wp_viewporter would end the connection with a protocol error on a bad request.
    @Test func aPreferredScaleSwitchesScaleTwoToBufferScaleOneAndAViewportOnRealWeston() throws {
        let weston = try PrivateWeston(scale: 2)
        let app = try weston.connect()
        try #require(app.viewport != nil, "weston 10 offers wp_viewporter")
        let events = FractionalScaleEvents()
        app.follow(events)
        let data = userData(events)
        let preferred = try #require(FractionalScaleEvents.listener.pointee.preferred_scale)
        let recorder = ScaleRecorder()
        var destinationsSeen: [LogicalSize?] = []
        recorder.step = { [unowned recorder] app in
            switch recorder.renders.last {
            case scaled(2, 1):
                destinationsSeen.append(app.viewport?.destination)
                preferred(data, nil, 180)
            case scaled(3, 2):
                destinationsSeen.append(app.viewport?.destination)
                preferred(data, nil, 150)
            case scaled(5, 4):
                return true
            default:
                break
            }
            return false
        }
        try run(app, recorder, weston: weston)
        withExtendedLifetime(events) {}
        // Scale 2 first (integer), then 1.5 and 1.25 with buffer scale 1 and the logical size as destination.
        #expect(recorder.renders.contains(scaled(2, 1)))
        #expect(recorder.renders.suffix(2) == [scaled(3, 2), scaled(5, 4)])
        #expect(destinationsSeen == [nil, logical])
        #expect(recorder.resizes.suffix(2).map(\.bufferScale) == [1, 1])
        #expect(recorder.resizes.suffix(2).map(\.renderScale) == [1.5, 1.25])
        #expect(app.surfaceScale == .fractional(numerator: 150) && app.bufferScale == 1)
        // Set once: the logical size did not change between 1.5 and 1.25.
        #expect(app.viewport?.destination == logical && app.viewport?.destinationRequests == 1)
        #expect(app.frameStatistics.callbacksDone == app.frameStatistics.commits)
        #expect(app.environment.fractionalScale == 1.25 && app.environment.bufferScale == 1)
    }
}
