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
    public internal(set) var phase: TouchPhase
    /// Seconds (the input's monotonic base) of the last event that changed this touch.
    public internal(set) var timestamp: Double
    /// Number of taps in quick succession this touch is part of (1 for a lone tap).
    public internal(set) var tapCount: Int
    /// The hit view bound at `began`; nil when no view took the touch.
    public internal(set) var view: View?
    /// The window the touch began in.
    public internal(set) weak var window: Window?
    /// Major radius of the contact (wl_touch.shape), 0 when unknown.
    public internal(set) var majorRadius: Double
    /// Orientation of the contact ellipse in degrees, nil when unknown.
    public internal(set) var orientation: Double?
    /// True when mouse emulation produced this touch.
    public let isEmulated: Bool

    /// Location in the touch's window coordinates.
    public internal(set) var windowLocation: Point
    /// Location before the latest event, in window coordinates (equal to `windowLocation` when it did not move).
    public internal(set) var previousWindowLocation: Point
    /// This event's motion samples, oldest first, in window coordinates.
    public internal(set) var coalescedWindowLocations: [Point]

    /// Whether the bound view receives this touch; decided once, when the touch begins.
    var delivery: TouchDelivery = .undecided

    init(input: TouchInput, serial: UInt64, windowLocation: Point, timestamp: Double, tapCount: Int) {
        id = input.id
        self.serial = serial
        phase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        majorRadius = input.majorRadius
        orientation = input.orientation
        isEmulated = input.isEmulated
        self.windowLocation = windowLocation
        previousWindowLocation = windowLocation
        coalescedWindowLocations = [windowLocation]
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

/// One motion sample of a touch within an event.
public struct TouchSample {
    /// The touch this sample belongs to.
    public let touch: Touch
    /// The sample's location in window coordinates.
    public let windowLocation: Point
    /// The event's timestamp (samples within one frame share it).
    public let timestamp: Double

    /// The sample's location in `view`'s coordinates; nil means window coordinates.
    public func location(in view: View?) -> Point {
        touch.convert(windowLocation, to: view)
    }
}
