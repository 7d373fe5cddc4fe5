// MARK: - Pan

/// Recognizes dragging fingers (continuous), as UIPanGestureRecognizer.
///
/// Rule: it begins once between `minimumNumberOfTouches` and
/// `maximumNumberOfTouches` fingers are down and their centroid has moved
/// `startDistance` from where it started; it reports changed on every move and
/// ends when fewer than the minimum remain. Translation is measured from the
/// centroid's start (fingers landing or lifting shift the start so the
/// translation does not jump). Before beginning it fails on too many fingers
/// or when the fingers lift first.
open class PanGestureRecognizer: GestureRecognizer {
    /// Fewest fingers that pan (UIKit default 1).
    public var minimumNumberOfTouches = 1
    /// Most fingers that pan (UIKit default: unlimited).
    public var maximumNumberOfTouches = Int.max

    private var startOverride: Double?

    /// Points the centroid must move before the pan begins: the profile's pan start unless set.
    public var startDistance: Double {
        get { startOverride ?? profile.panStart.value }
        set { startOverride = newValue }
    }

    private var origin: Point?
    private var offset = Point.zero
    private var tracker = VelocityTracker()

    /// A pan is continuous.
    open override var isContinuous: Bool { true }

    /// Logged: translation and velocity in window coordinates (points, points per second).
    open override var measurements: [RecognizerMeasurement] {
        let translation = translation(in: nil), velocity = velocity(in: nil)
        return [RecognizerMeasurement("translationX", translation.x), RecognizerMeasurement("translationY", translation.y),
                RecognizerMeasurement("velocityX", velocity.x), RecognizerMeasurement("velocityY", velocity.y)]
    }

    // MARK: - Values

    /// The centroid's movement since the start, in `view`'s coordinates (nil: window), as UIKit.
    public func translation(in view: View?) -> Point {
        let raw = rawTranslation() ?? .zero
        return convertVectorFromWindow(Point(x: raw.x + offset.x, y: raw.y + offset.y), to: view)
    }

    /// Makes the current translation read `translation` in `view`'s coordinates (velocity is unaffected).
    public func setTranslation(_ translation: Point, in view: View?) {
        let wanted = convertVectorToWindow(translation, from: view)
        let raw = rawTranslation() ?? .zero
        offset = Point(x: wanted.x - raw.x, y: wanted.y - raw.y)
    }

    /// The centroid's velocity in `view`'s coordinates (points per second; nil: window).
    public func velocity(in view: View?) -> Point {
        convertVectorFromWindow(tracker.velocity, to: view)
    }

    private func rawTranslation() -> Point? {
        guard let origin, let centroid = windowCentroid(of: trackedTouches) else { return nil }
        return Point(x: centroid.x - origin.x, y: centroid.y - origin.y)
    }

    private func sample() {
        guard let raw = rawTranslation() else { return }
        tracker.add(time: now, x: raw.x, y: raw.y)
    }

    /// Moves the start by the centroid's jump when the set of fingers changes from `old` to `new`.
    private func rebase(from old: [Touch], to new: [Touch]) {
        guard let before = windowCentroid(of: old), let after = windowCentroid(of: new), let start = origin else { return }
        origin = Point(x: start.x + after.x - before.x, y: start.y + after.y - before.y)
    }

    // MARK: - Touches

    /// Sets the start, or shifts it so the translation does not jump; too many fingers fail before beginning.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if origin == nil {
            origin = windowCentroid(of: trackedTouches)
        } else {
            rebase(from: trackedTouches.filter { !touches.contains($0) }, to: trackedTouches)
        }
        if state == .possible, numberOfTouches > maximumNumberOfTouches {
            transition(to: .failed, reason: .touchCount(actual: numberOfTouches, required: "at most \(maximumNumberOfTouches)"))
            return
        }
        sample()
    }

    /// Begins past the start distance, then reports every move as a change.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        sample()
        if state.isActive {
            transition(to: .changed, reason: .moved)
            return
        }
        let moved = distance(rawTranslation() ?? .zero, .zero)
        guard numberOfTouches >= minimumNumberOfTouches, numberOfTouches <= maximumNumberOfTouches,
              moved >= startDistance else { return }
        transition(to: .began, reason: .recognized(
            "moved \(JSONText.number(moved)) ≥ \(JSONText.number(startDistance))"))
    }

    /// Ends when fewer than the minimum remain; fails when all lift before beginning.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        sample()
        let remaining = trackedTouches.filter { !touches.contains($0) }
        if state.isActive, remaining.count < minimumNumberOfTouches {
            transition(to: .ended, reason: .touchesLifted)
        } else if state == .possible, remaining.isEmpty {
            transition(to: .failed, reason: .notMet("lifted before moving \(JSONText.number(startDistance))"))
        } else {
            rebase(from: trackedTouches, to: remaining)
        }
    }

    /// Forgets the start, the offset and the velocity samples.
    open override func reset() {
        origin = nil
        offset = .zero
        tracker.removeAll()
    }
}
