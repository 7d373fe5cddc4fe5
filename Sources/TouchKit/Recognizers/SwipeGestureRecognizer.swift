#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Directions

/// The directions a swipe may go, as UISwipeGestureRecognizer.Direction (y points down).
public struct SwipeDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Towards +x.
    public static let right = SwipeDirection(rawValue: 1 << 0)
    /// Towards -x.
    public static let left = SwipeDirection(rawValue: 1 << 1)
    /// Towards -y.
    public static let up = SwipeDirection(rawValue: 1 << 2)
    /// Towards +y.
    public static let down = SwipeDirection(rawValue: 1 << 3)

    /// The names of the directions in the set, "right|left|up|down" order.
    public var description: String {
        [(Self.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
            .filter { contains($0.0) }.map(\.1).joined(separator: "|")
    }
}

// MARK: - Swipe

/// Recognizes a quick straight stroke in an allowed direction (discrete), as UISwipeGestureRecognizer.
///
/// Rule (Apple documents none; this is Flutter's fling acceptance applied while
/// the fingers move, as UIKit's swipe recognizes before the lift): once
/// `numberOfTouchesRequired` fingers are down, their centroid's movement from
/// where it was then is watched. When the movement along its dominant axis
/// reaches `minimumDistance` (the profile's slop: Flutter's kMinFlingDistance is
/// kTouchSlop), the swipe recognizes if that direction is allowed, the movement
/// across stays within `maximumAngle` of the axis, and the mean speed along it
/// is at least `minimumVelocity` (Flutter's kMinFlingVelocity, 50 points/s);
/// otherwise it fails. It also fails on too many fingers or when they lift first.
/// The mean speed is taken over the time since the stroke started; with no
/// positive elapsed time (dt ≤ 0) the speed test passes rather than divides.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Slowest mean speed along the stroke, points per second: Flutter's kMinFlingVelocity.
    public static let defaultMinimumVelocity = 50.0
    /// Widest angle between the stroke and its axis, radians: 30°, our choice (Apple documents none).
    public static let defaultMaximumAngle = Double.pi / 6

    /// Allowed directions (UIKit default: right).
    public var direction: SwipeDirection = .right
    /// Fingers needed (UIKit default 1).
    public var numberOfTouchesRequired = 1
    /// Slowest mean speed along the stroke (points per second).
    public var minimumVelocity = SwipeGestureRecognizer.defaultMinimumVelocity
    /// Widest angle between the stroke and its axis (radians).
    public var maximumAngle = SwipeGestureRecognizer.defaultMaximumAngle

    private var distanceOverride: Double?

    /// Points the stroke must travel along its axis: the profile's slop unless set.
    public var minimumDistance: Double {
        get { distanceOverride ?? profile.slop.value }
        set { distanceOverride = newValue }
    }

    private var start: (point: Point, time: Double)?
    private var stroke = Point.zero
    private var speed = 0.0

    /// Logged: the stroke (points) and its mean speed along the axis (points per second).
    open override var measurements: [RecognizerMeasurement] {
        [RecognizerMeasurement("dx", stroke.x), RecognizerMeasurement("dy", stroke.y),
         RecognizerMeasurement("speed", speed)]
    }

    // MARK: - Touches

    /// Starts watching once the required fingers are down; too many fingers fail.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > numberOfTouchesRequired {
            transition(to: .failed, reason: .touchCount(actual: numberOfTouches, required: "\(numberOfTouchesRequired)"))
        } else if numberOfTouches == numberOfTouchesRequired, let centroid = windowCentroid(of: trackedTouches) {
            start = (centroid, now)
        }
    }

    /// Decides once the stroke reaches the minimum distance (see the type's rule).
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let start, let centroid = windowCentroid(of: trackedTouches) else { return }
        stroke = Point(x: centroid.x - start.point.x, y: centroid.y - start.point.y)
        let horizontal = abs(stroke.x) >= abs(stroke.y)
        let along = horizontal ? abs(stroke.x) : abs(stroke.y), across = horizontal ? abs(stroke.y) : abs(stroke.x)
        guard along >= minimumDistance else { return }
        let way: SwipeDirection = horizontal ? (stroke.x > 0 ? .right : .left) : (stroke.y > 0 ? .down : .up)
        let elapsed = now - start.time
        speed = elapsed > 0 ? along / elapsed : .infinity
        if !direction.contains(way) {
            transition(to: .failed, reason: .notMet("went \(way), allowed \(direction)"))
        } else if across > along * tan(maximumAngle) {
            transition(to: .failed, reason: .notMet(
                "\(JSONText.number(across)) across for \(JSONText.number(along)) along is off the axis"))
        } else if speed < minimumVelocity {
            transition(to: .failed, reason: .notMet(
                "\(JSONText.number(speed)) points/s is slower than \(JSONText.number(minimumVelocity))"))
        } else {
            transition(to: .recognized, reason: .recognized(
                "\(way) \(JSONText.number(along)) ≥ \(JSONText.number(minimumDistance))"))
        }
    }

    /// A lift before deciding fails.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        transition(to: .failed, reason: start == nil
            ? .touchCount(actual: numberOfTouches, required: "\(numberOfTouchesRequired)")
            : .notMet("lifted before moving \(JSONText.number(minimumDistance))"))
    }

    /// Forgets the stroke.
    open override func reset() {
        start = nil
        stroke = .zero
        speed = 0
    }
}
