import Foundation
import Logging
import Playback
import Render
import Scenes
import TouchKit
import TouchStream
import WaylandClient

// MARK: - The live window

/// What `gesture-sandbox run` was asked to do.
public struct LiveOptions {
    /// The Wayland display (nil: $WAYLAND_DISPLAY).
    public var display: String?
    /// The scene to show.
    public var sceneType: any Scene.Type
    /// The thresholds in force.
    public var profile: ThresholdProfile
    /// Where to write the raw trace (JSON Lines), if anywhere.
    public var recordPath: String?
    /// Where to write the deliveries log, if anywhere.
    public var logPath: String?
    /// Where to write the scene's final state (JSON), if anywhere.
    public var statePath: String?
    /// Where to write a PNG of the last frame, if anywhere.
    public var screenshotPath: String?
    /// The tool version for trace headers.
    public var toolVersion: String
    /// Print recognizer transitions on standard error as they happen.
    public var traceArena = false
    /// Show the HUD at start (h toggles it); off for screenshots and tests.
    public var showsHUD = true

    /// Creates options; only the scene and profile are required.
    public init(display: String? = nil, sceneType: any Scene.Type, profile: ThresholdProfile,
                recordPath: String? = nil, logPath: String? = nil, statePath: String? = nil,
                screenshotPath: String? = nil, toolVersion: String) {
        self.display = display
        self.sceneType = sceneType
        self.profile = profile
        self.recordPath = recordPath
        self.logPath = logPath
        self.statePath = statePath
        self.screenshotPath = screenshotPath
        self.toolVersion = toolVersion
    }
}

/// The sandbox window: wl_touch records → scene host → damage → pixman → wl_shm buffers.
///
/// Records are written to the trace before they are interpreted, so a trace
/// holds exactly what the compositor sent even if interpretation misbehaves.
///
/// The command's outputs (`--record`, `--log`, `--state`, `--screenshot`) are one group: all
/// opened before the window appears (a bad path shows no window and writes nothing), all put in
/// place together on every way out (q, Escape, the close button, SIGINT, SIGTERM, SIGHUP,
/// compositor gone); until then they exist only as `.partial`. The recording outranks the group:
/// a write error cuts it to its last whole record and it is still put in place with the others;
/// when another output fails at the end, or a crash ends the process, the recording alone is put
/// in place (the other outputs can be made again from it with `replay`). Recordings started with
/// the record key and on-demand screenshots are outputs of their own, in place when each ends.
public final class LiveSession: WaylandAppDelegate {
    let options: LiveOptions
    // Internal, not private: KeyCommands.swift switches scenes and draws screenshots with these.
    let app: WaylandApp
    let clock: TraceAlignedClock
    var host: SceneHost
    private let renderer = Renderer()
    var damage = PartialFrameDamage()
    /// The heads-up display and key map (HUD/), and what the key commands remember.
    let hud = HUD.openingFontLater()
    var keys = KeyCommandState()
    /// Something the HUD shows changed since it was last laid out (`waylandApp(_:prepare:)`).
    private var hudIsBehind = false
    /// How often the HUD's streaming text changes, and the timer that shows what it held back.
    var hudTextPace = HUDTextPace()
    var hudTextTimer: TimerHandle?
    /// Input → presented latency for the HUD (wp_presentation feedback).
    var presentLatency = PresentLatencyWindow()
    /// Ghost spots under mouse-emulated fingers.
    private var ghostSpots = EmulatedTouchSpots()
    /// The touch-only control strip and the touches it (or a decoration surface) owns; internal,
    /// not private: Controls/LiveSession+Controls.swift routes touches with them.
    var strip = ControlStrip()
    var controlTouches = ControlTouches()
    /// The trace being written, once its first record (or the end) has opened it.
    var trace: TraceWriter?
    /// Where records go now: `--record`'s path at start, toggled by the record key; nil when not recording.
    var recordingPath: String?
    /// The touch bit of the latest capabilities record; every trace opened starts with it.
    private var seatHasTouch: Bool?
    /// The outputs given on the command line, committed together at the end.
    private let outputs: OutputGroup
    /// The `--record` output, until the first recorded record opens the trace on it.
    private var recordOutput: OutputTarget?
    /// The `--record` output for good, to keep it alone when the group cannot be committed.
    private let recordTarget: OutputTarget?
    private let stateOutput: OutputTarget?
    private let screenshotOutput: OutputTarget?
    private var deliveries: OutputTarget?
    private var deliveriesError: Error?
    private var lastReasons: [RecognizerKey: String] = [:]
    let logger: Logger

