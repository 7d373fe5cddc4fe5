import Scenes
import TouchKit

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
    /// Where to write one JSON line per presented frame: what it drew of the first finger (`FrameLog`).
    public var frameLogPath: String?

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
