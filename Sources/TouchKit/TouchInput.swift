// MARK: - What frame assembly hands to TouchKit

/// The phase of a touch, as UITouch.Phase.
public enum TouchPhase: String, Sendable, Codable, CaseIterable, Comparable {
    case began, moved, stationary, ended, cancelled

    /// Delivery order within one frame: began, moved, ended, cancelled (stationary is never delivered).
    public var deliveryRank: Int {
        switch self {
        case .began: 0
        case .moved: 1
        case .stationary: 2
        case .ended: 3
        case .cancelled: 4
        }
    }
    public static func < (a: TouchPhase, b: TouchPhase) -> Bool { a.deliveryRank < b.deliveryRank }
}

/// One touch's change within one delivery pass, in window coordinates (logical px).
///
/// Produced by TouchStream's frame assembler from wl_touch records; `id` is the
/// compositor's touch id, unique only among touches active at the same time.
public struct TouchInput: Hashable, Sendable {
    public var id: Int32
    public var phase: TouchPhase
    /// Location in the window (surface-local, logical px).
    public var location: Point
    /// Every motion sample of this touch in the frame, oldest first; the last equals `location`.
    public var coalesced: [Point]
    /// Each sample's time (seconds, the frame's clock), parallel to `coalesced`; empty when every
    /// sample has the frame's timestamp, as in a frame whose events share one wl_touch time (the
    /// common case costs no array).
    public var coalescedTimes: [Double]
    /// Half the contact ellipse's major axis (wl_touch.shape major / 2, as UITouch.majorRadius), 0 when unknown.
    public var majorRadius: Double
    /// Orientation of the contact ellipse in degrees (wl_touch.orientation), nil when unknown.
    public var orientation: Double?
    /// True when a pointer produced this touch (mouse emulation).
    public var isEmulated: Bool

    /// Creates a touch input.
    public init(id: Int32, phase: TouchPhase, location: Point, coalesced: [Point]? = nil,
                coalescedTimes: [Double] = [], majorRadius: Double = 0, orientation: Double? = nil,
                isEmulated: Bool = false) {
        self.id = id
        self.phase = phase
        self.location = location
        self.coalesced = coalesced ?? [location]
        self.coalescedTimes = coalescedTimes
        self.majorRadius = majorRadius
        self.orientation = orientation
        self.isEmulated = isEmulated
    }
}

/// One assembled wl_touch frame: one or more ordered passes, each delivered as one Event.
///
/// A frame splits into several passes only when an id needs two phases in it
/// (for example up and a new down of the same id): a touch never skips `began`.
public struct InputFrame: Hashable, Sendable {
    /// Seconds on the trace's monotonic clock (wrap-corrected wl_touch time / 1000).
    public var timestamp: Double
    public var passes: [[TouchInput]]
    /// Creates a frame.
    public init(timestamp: Double, passes: [[TouchInput]]) {
        self.timestamp = timestamp
        self.passes = passes
    }
}