    /// Connects to the compositor and builds the scene; throws a one-line error when it cannot.
    public init(options: LiveOptions, logger: Logger = Logger(label: "gesture-sandbox")) throws {
        self.options = options
        self.logger = logger
        recordingPath = options.recordPath
        // Every output is opened before the window connects: a bad path fails before anything is shown.
        let outputs = OutputGroup()
        self.outputs = outputs
        recordTarget = try options.recordPath.map { try outputs.open($0) }
        recordOutput = recordTarget
        let file = try options.logPath.map { try outputs.open($0) }
        stateOutput = try options.statePath.map { try outputs.open($0) }
        screenshotOutput = try options.screenshotPath.map { try outputs.open($0) }
        // SIGHUP (the terminal closed) ends the session like SIGINT and SIGTERM: outputs finished.
        app = try WaylandApp(display: options.display, title: "gesture-sandbox", appID: "gesture-sandbox",
                             signals: EventLoop.defaultSignals + [SIGHUP])
        clock = TraceAlignedClock(loop: app.loop)
        // Always recording (streamed, not kept): the HUD's recognizer panel shows each one's last reason.
        let recorder = DeliveryRecorder(retainsEntries: false)
        let size = Size(width: Double(app.logicalSize.width), height: Double(app.logicalSize.height))
        host = Self.makeHost(sceneType: options.sceneType, size: size, profile: options.profile, clock: clock,
                             recorder: recorder)
        deliveries = file
        let traceArena = options.traceArena
        recorder.onEntry = { [unowned self] entry in
            if case .transition(let step) = entry {
                lastReasons[RecognizerKey(step)] = step.reason.description
                if traceArena { ArenaTrace.print(step) }
            }
            guard let file else { return }
            do { try file.write(entry.jsonLine + "\n") } catch { deliveriesError = deliveriesError ?? error }
        }
        hud.recognizerReport = { [unowned self] host in recognizerLines(in: host) }
        hud.showsHUD = options.showsHUD
        app.delegate = self
    }

    /// Runs until quit, close, a signal or a compositor failure; output files are finished either way.
    public func run() throws -> LoopExitReason {
        let reason: LoopExitReason
        do {
            reason = try app.run()
        } catch {
            try? finishOutputs()
            throw error
        }
        try finishOutputs()
        return reason
    }

    /// The scene being shown.
    public var scene: any Scene { host.scene }

    // MARK: - WaylandAppDelegate

    public func waylandApp(_ app: WaylandApp, didReceive received: RawRecord) {
        var record = received
        let control = controlOutcome(of: record)
        record.isControl = control != .scene
        if case .capabilities(let touch) = record.event { seatHasTouch = touch }
        // A capabilities record does not open the trace (the header would predate the surface's
        // scale); the trace, when a touch opens it, starts with the seat's touch state instead.
        if let path = recordingPath, trace != nil || !record.event.isCapabilities {
            do { try recording(to: path).write(record) } catch { stopRecording(path, after: error) }
        }
        // HUD hook: the log sees every record; a paused session records but does not deliver.
        hud.record(record)
        if case .activated(let target) = control { activate(target) }  // Controls/LiveSession+Controls.swift
        if hud.isShowing || record.isEmulated { setNeedsFrame(hudChanged: hud.isShowing) }
        if !record.isControl { keys.note(record) }
        guard !keys.isPaused else { return }
        // Control records go in too: the host drops them exactly as replay does.
        host.push(record)
        requestRedrawIfDamaged()
    }

