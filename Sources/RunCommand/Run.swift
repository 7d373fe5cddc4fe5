import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import Live
import TouchKit
import TouchStream
import WaylandClient

/// `gesture-sandbox run`: the live window.
public struct Run: ParsableCommand {
    /// Its name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the sandbox window under a Wayland compositor.",
        discussion: "Touch the window, or drag with mouse button 1 (Alt adds a second finger mirrored about the centre; Alt+Shift moves both). The HUD is on at start (h hides it); ? shows the key map; the < handle on the right edge opens touch controls for everything the keys do. q or Escape quits, and so do the close button, SIGINT, SIGTERM and SIGHUP; every output file is opened at start and they all appear together at the end (docs/command-line.md).")

    @OptionGroup var sceneOptions: SceneOptions

    @Option(help: ArgumentHelp("Wayland display to connect to (default: $WAYLAND_DISPLAY).", valueName: "name"))
    var display: String?

    @Option(help: ArgumentHelp("Record every wl_touch event to this JSON Lines trace.", valueName: "file"))
    var record: String?

    @Option(help: ArgumentHelp("Write the deliveries log (one JSON line per responder call) here.", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("On exit, write the scene's state (view frames, facts) as JSON here.", valueName: "file"))
    var state: String?

    @Option(help: ArgumentHelp("On exit, write a PNG of the last frame here.", valueName: "file"))
    var screenshot: String?

    @Flag(name: .customLong("no-hud"), help: "Start with the heads-up display hidden (for screenshots and tests); h shows it.")
    var noHUD = false

    @Flag(name: .customLong("no-prediction"), help: "Predict no touches: Event.predictedTouches(for:) is empty (the ink scene draws no predicted segment).")
    var noPrediction = false

    @Option(name: .customLong("prediction-lead"), help: ArgumentHelp("Predict touches at most this far past their newest sample (default \(Run.defaultPredictionLead); 1 to \(Run.longestPredictionLead)). Longer draws nearer a moving finger and further past one that stops at once (docs/latency.md).", valueName: "ms"))
    var predictionLead: Double?

    @Option(help: ArgumentHelp("Write one JSON line per presented frame here: commit and presentation times (CLOCK_MONOTONIC s), the first finger's position as drawn and the time it was predicted for (docs/latency.md).", valueName: "file"))
    var frameLog: String?

    @Option(help: ArgumentHelp("The window's title.", valueName: "text"))
    var title = "gesture-sandbox"

    @Option(name: .customLong("app-id"), help: ArgumentHelp("The window's app id: start a second client with another one to tell them apart.", valueName: "id"))
    var appID = "gesture-sandbox"

    @Option(name: .customLong("surface-prefix"), help: ArgumentHelp("Write this before every surface name in the trace (e.g. 'b/' gives b/wl_surface@3), to tell a second client's surfaces apart when both streams are merged.", valueName: "text"))
    var surfacePrefix: String?

    @Option(name: .customLong("window-size"), help: ArgumentHelp("The window's size when the compositor leaves it to the client (default 1280x720).", valueName: "WxH"))
    var windowSize: String?

    @Option(name: .customLong("second-window"), help: ArgumentHelp("Also map a second, plain toplevel of this size (a child of the window) in the same client.", valueName: "WxH"))
    var secondWindow: String?

    @Flag(help: "Add a subsurface at 400,40 (240x160) whose input region is its left half only.")
    var subsurface = false

    @Option(name: .customLong("on-touch"), help: ArgumentHelp("What a real touch down on the button at 0,0 (160x160) of the window does, with that down's serial: \(LiveOptions.touchActions.joined(separator: ", ")). maximize and fullscreen ask for that state while the finger is still down; destroy-subsurface and destroy-window act on a down on that surface instead, layer-popup (a popup of the layer surface) on a down on the layer surface.", valueName: "action"))
    var touchAction: String?

    @Flag(name: .customLong("pointer-only"), help: "Bind no wl_touch, even when the seat has touch, and record every wl_pointer event (enter, leave, motion, button, axis, frame) in the trace: what the compositor sends a client without touch support. The mouse no longer acts as a finger.")
    var pointerOnly = false

    @OptionGroup var layerArguments: LayerSurfaceArguments

    @Option(name: .customLong("session-lock"), help: ArgumentHelp("Lock the session (ext_session_lock_v1) once the window is shown, with a lock surface of one colour on every output, and unlock it this long after the compositor said locked (\(SessionLockOptions.durationRange.lowerBound) to \(SessionLockOptions.durationRange.upperBound) ms). locked, finished, each lock surface's configure and the unlock are recorded.", valueName: "ms"))
    var sessionLock: Int?

    @Option(name: .customLong("unlock-taps"), help: ArgumentHelp("With --session-lock <ms>: unlock earlier, when this many touches have lifted from a lock surface.", valueName: "n"))
    var unlockTaps: Int?

    @Flag(name: .customLong("text-input"), help: "Act as a text field: enable a zwp_text_input_v3 while the window has text input focus, and record what the compositor and an input method send it. Refused with 'not supported by COMPOSITOR: no zwp_text_input_manager_v3 global' where there is none.")
    var textInput = false

    @Flag(name: .customLong("osk"), help: "Also show an on-screen keyboard stand-in: a row of keys (1 to 5) on a top-layer surface along the output's bottom edge that never takes keyboard focus; a touch on a key types it through zwp_input_method_v2 when active, else zwp_virtual_keyboard_v1. Refused where the compositor has no layer shell or neither of those.")
    var onScreenKeyboard = false

    /// An empty command, filled in by ArgumentParser.
    public init() {}

    /// Checks the options together (ArgumentParser calls it before `run`).
    public func validate() throws {
        for (name, value) in [("--window-size", windowSize), ("--second-window", secondWindow)] {
            if let value, Self.size(value) == nil {
                throw ValidationError("\(name) needs WIDTHxHEIGHT in logical pixels (1 to 16384), found '\(value)'")
            }
        }
        if let touchAction, !LiveOptions.touchActions.contains(touchAction) {
            throw ValidationError("--on-touch must be one of \(LiveOptions.touchActions.joined(separator: ", ")), found '\(touchAction)'")
        }
        if touchAction == "destroy-subsurface", !subsurface {
            throw ValidationError("--on-touch destroy-subsurface needs --subsurface")
        }
        if touchAction == "destroy-window", secondWindow == nil {
            throw ValidationError("--on-touch destroy-window needs --second-window WxH")
        }
        if onScreenKeyboard, layerArguments.layer != nil {
            throw ValidationError("--osk brings its own layer surface: leave out --layer-surface")
        }
        if touchAction == "layer-popup", layerArguments.layer == nil {
            throw ValidationError("--on-touch layer-popup needs --layer-surface LAYER")
        }
        if let sessionLock, !SessionLockOptions.durationRange.contains(sessionLock) {
            throw ValidationError("--session-lock must be \(SessionLockOptions.durationRange.lowerBound) to \(SessionLockOptions.durationRange.upperBound) ms, found \(sessionLock)")
        }
        if let unlockTaps {
            guard sessionLock != nil else { throw ValidationError("--unlock-taps needs --session-lock MS") }
            guard SessionLockOptions.unlockTapsRange.contains(unlockTaps) else {
                throw ValidationError("--unlock-taps must be \(SessionLockOptions.unlockTapsRange.lowerBound) to \(SessionLockOptions.unlockTapsRange.upperBound), found \(unlockTaps)")
            }
        }
        if touchAction != nil, pointerOnly {
            throw ValidationError("--on-touch needs touch downs; --pointer-only binds no wl_touch")
        }
        if let predictionLead {
            guard LiveOptions.predictionLeadRange.contains(predictionLead) else {
                throw ValidationError("--prediction-lead must be 1 to \(Self.longestPredictionLead) ms, found \(predictionLead)")
            }
            if noPrediction { throw ValidationError("--prediction-lead needs prediction; --no-prediction turns it off") }
        }
    }

    /// The prediction lead without `--prediction-lead` (ms).
    static let defaultPredictionLead: String = {
        let tenths = Int((TouchPredictor().longestLead * 10_000).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }()
    /// The longest `--prediction-lead` (ms).
    static let longestPredictionLead = Int(LiveOptions.predictionLeadRange.upperBound.rounded())

    /// `WxH` as a size, nil when malformed or outside 1…16384.
    public static func size(_ text: String) -> Size? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...16384).contains(width), (1...16384).contains(height) else { return nil }
        return Size(width: Double(width), height: Double(height))
    }

    /// Opens the window and runs the session until it ends.
    public func run() throws {
        var options = LiveOptions(display: display, sceneType: sceneOptions.sceneType,
                                  profile: sceneOptions.thresholdProfile, recordPath: record, logPath: log,
                                  statePath: state, screenshotPath: screenshot, toolVersion: SandboxVersion.current)
        options.traceArena = sceneOptions.traceArena
        options.showsHUD = !noHUD
        options.predictsTouches = !noPrediction
        options.predictionLead = predictionLead.map { $0 / 1000 }
        options.frameLogPath = frameLog
        options.title = title
        options.appID = appID
        options.windowSize = windowSize.flatMap(Self.size)
        options.secondWindow = secondWindow.flatMap(Self.size)
        options.subsurface = subsurface
        options.surfacePrefix = surfacePrefix
        options.touchAction = touchAction
        options.layerSurface = try layerArguments.options()
        options.sessionLock = sessionLock.map { SessionLockOptions(duration: Double($0) / 1000, unlockTaps: unlockTaps) }
        options.textInput = textInput
        options.onScreenKeyboard = onScreenKeyboard
        options.pointerOnly = pointerOnly
        // A full disk or a closed pipe must be a write error the recording survives, not SIGXFSZ or
        // SIGPIPE; a crash keeps the recording up to its last whole frame (SIGINT, SIGTERM and SIGHUP
        // end the event loop instead).
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        TemporaryFiles.removeAtExit()
        TemporaryFiles.removeOnSignals(TemporaryFiles.killingSignals)
        do {
            let session = try LiveSession(options: options)
            _ = try session.run()
        } catch {
            throw fail(error)
        }
    }
}
