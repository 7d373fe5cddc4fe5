// MARK: - Touch

/// One finger's life on the screen, from `began` to `ended` or `cancelled`, as UITouch.
///
/// The same object is updated in every event of that life; a new `began` of the
/// same compositor id is a new Touch. The hit view found at `began` stays bound
/// for the whole life, even after the finger leaves it.
public final class Touch: Hashable, CustomStringConvertible {
    /// The compositor's touch id (unique only among touches down at the same time).
    public let id: Int32
    /// Order of creation within the application, for stable ordering of equal ids.
    public let serial: UInt64
    /// The phase in the current event.
    public internal(set) var phase: TouchPhase {
        get { storedPhase }
        set { storedPhase = newValue }
    }
    /// Seconds (the input's monotonic base) of the last event that changed this touch.
    public internal(set) var timestamp: Double {
        get { storedTimestamp }
        set { storedTimestamp = newValue }
    }
    /// Number of taps in quick succession this touch is part of (1 for a lone tap).
    public internal(set) var tapCount: Int {
        get { storedTapCount }
        set { storedTapCount = newValue }
    }
    /// The hit view bound at `began`; nil when no view took the touch.
    public internal(set) var view: View? {
        get { storedView }
        set { storedView = newValue }
    }
    /// The window the touch began in.
    public internal(set) var window: Window? {
        get { storedWindow }
        set { storedWindow = newValue }
    }
    /// Major radius of the contact (wl_touch.shape), 0 when unknown.
    public internal(set) var majorRadius: Double {
        get { storedMajorRadius }
        set { storedMajorRadius = newValue }
    }
    /// Orientation of the contact ellipse in degrees, nil when unknown.
    public internal(set) var orientation: Double? {
        get { storedOrientation }
        set { storedOrientation = newValue }
    }
    /// True when mouse emulation produced this touch.
    public let isEmulated: Bool

    /// Location in the touch's window coordinates.
    public internal(set) var windowLocation: Point {
        get { storedWindowLocation }
        set { storedWindowLocation = newValue }
    }
    /// Location before the latest event, in window coordinates (equal to `windowLocation` when it did not move).
    public internal(set) var previousWindowLocation: Point {
        get { storedPreviousWindowLocation }
        set { storedPreviousWindowLocation = newValue }
    }
    /// This event's motion samples, oldest first, in window coordinates.
    public internal(set) var coalescedWindowLocations: [Point] {
        get { storedCoalescedWindowLocations }
        set { storedCoalescedWindowLocations = newValue }
    }
    /// Each of this event's samples' time (s), parallel to `coalescedWindowLocations`; empty when
    /// every sample has `timestamp`.
    public internal(set) var coalescedTimestamps: [Double] {
        get { storedCoalescedTimestamps }
        set { storedCoalescedTimestamps = newValue }
    }
    /// The touch's recent samples across events, oldest first (what prediction extrapolates from).
    public internal(set) var recentMotion: TouchMotionHistory {
        get { storedRecentMotion }
        set { storedRecentMotion = newValue }
    }

    /// Whether the bound view receives this touch; decided once, when the touch begins.
    var delivery: TouchDelivery = .undecided

    // MARK: Storage

    // Public stored properties of a class can be accessed directly by other modules, so every
    // access to them pays a dynamic exclusivity check (a few dozen per touch per event). Kept
    // private behind the public accessors, the compiler sees every access, proves none overlap
    // and drops the checks (AccessEnforcementWMO); the API and behaviour are unchanged.
    private var storedPhase: TouchPhase
    private var storedTimestamp: Double
    private var storedTapCount: Int
    private var storedView: View?
    private weak var storedWindow: Window?
    private var storedMajorRadius: Double
    private var storedOrientation: Double?
    private var storedWindowLocation: Point
    private var storedPreviousWindowLocation: Point
    private var storedCoalescedWindowLocations: [Point]
    private var storedCoalescedTimestamps: [Double] = []
    private var storedRecentMotion = TouchMotionHistory()

    init(input: TouchInput, serial: UInt64, windowLocation: Point, timestamp: Double, tapCount: Int) {
        id = input.id
        self.serial = serial
        storedPhase = .began
        storedTimestamp = timestamp
        storedTapCount = tapCount
        storedMajorRadius = input.majorRadius
        storedOrientation = input.orientation
        isEmulated = input.isEmulated
        storedWindowLocation = windowLocation
        storedPreviousWindowLocation = windowLocation
        storedCoalescedWindowLocations = [windowLocation]
    }

    /// The location in `view`'s coordinates; nil means the touch's window coordinates.
    public func location(in view: View?) -> Point {
        convert(windowLocation, to: view)
    }

    /// The location before the latest event, in `view`'s coordinates; nil means window coordinates.
    public func previousLocation(in view: View?) -> Point {
        convert(previousWindowLocation, to: view)
    }

    func convert(_ point: Point, to view: View?) -> Point {
        guard let view else { return point }
        guard let window else { return view.convert(point, from: nil) }
        return view.convert(point, from: window)
    }

    /// Touches are equal only to themselves: identity is one finger's life.
    public static func == (a: Touch, b: Touch) -> Bool { a === b }
    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// "Touch(id: ID, PHASE, (X, Y))" in window coordinates, for debugging.
    public var description: String { "Touch(id: \(id), \(phase), \(windowLocation))" }
}

// MARK: - Delivery decision

/// Whether a touch's bound view receives it, decided once when the touch begins.
enum TouchDelivery: Equatable {
    /// Not yet seen by a window's delivery.
    case undecided
    /// The bound view receives every phase of the touch.
    case delivered
    /// The bound view never receives the touch (it stays in `Event.allTouches`).
    case withheld(WithholdReason)
}

/// Why a touch is not delivered to a view; written to the deliveries log.
public enum WithholdReason: String, Sendable, Codable {
    /// The hit view has isMultipleTouchEnabled false and already tracks a touch.
    case multipleTouchDisabled
    /// The exclusive-touch rule (an exclusive view tracks a finger, or one hit while another view tracks one).
    case exclusiveTouch
    /// The application was ignoring interaction events when the touch began.
    case ignoringInteractionEvents
    /// No view was hit.
    case noHitView
    /// A gesture recognizer (or the application) took the touch away from its view.
    case cancelledInView
}

// MARK: - Coalesced samples

/// One sample of a touch: a coalesced motion within an event, or a predicted position.
public struct TouchSample {
    /// The touch this sample belongs to.
    public let touch: Touch
    /// The sample's location in window coordinates.
    public let windowLocation: Point
    /// When the finger was (coalesced: the wl_touch time of its motion) or will be (predicted) there, seconds.
    public let timestamp: Double

    /// Creates a sample of `touch`.
    public init(touch: Touch, windowLocation: Point, timestamp: Double) {
        self.touch = touch
        self.windowLocation = windowLocation
        self.timestamp = timestamp
    }

    /// The sample's location in `view`'s coordinates; nil means window coordinates.
    public func location(in view: View?) -> Point {
        touch.convert(windowLocation, to: view)
    }
}
