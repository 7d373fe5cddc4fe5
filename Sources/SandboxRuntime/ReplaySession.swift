import Foundation
import Render
import Scenes
import TouchKit
import TouchStream

// MARK: - Headless replay

/// Runs a trace through a scene with virtual time, exactly as the live client would.
///
/// Time comes only from the trace: before each frame the virtual clock advances
/// to the frame's timestamp (firing due timers first), and after the last
/// record it runs on for `settleDuration` so pending timers and animations end.
public final class ReplaySession {
    /// How long virtual time runs on after the last record, seconds: longer than any
    /// long press, multi-tap window or scene animation, so every pending decision is made.
    public static let settleDuration = 2.0
    /// The window size scenes get when the trace does not say (its header's surface size).
    public static let defaultSize = Size(width: 1280, height: 720)

    /// The host that ran the trace.
    public let host: SceneHost
    /// The virtual clock it ran on.
    public let clock: VirtualClock
    /// The deliveries log.
    public let recorder = DeliveryRecorder()

    /// Replays `trace` through a new `sceneType` under `profile`.
    public init(trace: Trace, sceneType: any Scene.Type, profile: ThresholdProfile, size: Size? = nil) {
        let surface = trace.header?.environment.surface
        let windowSize = size ?? surface.map { Size(width: Double($0.width), height: Double($0.height)) }
            ?? Self.defaultSize
        clock = VirtualClock()
        host = SceneHost(sceneType: sceneType, size: windowSize, profile: profile, clock: clock, recorder: recorder)
        host.willHandleFrame = { [clock] time in clock.advance(to: time) }
        for item in trace.items { host.push(item) }
        host.finish()
        clock.advance(to: max(clock.now, host.traceTime) + Self.settleDuration)
    }

    /// The deliveries log as JSON Lines (one entry per line, trailing newline).
    public var deliveriesLog: String { recorder.jsonLines() }

    /// The scene's state after the replay.
    public var snapshot: SceneSnapshot { host.scene.snapshot() }

    /// Renders the scene's current state headless at `scale` into a new buffer.
    public func render(scale: Int = 1) throws -> PixelBuffer {
        let size = host.scene.window.bounds.size
        let buffer = try PixelBuffer(width: Int(size.width) * scale, height: Int(size.height) * scale)
        Renderer().draw(items: host.displayItems(), background: host.background, into: buffer, scale: Double(scale))
        return buffer
    }

    /// Renders the scene's current state and writes it as a PNG (temporary name, then rename).
    public func writePNG(to path: String, scale: Int = 1) throws {
        try PNGFile.write(try render(scale: scale).target, to: path)
    }
}
