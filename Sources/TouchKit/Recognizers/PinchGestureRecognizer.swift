// MARK: - Pinch

/// Recognizes two fingers moving apart or together (continuous), as UIPinchGestureRecognizer.
///
/// Rule: with two fingers down, the span is their distance (further fingers are
/// ignored); the pinch begins once the span has changed by `startDistance`
/// points since the second finger landed, reports changed on every move, and
/// ends when fewer than two fingers remain. `scale` is the span over the span
/// when the second finger landed; `velocity` is scale per second. Before
/// beginning it fails when the fingers lift first.
open class PinchGestureRecognizer: GestureRecognizer {
    /// Fingers a pinch uses.
    public static let fingers = 2

    private var startOverride: Double?

    /// Points the span must change before the pinch begins: the profile's slop unless set.
    public var startDistance: Double {
        get { startOverride ?? profile.slop.value }
        set { startOverride = newValue }
    }

    private var initialSpan: Double?
    private var scaleBase = 1.0
    private var tracker = VelocityTracker()

    /// The span relative to its value when the second finger landed (settable, as UIKit).
    public var scale: Double {
        get {
            guard let initialSpan, initialSpan > 0, let span = currentSpan() else { return scaleBase }
            return scaleBase * span / initialSpan
        }
        set {
            scaleBase = newValue
            initialSpan = currentSpan() ?? initialSpan
        }
    }

    /// Scale per second.
    public var velocity: Double { tracker.velocity.x }

    /// A pinch is continuous.
    open override var isContinuous: Bool { true }

    /// Logged: scale, velocity (scale per second) and span (points).
    open override var measurements: [RecognizerMeasurement] {
        [RecognizerMeasurement("scale", scale), RecognizerMeasurement("velocity", velocity),
         RecognizerMeasurement("span", currentSpan() ?? 0)]
    }

    /// The distance between the first two tracked fingers (window coordinates).
    private func currentSpan() -> Double? {
        guard trackedTouches.count >= Self.fingers else { return nil }
        return distance(trackedTouches[0].windowLocation, trackedTouches[1].windowLocation)
    }

    // MARK: - Touches

    /// Takes the span when the second finger lands.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if initialSpan == nil, let span = currentSpan() {
            initialSpan = span
            tracker.add(time: now, x: scale, y: 0)
        }
    }

    /// Begins once the span changed by the start distance, then reports every move as a change.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let initialSpan, let span = currentSpan() else { return }
        guard initialSpan > 0 else {
            // Two fingers landed on one spot: measure from the first span that is not zero.
            self.initialSpan = span
            return
        }
        tracker.add(time: now, x: scale, y: 0)
        if state.isActive {
            transition(to: .changed, reason: .moved)
        } else if abs(span - initialSpan) >= startDistance {
            transition(to: .began, reason: .recognized(
                "span changed \(JSONText.number(abs(span - initialSpan))) ≥ \(JSONText.number(startDistance))"))
        }
    }

    /// Carries the scale to a new pair, ends a begun pinch, fails an unbegun one when all lift.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        let remaining = trackedTouches.filter { !touches.contains($0) }
        if remaining.count >= Self.fingers {
            // The pair changed: carry the scale over to the new pair.
            scaleBase = scale
            initialSpan = distance(remaining[0].windowLocation, remaining[1].windowLocation)
        } else if state.isActive {
            transition(to: .ended, reason: .touchesLifted)
        } else if state == .possible, remaining.isEmpty {
            transition(to: .failed, reason: initialSpan == nil
                ? .touchCount(actual: 1, required: "\(Self.fingers)")
                : .notMet("lifted before the span changed \(JSONText.number(startDistance))"))
        }
    }

    /// Forgets the span, the scale and the velocity samples.
    open override func reset() {
        initialSpan = nil
        scaleBase = 1
        tracker.removeAll()
    }
}
