// MARK: - Long press

/// Recognizes fingers held still for a while (continuous), as UILongPressGestureRecognizer.
///
/// Rule: once `numberOfTouchesRequired` fingers are down, a timer of
/// `minimumPressDuration` starts; it begins when the timer expires with no
/// finger having moved more than `allowableMovement`. It then reports changed
/// on every move (any distance) and ends when a finger lifts. Before beginning
/// it fails on slop, on too many fingers, or when a finger lifts early.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Fingers needed (UIKit default 1).
    public var numberOfTouchesRequired = 1

    private var durationOverride: Double?
    private var movementOverride: Double?

    /// Seconds the fingers must stay down: the profile's long-press time unless set.
    public var minimumPressDuration: Double {
        get { durationOverride ?? profile.longPress.seconds }
        set { durationOverride = newValue }
    }
    /// Points a finger may move before the press fails: the profile's slop unless set.
    public var allowableMovement: Double {
        get { movementOverride ?? profile.slop.value }
        set { movementOverride = newValue }
    }

    private var downLocations: [Touch: Point] = [:]
    private var largestMovement = 0.0
    private var pressStart: Double?
    private var pressTimer: TimerHandle?
    private var heldFor = 0.0

    /// A long press is continuous.
    open override var isContinuous: Bool { true }

    /// Logged: seconds held when the timer started or fired, the largest movement before beginning (points), and the centroid.
    open override var measurements: [RecognizerMeasurement] {
        let point = location(in: nil)
        return [RecognizerMeasurement("held", heldFor), RecognizerMeasurement("movement", largestMovement),
                RecognizerMeasurement("x", point.x), RecognizerMeasurement("y", point.y)]
    }

    // MARK: - Touches

    /// Starts the press timer once the required fingers are down; too many fingers fail.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        for touch in touches { downLocations[touch] = touch.location(in: nil) }
        if numberOfTouches > numberOfTouchesRequired {
            transition(to: .failed, reason: .touchCount(actual: numberOfTouches, required: "\(numberOfTouchesRequired)"))
        } else if numberOfTouches == numberOfTouchesRequired, pressTimer == nil {
            startTimer()
        }
    }

    /// Before beginning, movement beyond the allowance fails; after it, every move is a change.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if state.isActive {
            transition(to: .changed, reason: .moved)
            return
        }
        for touch in touches {
            guard let start = downLocations[touch] else { continue }
            let moved = distance(touch.location(in: nil), start)
            largestMovement = max(largestMovement, moved)
            if moved > allowableMovement {
                transition(to: .failed, reason: .slopExceeded(distance: moved, limit: allowableMovement))
                return
            }
        }
    }

    /// A lift ends a begun press and fails an early one.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state.isActive {
            transition(to: .ended, reason: .touchesLifted)
        } else if state == .possible {
            heldFor = pressStart.map { now - $0 } ?? 0
            transition(to: .failed, reason: .notMet(
                "lifted after \(JSONText.number(heldFor)) s, before \(JSONText.number(minimumPressDuration)) s"))
        }
    }

    /// Forgets the press.
    open override func reset() {
        downLocations.removeAll()
        largestMovement = 0
        pressStart = nil
        pressTimer = nil
        heldFor = 0
    }

    // MARK: - Timer

    private func startTimer() {
        let duration = minimumPressDuration
        pressStart = now
        pressTimer = scheduleTimer(after: duration) { [weak self] in
            guard let self, self.state == .possible else { return }
            self.heldFor = duration
            self.transition(to: .began, reason: .timerExpired("minimum press duration \(JSONText.number(duration)) s"))
        }
    }
}
