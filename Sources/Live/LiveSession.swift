import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Logging
import Playback
import Render
import Scenes
import TouchKit
import TouchStream
import WaylandClient

// MARK: - The live window

/// The sandbox window: wl_touch records → scene host → damage → pixman → wl_shm buffers.
///
/// Records are written to the trace before they are interpreted, so a trace holds exactly what
/// the compositor sent even if interpretation misbehaves. What the session writes, and when each
/// output is put in place, is `LiveOutputs`' policy.
public final class LiveSession: WaylandAppDelegate {
    private let app: WaylandApp
    private let clock: TraceAlignedClock
    private var host: SceneHost
    private let renderer = Renderer()
    private var damage = PartialFrameDamage()
    /// The command's outputs, and the recordings and screenshots the keys ask for.
    private let outputs: LiveOutputs
    /// The heads-up display and key map (HUD/), and what the key commands remember.
    private let hud = HUD.openingFontLater()
    private var keys = KeyCommandState()
    /// Something the HUD shows changed since it was last laid out (`waylandApp(_:prepare:)`).
    private var hudIsBehind = false
    /// How often the HUD's streaming text changes, and the timer that shows what it held back.
    private var hudTextPace = HUDTextPace()
    private var hudTextTimer: TimerHandle?
    /// Input → presented latency for the HUD (wp_presentation feedback).
    private var presentLatency = PresentLatencyWindow()
    /// What each toolkit model recognises for the same touches, while the HUD shows it (`g`), and
    /// the timer that runs the models' timers (a long press) while a finger is down.
    private var toolkitModels: ToolkitModelWatch?
    private var toolkitTimer: TimerHandle?
    /// How often the models' timers are run while a finger is down (s): a long press shows within this.
    private static let toolkitTimerInterval = 0.05
    /// Ghost spots under mouse-emulated fingers.
    private var ghostSpots = EmulatedTouchSpots()
    /// The touch-only control strip and the touches it (or a decoration surface) owns.
    private var controls = WindowControls()
    /// Each recognizer's last reason, for the HUD's recognizer panel.
    private var lastReasons: [RecognizerKey: String] = [:]
    /// The predictor events use (nil: prediction off); they predict for the presentation times below.
    private let predictor: TouchPredictor?
    private var targetClock = PresentationTargetClock()
    /// CLOCK_MONOTONIC minus trace time, as of the latest presentation target.
    private var traceToMonotonic: Double?
    /// What the frames rendered since the last presentation drew (`--frame-log`).
    private var drawnFrames = DrawnFrames()
    private let logger: Logger
    /// Whether start-up's code pages were returned (`StartupPages`, after the first commit).
    private var releasedStartupPages = false

