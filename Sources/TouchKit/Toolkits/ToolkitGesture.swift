// MARK: - What a toolkit recognised, in one vocabulary for real toolkits and our models

/// One gesture a toolkit recognised, as every oracle client reports it and every toolkit model produces it.
///
/// Oracles write these as JSON Lines (`{"kind":"tap","time":123456,"count":2,"recognizer":"GtkGestureClick"}`);
/// `time` is the wl_touch time (ms) of the event that caused it, so real runs and models line up exactly.
/// A gesture fired by a timer (a long press) carries the time of the event that started the timer.
public struct ToolkitGesture: Hashable, Sendable, Codable {
    /// The kind of recognition, as the JSON `kind` spells it.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case tap
        case longPress = "long-press"
        case dragBegin = "drag-begin", dragUpdate = "drag-update", dragEnd = "drag-end"
        case panBegin = "pan-begin", panUpdate = "pan-update", panEnd = "pan-end"
        case pinchBegin = "pinch-begin", pinchEnd = "pinch-end"
        case rotateBegin = "rotate-begin", rotateEnd = "rotate-end"
        case swipe
        case cancel
        /// A toolkit's own touch events, one per wl_touch down, motion and up it turned into one (SDL 2's SDL_FINGER*).
        case touchDown = "touch-down", touchMotion = "touch-motion", touchUp = "touch-up"
        /// Pointer events a toolkit synthesises from touch (SDL 2's SDL_MOUSE* with which = SDL_TOUCH_MOUSEID).
        case pointerDown = "pointer-down", pointerMotion = "pointer-motion", pointerUp = "pointer-up"
        /// One step of a multi-finger gesture: centroid, rotation and spread change (SDL 2's SDL_MULTIGESTURE).
        case multiGesture = "multi-gesture"
        /// A gesture state change the kinds above do not name (Qt Widgets' QGesture started, e.g. a QTapGesture at touch-down).
        case gestureStarted = "gesture-started"
        /// An update of such a gesture (Qt Widgets' QGesture updated): shown, not compared, like the other updates.
        case gestureUpdated = "gesture-updated"
    }

    /// What was recognised.
    public var kind: Kind
    /// wl_touch time in milliseconds of the event that caused it.
    public var time: Double
    /// The toolkit's own name for the recognizer (`GtkGestureClick`, `TapHandler`, `dblclick`).
    public var recognizer: String
    /// Taps counted together (tap only).
    public var count: Int?
    /// Window-local position where it happened, logical px, when the toolkit says.
    public var x: Double?
    public var y: Double?
    /// Scale at a pinch's end, relative to its start.
    public var scale: Double?
    /// Rotation at a rotate's end, degrees.
    public var angle: Double?
    /// Velocity of a swipe, px/s.
    public var vx: Double?
    public var vy: Double?
    /// The toolkit's id of the finger (touch kinds).
    public var finger: Int?
    /// Fingers down (multi-gesture).
    public var fingers: Int?
    /// Movement since the finger's previous event, px (touch-motion).
    public var dx: Double?
    public var dy: Double?
    /// Pressure as the toolkit reports it (touch kinds).
    public var pressure: Double?
    /// Change of the fingers' mean distance from their centroid, in the toolkit's normalized units (multi-gesture).
    public var distance: Double?

    /// Creates a gesture.
    public init(kind: Kind, time: Double, recognizer: String, count: Int? = nil, x: Double? = nil, y: Double? = nil,
                scale: Double? = nil, angle: Double? = nil, vx: Double? = nil, vy: Double? = nil,
                finger: Int? = nil, fingers: Int? = nil, dx: Double? = nil, dy: Double? = nil,
                pressure: Double? = nil, distance: Double? = nil) {
        self.kind = kind
        self.time = time
        self.recognizer = recognizer
        self.count = count
        self.x = x
        self.y = y
        self.scale = scale
        self.angle = angle
        self.vx = vx
        self.vy = vy
        self.finger = finger
        self.fingers = fingers
        self.dx = dx
        self.dy = dy
        self.pressure = pressure
        self.distance = distance
    }
}
