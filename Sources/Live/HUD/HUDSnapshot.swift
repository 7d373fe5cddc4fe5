import Playback
import TouchKit
import WaylandClient

// MARK: - What the HUD shows, as plain data

/// One recognizer's line in the HUD: what it is, its state and why it is there.
public struct RecognizerLine: Hashable, Sendable {
    /// The recognizer's name (as the deliveries log writes it).
    public var name: String
    /// Its state ("possible", "began", "failed", …).
    public var state: String
    /// Why it made its last transition.
    public var reason: String
    /// Creates a line.
    public init(name: String, state: String, reason: String) {
        self.name = name
        self.state = state
        self.reason = reason
    }
}

/// One finger as the HUD labels it.
public struct TouchLabel: Hashable, Sendable {
    /// The compositor's touch id.
    public var id: Int32
    /// The touch's phase in the latest event.
    public var phase: TouchPhase
    /// Taps in quick succession this touch is part of.
    public var tapCount: Int
    /// Where the finger is (window coordinates, logical px).
    public var location: Point
    /// Creates a label.
    public init(id: Int32, phase: TouchPhase, tapCount: Int, location: Point) {
        self.id = id
        self.phase = phase
        self.tapCount = tapCount
        self.location = location
    }

    /// `#id phase ×tapCount`.
    public var text: String { "#\(id) \(phase.rawValue) ×\(tapCount)" }
}

/// Everything the HUD draws in one frame; built from the session, laid out by `HUDLayout`.
public struct HUDSnapshot: Hashable, Sendable {
    /// The window's size (logical px).
    public var windowSize: Size
    /// The scene's name.
    public var scene: String
    /// The threshold profile's name.
    public var profile: String
    /// The compositor's seat name, if it sent one.
    public var seatName: String?
    /// The bound wl_touch version, nil without touch.
    public var touchVersion: UInt32?
    /// Frames delivered to the scene so far.
    public var frameCount: Int
    /// True while input delivery is paused.
    public var isPaused: Bool
    /// The last key command's result, if any.
    public var status: String?
    /// Every touch down.
    public var touches: [TouchLabel]
    /// The raw-event log, oldest first.
    public var log: [EventLog.Entry]
    /// The scene's gesture recognizers; empty when it has none.
    public var recognizers: [RecognizerLine]
    /// Input → presented latency over the last seconds (`PresentLatencyWindow.line`), if measured.
    public var latency: String?
    /// The latest checked prediction's error (`PredictionErrorMeter.line`), while the scene predicts.
    public var prediction: String?
    /// What each toolkit model recognised for the same touches (`ToolkitModelWatch.lines`); empty: not shown.
    public var toolkitModels: [String] = []

    /// Creates a snapshot; lists default to empty.
    public init(windowSize: Size, scene: String, profile: String, seatName: String? = nil,
                touchVersion: UInt32? = nil, frameCount: Int = 0, isPaused: Bool = false, status: String? = nil,
                touches: [TouchLabel] = [], log: [EventLog.Entry] = [], recognizers: [RecognizerLine] = []) {
        self.windowSize = windowSize
        self.scene = scene
        self.profile = profile
        self.seatName = seatName
        self.touchVersion = touchVersion
        self.frameCount = frameCount
        self.isPaused = isPaused
        self.status = status
        self.touches = touches
        self.log = log
        self.recognizers = recognizers
    }
}

extension HUDSnapshot {
    /// The state of `host` and the compositor `environment` now.
    init(host: SceneHost, environment: ClientEnvironment, log: EventLog, isPaused: Bool, status: String?,
         recognizers: [RecognizerLine]) {
        let bounds = host.scene.window.bounds.size
        self.init(windowSize: bounds, scene: type(of: host.scene).info.name, profile: host.application.profile.name,
                  seatName: environment.seatName, touchVersion: environment.touchVersion,
                  frameCount: host.frameCount, isPaused: isPaused, status: status,
                  touches: host.application.activeTouches.map {
                      TouchLabel(id: $0.id, phase: $0.phase, tapCount: $0.tapCount, location: $0.location(in: nil))
                  },
                  log: log.entries, recognizers: recognizers)
    }
}
