import Scenes
import TouchKit
import WaylandClient

// MARK: - What the live window was asked to do

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
    /// Predict touches for the presentation time (`Event.predictedTouches(for:)`); off: always empty.
    public var predictsTouches = true
    /// How far past a touch's newest sample predictions reach at most (s); nil: `TouchPredictor`'s own.
    public var predictionLead: Double?
    /// The `--prediction-lead` values accepted (ms): past the longest the predictor predicts nothing at all.
    public static let predictionLeadRange = 1...TouchPredictor().maximumLead * 1000

    /// The predictor these options ask for; nil when prediction is off.
    public var predictor: TouchPredictor? {
        guard predictsTouches else { return nil }
        var predictor = TouchPredictor()
        if let predictionLead { predictor.longestLead = predictionLead }
        return predictor
    }
    /// Where to write one JSON line per presented frame: what it drew of the first finger (`FrameLog`).
    public var frameLogPath: String?
    /// The toplevel's title (xdg_toplevel.set_title).
    public var title = "gesture-sandbox"
    /// The toplevel's app id (xdg_toplevel.set_app_id), how compositors tell clients apart.
    public var appID = "gesture-sandbox"
    /// The window's size (logical px) when the compositor leaves it to the client; nil: 1280×720.
    public var windowSize: Size?
    /// A second toplevel of this size in the same process, or none.
    public var secondWindow: Size?
    /// A subsurface with an input region of its own on the window.
    public var subsurface = false
    /// Written before every surface name in the trace (`run --surface-prefix`), so the streams of two
    /// client processes can share a file; nil: names as the compositor sent them.
    public var surfacePrefix: String?
    /// What a touch on the trigger button (or on the surface to destroy) does (``touchActions``).
    public var touchAction: String?
    /// A zwlr_layer_shell_v1 surface beside the window, or none.
    public var layerSurface: LayerSurfaceOptions?
    /// A lock of the session while the window runs, or none.
    public var sessionLock: SessionLockOptions?
    /// A text field: a zwp_text_input_v3 enabled while the window has text input focus.
    public var textInput = false
    /// The on-screen keyboard stand-in (its own layer surface; ``layerSurface`` stays nil).
    public var onScreenKeyboard = false
    /// `run --pointer-only`: bind no wl_touch and record every wl_pointer event (no mouse-as-finger).
    public var pointerOnly = false

    /// The names `touchAction` accepts.
    public static let touchActions = TouchAction.allCases.map(\.rawValue)
    /// The trigger button of the touch actions in the window's surface: x, y, width, height, logical px.
    public static let touchActionButton = ClientParts.button

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