    /// Connects to the compositor and builds the scene; throws a one-line error when it cannot.
    public init(options: LiveOptions, logger: Logger = Logger(label: "gesture-sandbox")) throws {
        self.logger = logger
        // Every output is opened before the window connects: a bad path fails before anything is shown.
        let outputs = try LiveOutputs(options: options)
        self.outputs = outputs
        // SIGHUP (the terminal closed) ends the session like SIGINT and SIGTERM: outputs finished.
        let app = try WaylandApp(display: options.display, title: options.title, appID: options.appID,
                                 windowSize: options.windowSize.map(Self.logicalSize), parts: Self.parts(options),
                                 pointerOnly: options.pointerOnly, signals: EventLoop.defaultSignals + [SIGHUP])
        self.app = app
        outputs.environment = { [unowned app] in CompositorEnvironment(app.environment) }
        clock = TraceAlignedClock(loop: app.loop)
        // Always recording (streamed, not kept): the HUD's recognizer panel shows each one's last reason.
        let recorder = DeliveryRecorder(retainsEntries: false)
        recorder.recordsCalls = options.logPath != nil
        let size = Size(width: Double(app.logicalSize.width), height: Double(app.logicalSize.height))
        host = Self.makeHost(sceneType: options.sceneType, size: size, profile: options.profile, clock: clock,
                             recorder: recorder)
        predictor = options.predictor
        let traceArena = options.traceArena
        recorder.onEntry = { [unowned self] entry in
            if case .transition(let step) = entry {
                lastReasons[RecognizerKey(step)] = step.reason.description
                if traceArena { ArenaTrace.print(step) }
            }
            outputs.log(entry)
        }
        hud.recognizerReport = { [unowned self] host in recognizerLines(in: host) }
        hud.showsHUD = options.showsHUD
        app.delegate = self
        aimPredictions(of: host)
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

    private static func logicalSize(_ size: Size) -> LogicalSize {
        LogicalSize(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
    }

    /// The extra surfaces and touch action the options ask for.
    private static func parts(_ options: LiveOptions) -> ClientParts {
        ClientParts(secondWindow: options.secondWindow.map(logicalSize), subsurface: options.subsurface,
                    action: options.touchAction.flatMap(TouchAction.init(rawValue:)), layerSurface: options.layerSurface,
                    sessionLock: options.sessionLock, textInput: options.textInput, onScreenKeyboard: options.onScreenKeyboard)
    }

    /// Builds the host for `sceneType`; also used when a key switches or resets the scene, so
    /// the trace, deliveries log and clock carry on across scenes.
    private static func makeHost(sceneType: any Scene.Type, size: Size, profile: ThresholdProfile,
                                 clock: TraceAlignedClock, recorder: DeliveryRecorder?) -> SceneHost {
        let host = SceneHost(sceneType: sceneType, size: size, profile: profile, clock: clock, recorder: recorder)
        host.willHandleFrame = { [clock] time in clock.align(to: time) }
        return host
    }

    // MARK: - WaylandAppDelegate

    public func waylandApp(_ app: WaylandApp, didReceive received: RawRecord) {
        var record = received
        let control = controls.outcome(of: record.event, windowSurface: app.surfaceName,
                                       window: host.scene.window.bounds.size)
        record.isControl = control != .scene
        if let line = outputs.record(record) { recordingStopped(line) }
        // HUD hook: the log sees every record; a paused session records but does not deliver.
        hud.record(record)
        if case .activated(let target) = control { activate(target) }
        if hud.isShowing || record.isEmulated { setNeedsFrame(hudChanged: hud.isShowing) }
        if !record.isControl { keys.note(record) }
        guard !keys.isPaused else { return }
        // Control records go in too: the host drops them exactly as replay does.
        host.push(record)
        // Only frame and flush records deliver, and they carry no time: the frame they complete
        // predicts from the times noted here.
        if !record.isControl, let time = record.event.time { targetClock.note(raw: time, trace: host.traceTime) }
        if toolkitModels != nil { watchToolkitModels(record) }
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
        if !releasedStartupPages, app.frameStatistics.commits > 0 {
            releasedStartupPages = true
            StartupPages.release()
        }
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

    public func waylandApp(_ app: WaylandApp, render buffer: ShmBuffer) -> [PixelRect] {
        drawDamage(into: buffer, adding: [])
        if outputs.logsFrames { noteDrawnFinger() }
        guard let drawn = damage.finishFrame() else {
            return [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)]
        }
        return drawn.map { app.surfaceScale.damage(covering: $0) }
    }

    public func waylandApp(_ app: WaylandApp, keyPressed key: KeyPress) {
        if let command = KeyCommand(key) { perform(command) }
    }

    public func waylandApp(_ app: WaylandApp, didPresent frame: FramePresentation) {
        // Feeds the HUD's latency line and, while a trace is being written, records the frame.
        // Nothing is redrawn for it: the line changes with the next frame drawn for other reasons,
        // so feedback never causes frames of its own.
        if let time = frame.presented {
            presentLatency.add(presented: time, missed: frame.missed, latencies: frame.latencies)
        }
        if outputs.logsFrames, let entry = drawnFrames.take(committed: frame.committed, presented: frame.presented) {
            outputs.logFrame(entry)
        }
        do { try outputs.record(frame) } catch {
            logger.error("\(error)")
            app.stop()
        }
    }

    // MARK: - Commands

    /// A tap completed on the control strip: the handle expands or collapses it, a button runs its command.
    private func activate(_ target: ControlStrip.Target) {
        if let command = controls.activate(target) { perform(command) } else { setNeedsFrame() }
    }

    /// Runs `command`, whether a key or the control strip asked for it.
    private func perform(_ command: KeyCommand) {
        switch command {
        case .quit: app.stop()
        case .toggleKeyMap: hud.showsKeyMap.toggle()
        case .toggleHUD:
            hud.showsHUD.toggle()
            if let reason = hud.unavailableReason { logger.error("\(reason)") }
        case .toggleToolkitModels:
            toolkitModels = toolkitModels == nil ? ToolkitModelWatch() : nil
            if let timer = toolkitTimer { clock.cancel(timer) }
            toolkitTimer = nil
            keys.status = toolkitModels == nil ? "toolkit models hidden" : "toolkit models shown"
            hud.showsHUD = true
        case .nextScene, .previousScene: switchScene(by: command == .nextScene ? 1 : -1)
        case .resetScene: switchScene(by: 0)
        case .cycleProfile: keys.cycleProfile(of: host.application)
        case .togglePause: keys.togglePause()
        case .screenshot: takeScreenshot()
        case .toggleRecording: toggleRecording()
        case .toggleExclusiveTouch: toggle("exclusiveTouch", \.isExclusiveTouch)
        case .toggleMultipleTouch: toggle("multipleTouchEnabled", \.isMultipleTouchEnabled)
        case .toggleUserInteraction: toggle("userInteractionEnabled", \.isUserInteractionEnabled)
        case .toggleHidden: toggle("hidden", \.isHidden)
        }
        setNeedsFrame()
    }

    /// Replaces the host with the scene `offset` places along the catalog (0: the same scene, rebuilt).
    ///
    /// The old scene gets its pending frame first, so the deliveries log is complete; fingers
    /// still down continue in the new scene as ids frame assembly does not know (it repairs them).
    private func switchScene(by offset: Int) {
        let all = SceneCatalog.all
        let current = all.firstIndex { $0 == type(of: host.scene) } ?? 0
        let next = all[((current + offset) % all.count + all.count) % all.count]
        host.finish()
        host = Self.makeHost(sceneType: next, size: host.scene.window.bounds.size, profile: host.application.profile,
                             clock: clock, recorder: host.recorder)
        aimPredictions(of: host)
        toolkitModels?.reset()
        keys.status = offset == 0 ? "scene reset" : "scene → \(next.info.name)"
        damage.addFull()
    }

    private func toggle(_ property: String, _ keyPath: ReferenceWritableKeyPath<View, Bool>) {
        keys.toggle(property, keyPath, in: host.scene.window)
    }

    /// Stops a running recording (finishing its file) or starts a new one.
    private func toggleRecording() {
        guard outputs.isRecording else {
            keys.status = "recording → \(outputs.startRecording())"
            return
        }
        do {
            keys.status = try outputs.stopRecording()
        } catch {
            logger.error("\(error)")
            keys.status = "recording failed: \(error)"
        }
    }

    private func takeScreenshot() {
        do {
            keys.status = "screenshot → \(try outputs.saveScreenshot(screenshotBytes))"
        } catch {
            logger.error("\(error)")
            keys.status = "screenshot failed: \(error)"
        }
    }

    /// A write to the trace failed (a full disk): recording has stopped, and both the log and the
    /// window say so and what was kept.
    private func recordingStopped(_ line: String) {
        logger.error("\(line)")
        keys.status = line
        hud.showsHUD = true
        setNeedsFrame()
    }

    // MARK: - The HUD

    /// Lays the HUD and the control strip out for this frame and returns their damage.
    private func hudDamage() -> [Rect] {
        let now = app.loop.now
        // While the paced text shown last is held, its fresh text is not made at all (formatting
        // the log and the latency percentiles every frame was a tenth of a drag's CPU time): the
        // pace puts the held text in, and a recheck shows the newest once the interval is over.
        let holding = hud.showsHUD && hudTextPace.isHolding(now: now)
        var snapshot = HUDSnapshot(host: host, environment: app.environment, log: holding ? EventLog() : hud.log,
                                   isPaused: keys.isPaused, status: keys.status,
                                   recognizers: holding ? [] : hud.recognizerReport(host))
        if !holding {
            snapshot.latency = presentLatency.line
            snapshot.prediction = (host.scene as? InkScene).map { ink in
                predictor != nil ? ink.canvas.meter.line ?? "prediction: no prediction checked yet" : "prediction off"
            }
            snapshot.toolkitModels = toolkitModels?.lines ?? []
        }
        // Paced only while shown: hidden, none of that text is laid out, and nothing waits for it.
        let paced = hud.showsHUD ? hudTextPace.snapshot(snapshot, now: now) : (snapshot: snapshot, recheck: nil)
        snapshot = paced.snapshot
        if let recheck = paced.recheck, hudTextTimer == nil {
            hudTextTimer = app.loop.schedule(at: recheck) { [unowned self] in
                hudTextTimer = nil
                setNeedsFrame()
            }
        }
        // The control strip is always there, HUD or not.
        let controlPanels = hud.controlPanels(controls.strip, window: host.scene.window.bounds.size,
                                              recording: outputs.isRecording, paused: keys.isPaused)
        return hud.update(snapshot, keyMap: KeyCommand.keyMapLines, controls: controlPanels)
    }

    /// Feeds the toolkit models what the scene got.
    private func watchToolkitModels(_ record: RawRecord) {
        toolkitModels?.push(record)
        armToolkitTimer()
    }

    /// Runs the models' timers every interval while a finger is down, on the frames' clock.
    private func armToolkitTimer() {
        guard toolkitTimer == nil, toolkitModels?.hasTouchDown == true else { return }
        toolkitTimer = clock.schedule(at: clock.now + Self.toolkitTimerInterval) { [unowned self] in
            toolkitTimer = nil
            toolkitModels?.advance(to: clock.now)
            setNeedsFrame()
            armToolkitTimer()
        }
    }

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

    // MARK: - Prediction

    /// Makes `host`'s events predict for the presentation time wp_presentation expects (or not at all).
    private func aimPredictions(of host: SceneHost) {
        host.application.predictor = predictor
        host.application.presentationTime = { [unowned self] _ in presentationTarget() }
    }

    /// When the frame showing the input being delivered is expected on screen, on the trace's clock.
    private func presentationTarget() -> Double? {
        guard let monotonic = app.nextPresentationTime, let trace = targetClock.traceTime(ofMonotonic: monotonic) else {
            return nil
        }
        traceToMonotonic = monotonic - trace
        return trace
    }

    /// Notes what the frame just rendered drew of the first finger down, for `--frame-log`.
    private func noteDrawnFinger() {
        let first = host.application.activeTouches.min { $0.serial < $1.serial }
        let finger = first?.location(in: nil)
        var drawn = finger, aimed: Double?
        if let ink = host.scene as? InkScene {
            drawn = ink.canvas.head.map { ink.canvas.convert($0.location, to: nil) }
            aimed = ink.canvas.head?.aimedAt.flatMap { at in traceToMonotonic.map { at + $0 } }
        }
        drawnFrames.rendered(at: app.loop.now, drawn: drawn, aimed: aimed, finger: finger)
    }

    // MARK: - Drawing and output

    private func requestRedrawIfDamaged() {
        // The scene's state is in the HUD's panels only while they are shown.
        if host.scene.window.needsDisplay { setNeedsFrame(hudChanged: hud.isShowing) }
    }

    /// Asks for a frame; after a change the HUD or the control strip shows (`hudChanged`), they
    /// are behind until a frame is prepared, and a frame that was prepared earlier is followed by
    /// another. Changes nothing shown depends on ask for no such frame.
    private func setNeedsFrame(hudChanged: Bool = true) {
        if hudChanged { hudIsBehind = true }
        app.setNeedsRedraw()
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

    /// Ends the scene's pending frame, then the outputs (`LiveOutputs.finish`).
    private func finishOutputs() throws {
        host.finish()
        try outputs.finish(state: { try host.scene.snapshot().jsonText() }, screenshot: screenshotBytes)
    }
}
