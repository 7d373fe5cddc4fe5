// MARK: - Tap

/// Recognizes one or more taps of one or more fingers (discrete), as UITapGestureRecognizer.
///
/// Rule: each tap's fingers go down and lift without moving further than
/// `allowableMovement` from where they went down; the next tap goes down within
/// `multiTapInterval` of the previous tap's lift and within `multiTapDistance`
/// of the first tap. It recognizes when the last finger of tap
/// `numberOfTapsRequired` lifts; it fails on slop, on a wrong finger count, on
/// a far next tap, or when the multi-tap interval expires first.
open class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed (UIKit default 1).
    public var numberOfTapsRequired = 1
    /// Fingers needed in each tap (UIKit default 1).
    public var numberOfTouchesRequired = 1

    private var movementOverride: Double?
    private var intervalOverride: Double?
    private var distanceOverride: Double?

    /// Points a finger may move before the tap fails: the profile's slop unless set.
    public var allowableMovement: Double {
        get { movementOverride ?? profile.slop.value }
        set { movementOverride = newValue }
    }
    /// Seconds from a tap's lift to the next tap's down: the profile's multi-tap interval unless set.
    public var multiTapInterval: Double {
        get { intervalOverride ?? profile.multiTapInterval.seconds }
        set { intervalOverride = newValue }
    }
    /// Points from the first tap within which later taps must go down: the profile's multi-tap distance unless set.
    public var multiTapDistance: Double {
        get { distanceOverride ?? profile.multiTapDistance.value }
        set { distanceOverride = newValue }
    }

    private var tapsCompleted = 0
    private var fingersThisTap = 0
    private var liftedThisTap = 0
    private var firstDown: Point?
    private var downLocations: [Touch: Point] = [:]
    private var largestMovement = 0.0
    private var intervalTimer: TimerHandle?

    /// Taps completed so far in this gesture.
    public var numberOfTapsCompleted: Int { tapsCompleted }

    /// Logged: taps completed and the largest finger movement (points).
    open override var measurements: [RecognizerMeasurement] {
        [RecognizerMeasurement("taps", Double(tapsCompleted)), RecognizerMeasurement("movement", largestMovement)]
    }

    // MARK: - Touches

    /// Stops the multi-tap timer; a far next tap or too many fingers fail.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        cancelTimer(intervalTimer)
        intervalTimer = nil
        for touch in touches.sorted(by: { $0.serial < $1.serial }) {
            let point = touch.location(in: nil)
            downLocations[touch] = point
            if let first = firstDown, tapsCompleted > 0, distance(point, first) > multiTapDistance {
                transition(to: .failed, reason: .notMet(
                    "tap \(tapsCompleted + 1) went down \(JSONText.number(distance(point, first))) from the first, "
                        + "more than \(JSONText.number(multiTapDistance))"))
                return
            }
            if firstDown == nil { firstDown = point }
        }
        fingersThisTap += touches.count
        if fingersThisTap > numberOfTouchesRequired || liftedThisTap > 0 {
            transition(to: .failed, reason: .touchCount(actual: fingersThisTap, required: "\(numberOfTouchesRequired)"))
        }
    }

    /// Movement beyond the allowance fails.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        checkSlop(touches)
    }

    /// Counts a tap when its last finger lifts: recognizes at the required count, else waits the multi-tap interval.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard checkSlop(touches) else { return }
        liftedThisTap += touches.count
        if fingersThisTap < numberOfTouchesRequired {
            transition(to: .failed, reason: .touchCount(actual: fingersThisTap, required: "\(numberOfTouchesRequired)"))
            return
        }
        guard liftedThisTap == fingersThisTap else { return }
        tapsCompleted += 1
        fingersThisTap = 0
        liftedThisTap = 0
        if tapsCompleted >= numberOfTapsRequired {
            transition(to: .recognized, reason: .recognized("\(tapsCompleted) tap(s) of \(numberOfTouchesRequired) finger(s)"))
        } else {
            let interval = multiTapInterval
            intervalTimer = scheduleTimer(after: interval) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.transition(to: .failed, reason: .timerExpired(
                    "multi-tap interval \(JSONText.number(interval)) s before tap \(self.tapsCompleted + 1)"))
            }
        }
    }

    /// Forgets the taps so far.
    open override func reset() {
        tapsCompleted = 0
        fingersThisTap = 0
        liftedThisTap = 0
        firstDown = nil
        downLocations.removeAll()
        largestMovement = 0
        intervalTimer = nil
    }

    // MARK: - Rules

    /// Fails the tap when a finger moved beyond `allowableMovement`; returns false then.
    @discardableResult
    private func checkSlop(_ touches: Set<Touch>) -> Bool {
        guard state == .possible else { return false }
        for touch in touches {
            guard let start = downLocations[touch] else { continue }
            let moved = distance(touch.location(in: nil), start)
            largestMovement = max(largestMovement, moved)
            if moved > allowableMovement {
                transition(to: .failed, reason: .slopExceeded(distance: moved, limit: allowableMovement))
                return false
            }
        }
        return true
    }
}

/// Euclidean distance between two points.
func distance(_ a: Point, _ b: Point) -> Double {
    let dx = a.x - b.x, dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
}
