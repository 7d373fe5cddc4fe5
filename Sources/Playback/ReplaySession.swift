import FoundationEssentials
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
    /// The deliveries log (kept in memory unless the session was made with a streaming recorder).
    public let recorder: DeliveryRecorder

    /// Replays `trace` through a new `sceneType` under `profile`.
    public convenience init(trace: Trace, sceneType: any Scene.Type, profile: ThresholdProfile, size: Size? = nil) {
        self.init(header: trace.header, sceneType: sceneType, profile: profile, size: size)
        for item in trace.items { push(item) }
        finish()
    }

    /// Starts a replay to be fed item by item (``push(_:)``, then ``finish()``): memory stays
    /// bounded by the active touches when `recorder` streams its entries instead of keeping them.
    public init(header: TraceHeader?, sceneType: any Scene.Type, profile: ThresholdProfile, size: Size? = nil,
                recorder: DeliveryRecorder = DeliveryRecorder()) {
        let surface = header?.environment.surface
        let windowSize = size ?? surface.map { Size(width: Double($0.width), height: Double($0.height)) }
            ?? Self.defaultSize
        self.recorder = recorder
        clock = VirtualClock()
        host = SceneHost(sceneType: sceneType, size: windowSize, profile: profile, clock: clock, recorder: recorder)
        host.willHandleFrame = { [clock] time in clock.advance(to: time) }
    }

    /// Feeds one record or sleep.
    public func push(_ item: ScriptItem) { host.push(item) }

    /// Ends the trace and lets virtual time run on until every pending decision is made.
    public func finish() {
        host.finish()
        clock.advance(to: max(clock.now, host.traceTime) + Self.settleDuration)
    }

    /// The deliveries log as JSON Lines (one entry per line, trailing newline).
    public var deliveriesLog: String { recorder.jsonLines() }

    /// The scene's state after the replay.
    public var snapshot: SceneSnapshot { host.scene.snapshot() }

    /// The largest picture drawn, per side in pixels: larger surfaces are refused with an error.
    public static let maximumRenderSide = 16384

    /// Renders the scene's current state headless at `scale` into a new buffer.
    public func render(scale: Int = 1) throws -> PixelBuffer {
        let size = host.scene.window.bounds.size
        let width = size.width * Double(scale), height = size.height * Double(scale)
        let limit = Double(Self.maximumRenderSide)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= limit, height <= limit else {
            throw RuntimeError("cannot draw a \(size.width)×\(size.height) surface at scale \(scale): "
                + "each side must be 1 to \(Self.maximumRenderSide) pixels")
        }
        let buffer = try PixelBuffer(width: Int(width), height: Int(height))
        Renderer().draw(items: host.displayItems(), background: host.background, into: buffer, scale: Double(scale))
        return buffer
    }

    /// The scene's current state as PNG file bytes.
    public func pngBytes(scale: Int = 1) throws -> [UInt8] {
        try render(scale: scale).target.pngBytes()
    }

    /// Writes the scene's current state as a PNG on its own (whole or not at all).
    public func writePNG(to path: String, scale: Int = 1) throws {
        try OutputTarget.write(bytes: try pngBytes(scale: scale), to: path)
    }
}
