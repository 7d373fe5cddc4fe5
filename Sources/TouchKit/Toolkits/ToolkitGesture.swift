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

    /// Creates a gesture.
    public init(kind: Kind, time: Double, recognizer: String, count: Int? = nil, x: Double? = nil, y: Double? = nil,
                scale: Double? = nil, angle: Double? = nil, vx: Double? = nil, vy: Double? = nil) {
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
    }
}
