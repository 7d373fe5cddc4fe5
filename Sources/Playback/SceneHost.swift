import Render
import Scenes
import TouchKit
import TouchStream

// MARK: - The pipeline shared by the live client and headless replay

/// Runs raw wl_touch records through frame assembly into a scene's Application.
///
/// One host serves both the live window and headless replay, so the same
/// records give the same deliveries in both: records → `FrameAssembler` →
/// `InputFrame` → `Application.handle` → the scene's views → damage.
public final class SceneHost {
    /// The scene being driven.
    public let scene: any Scene
    /// The UIApplication stand-in that receives the frames.
    public let application: Application
    /// Where responder calls are logged, when logging.
    public let recorder: DeliveryRecorder?
    /// Frames delivered so far.
    public private(set) var frameCount = 0
    /// Called before each frame is handled, with the frame's timestamp (replay advances its clock here).
    public var willHandleFrame: ((Double) -> Void)?

    // Live and replay share the replay assembler's idle inference, so a recorded
    // session replays exactly as it was delivered live.
    private var assembler = ReplayAssembler()
    private var outputs: [AssemblyOutput] = []

    /// Builds `sceneType` for a window of `size` and an Application on `clock`.
    public init(sceneType: any Scene.Type, size: Size, profile: ThresholdProfile, clock: TouchClock,
                recorder: DeliveryRecorder?) {
        self.recorder = recorder
        scene = sceneType.init(context: SceneContext(clock: clock, size: size))
        application = Application(clock: clock, profile: profile, recorder: recorder, name: "application")
        application.addWindow(scene.window)
    }

    /// Feeds one record; frames it completes are delivered at once.
    public func push(_ record: RawRecord) {
        assembler.push(record, into: &outputs)
        drain()
    }

    /// Feeds one script item (a record, or a sleep: an idle point).
    public func push(_ item: ScriptItem) {
        assembler.push(item, into: &outputs)
        drain()
    }

    /// The event loop went idle: flushes a frame the compositor never sent after the last up.
    public func flushIfIdle() {
        assembler.flushIfIdle(into: &outputs)
        drain()
    }

    /// True when the live loop, idle now, must deliver the pending events as a `flush` record
    /// (pushed like any record, so the trace shows where it happened).
    public var needsFlush: Bool { assembler.needsFlush }

    /// End of input: flushes whatever is pending.
    public func finish() {
        assembler.finish(into: &outputs)
        drain()
    }

    /// The latest trace time seen, seconds (wrap-corrected wl_touch time).
    public var traceTime: Double { assembler.assembler.currentTime }

    /// Lays the scene out for a new window size.
    public func resize(to size: Size) {
        scene.resize(to: size)
        scene.window.setNeedsDisplay()
    }

    // MARK: - Drawing

    /// The window's visible views as renderer items, back to front.
    public func displayItems() -> [DisplayItem] { scene.window.displayItems() }

    /// The window's background colour (what the renderer clears to).
    public var background: Color { scene.window.backgroundColor ?? .black }

    /// Window-space rectangles changed since the last call.
    public func takeDamage() -> [Rect] { scene.window.takeDamage() }

    private func drain() {
        for output in outputs {
            switch output {
            case .frame(let frame):
                willHandleFrame?(frame.timestamp)
                frameCount += 1
                // Repairs are not kept here (a live session would grow without bound): `check`
                // reports them, with rule ids, from the recorded trace.
                application.handle(frame)
            case .diagnostic:
                break
            }
        }
        outputs.removeAll(keepingCapacity: true)
    }
}