    public func waylandAppDidBecomeIdle(_ app: WaylandApp) {
        // The socket is drained: whatever is pending is a frame the compositor did not close (cage
        // sends none at all). It is recorded like any record, so replay flushes at the same point.
        if host.needsFlush { waylandApp(app, didReceive: RawRecord(.flush)) }
        // Timers (animations, recognizer deadlines) change views between input events too.
        requestRedrawIfDamaged()
        // Something changed after the last frame was prepared: the HUD it showed is behind.
        if hudIsBehind { app.setNeedsRedraw() }
    }

    public func waylandApp(_ app: WaylandApp, didResizeTo logicalSize: LogicalSize, bufferScale: Int) {
        host.resize(to: Size(width: Double(logicalSize.width), height: Double(logicalSize.height)))
        damage.addFull()
        setNeedsFrame()
    }

    public func waylandApp(_ app: WaylandApp, prepare buffer: ShmBuffer) {
        hud.loadPendingFont()  // opened on its own thread since launch; the first frame shows the HUD
        // HUD hook: laid out here, before the frame's last input is read; its changed panels
        // (old and new boxes) are damage like the scene's.
        let panels = hudDamage()
        hudIsBehind = false
        drawDamage(into: buffer, adding: panels)
    }

    public func waylandApp(_ app: WaylandApp, render buffer: ShmBuffer) -> [DamageRect] {
        drawDamage(into: buffer, adding: [])
        guard let drawn = damage.finishFrame() else {
            return [DamageRect(x: 0, y: 0, width: buffer.width, height: buffer.height)]
        }
        return drawn.map { app.surfaceScale.damage(covering: $0) }
    }

    /// Draws into `buffer` what it lacks of the frame: the damage since the frame's last part
    /// there, `extra` included (`PartialFrameDamage`).
    private func drawDamage(into buffer: ShmBuffer, adding extra: [Rect]) {
        let new = host.takeDamage() + extra + ghostSpots.update(host.application.activeTouches)
        let clip = damage.part(adding: new, into: ObjectIdentifier(buffer), age: buffer.age)
        if clip?.isEmpty == true { return }
        let scale = app.renderScale  // fractional under wp_fractional_scale_v1
        do {
            let target = try PixelTarget(base: buffer.pixels, width: buffer.width, height: buffer.height,
                                         stride: buffer.stride, format: .xrgb8888)
            renderer.draw(items: host.displayItems() + ghostSpots.items, background: host.background, into: target,
                          scale: scale, clip: clip)
            hud.draw(into: target, scale: scale, clip: clip)  // HUD hook: over the scene, same clip
        } catch {
            logger.error("\(error)")
        }
    }

    public func waylandApp(_ app: WaylandApp, keyPressed key: KeyPress) {
        handleKey(key)  // KeyCommands.swift
    }

    public func waylandApp(_ app: WaylandApp, didPresent frame: FramePresentation) {
        presented(frame)  // Latency/LivePresentation.swift
    }

    // MARK: - Recognizers for the HUD

    /// A recognizer as transitions name it: its name and its view's.
    private struct RecognizerKey: Hashable {
        var recognizer: String
        var view: String?
        init(_ step: RecognizerTransition) { recognizer = step.recognizer; view = step.view }
        init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer.name; view = recognizer.view?.name }
    }

    /// Every recognizer in the scene's window, in paint order, with its state and last reason.
    private func recognizerLines(in host: SceneHost) -> [RecognizerLine] {
        host.scene.window.paintOrder().flatMap { painted in
            painted.view.gestureRecognizers.map { recognizer in
                RecognizerLine(name: recognizer.name, state: "\(recognizer.state)",
                               reason: lastReasons[RecognizerKey(recognizer)] ?? "")
            }
        }
    }

    // MARK: - Output

    private func requestRedrawIfDamaged() {
        // The scene's state is in the HUD's panels only while they are shown.
        if host.scene.window.needsDisplay { setNeedsFrame(hudChanged: hud.isShowing) }
    }

    /// Asks for a frame; after a change the HUD or the control strip shows (`hudChanged`), they
    /// are behind until a frame is prepared, and a frame that was prepared earlier is followed by
    /// another. Changes nothing shown depends on ask for no such frame.
    func setNeedsFrame(hudChanged: Bool = true) {
        if hudChanged { hudIsBehind = true }
        app.setNeedsRedraw()
    }

    /// The trace writer, opened at the first wl_touch record (or at exit for an empty session), so
    /// the header describes the surface as it was when touched: its outputs and buffer scale are
    /// known only after the first configure and surface.enter. Its first record is the seat's
    /// touch capability, when the seat has reported one.
    func recording(to path: String) throws -> TraceWriter {
        if let trace { return trace }
        let header = TraceHeader(toolVersion: options.toolVersion, environment: CompositorEnvironment(app.environment),
                                 profile: options.profile.name, created: TraceHeader.isoTimestamp(Date()))
        let writer: TraceWriter
        if let recordOutput, path == options.recordPath {
            // The command line's recording: committed with the other outputs at the end.
            self.recordOutput = nil
            do {
                writer = try TraceWriter(target: recordOutput, header: header, flushEachFrame: true)
            } catch {
                recordOutput.discard()  // not even its header is whole: nothing to keep
                throw error
            }
        } else {
            writer = try TraceWriter(path: path, header: header)
        }
        trace = writer
        if let seatHasTouch { try writer.write(RawRecord(.capabilities(touch: seatHasTouch))) }
        return writer
    }

    /// Ends the trace, writes the state and screenshot, then commits the group; see the type's
    /// doc for what happens when something fails.
    private func finishOutputs() throws {
        host.finish()
        var recordingFailure: Error?
        if let path = recordingPath {
            do {
                try recording(to: path).finish()
            } catch {
                // Cut to its last whole record (TraceWriter) and still put in place with the group.
                recordingFailure = RuntimeError("recording stopped: \(error); the trace up to its last whole record is in \(path)")
            }
        }
        do {
            if let deliveriesError { throw deliveriesError }
            if let stateOutput { try stateOutput.write(try host.scene.snapshot().jsonText()) }
            if let screenshotOutput { try screenshotOutput.write(try screenshotBytes()) }
            try outputs.commit()
        } catch {
            // Another output is incomplete: the recording is kept, nothing else of the group is.
            throw RuntimeError("\(error)" + (keepRecordingAlone().map {
                "; kept the recording \($0), wrote none of the other outputs"
            } ?? "; wrote none of the outputs"))
        }
        if let recordingFailure { throw recordingFailure }
    }

    /// Puts the command line's recording in place on its own (the rest of the group is discarded);
    /// returns its path when it is in place.
    private func keepRecordingAlone() -> String? {
        defer { outputs.discard() }
        guard let recordTarget, recordOutput == nil else { return nil }  // never opened: nothing recorded
        if !recordTarget.isFinished { try? recordTarget.commit() }
        return recordTarget.isCommitted ? recordTarget.path : nil
    }

    func writeScreenshot(to path: String) throws {
        try OutputTarget.write(bytes: try screenshotBytes(), to: path)
    }

    /// The window as it looks now (scene, ghost spots, HUD) as PNG bytes.
    private func screenshotBytes() throws -> [UInt8] {
        let scale = app.renderScale
        let size = app.bufferSize
        let buffer = try PixelBuffer(width: size.width, height: size.height)
        renderer.draw(items: host.displayItems() + ghostSpots.items, background: host.background, into: buffer,
                      scale: scale)
        hud.draw(into: buffer.target, scale: scale, clip: nil)  // HUD hook
        return try buffer.target.pngBytes()
    }

    /// A write to the trace failed (a full disk): recording stops, the records that reached the
    /// disk whole stay usable under the trace's name, and both the log and the window say so.
    func stopRecording(_ path: String, after error: Error) {
        trace?.finishAfterError()
        let inGroup = path == options.recordPath
        let saved = trace == nil ? "" : inGroup
            ? "; the trace up to its last whole record goes to \(path) with the other outputs at exit"
            : "; the trace up to its last whole record is in \(path)"
        let line = "recording stopped: \(error)\(saved)"
        logger.error("\(line)")
        keys.status = line
        hud.showsHUD = true
        trace = nil
        recordingPath = nil
        setNeedsFrame()
    }
}
