// MARK: - QPinchGestureRecognizer (Qt 6.4)

/// qstandardgestures.cpp QPinchGestureRecognizer: every update with exactly two points triggers (the first of a
/// sequence with scale 1; later ones multiply the total scale by the step line / last line, unless the step lies
/// outside ``QtWidgets64Settings/pinchStepScale``, which ignores the event); an update with another count finishes an
/// active pinch and starts a new sequence; the end finishes an active pinch and cancels otherwise.
struct QtWidgets64PinchRecognizer {
    private var isNewSequence = true
    /// QPinchGesture::totalScaleFactor and totalRotationAngle (degrees).
    private(set) var totalScale = 1.0
    private(set) var totalRotation = 0.0
    private var rotation = 0.0
    /// The hot spot (the first point).
    private(set) var hotSpot: Point?

    mutating func recognize(_ event: QtWidgets64TouchEvent, state: QtWidgets64GestureState) -> QtWidgets64Result {
        switch event.kind {
        case .begin:
            return .mayBe
        case .end:
            return state != .none ? .finish : .cancel
        case .update:
            guard event.points.count == 2 else {
                isNewSequence = true
                return state == .none ? .ignore : .finish
            }
            let (p1, p2) = (event.points[0], event.points[1])
            hotSpot = p1.position
            var step = 1.0
            if !isNewSequence {
                step = Self.length(p1.position, p2.position) / Self.length(p1.lastPosition, p2.lastPosition)
                if step > QtWidgets64Settings.pinchStepScale.max || step < QtWidgets64Settings.pinchStepScale.min { return .ignore }
            }
            totalScale *= step
            let lastRotation = isNewSequence ? 0 : rotation
            rotation = Self.angle(p1.pressPosition, p2.pressPosition) - Self.angle(p1.position, p2.position)
            totalRotation += rotation - lastRotation
            isNewSequence = false
            return .trigger
        case .cancel:
            return .ignore
        }
    }

    mutating func reset() {
        isNewSequence = true
        totalScale = 1
        totalRotation = 0
        rotation = 0
        hotSpot = nil
    }

    private static func length(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }

    /// QLineF::angle() in (-180, 180] as the recognizer folds it.
    static func angle(_ a: Point, _ b: Point) -> Double {
        let theta = atan2Degrees(-(b.y - a.y), b.x - a.x)
        var normalized = theta < 0 ? theta + 360 : theta
        if abs(normalized - 360) < 1e-12 { normalized = 0 }
        return normalized > 180 ? normalized - 360 : normalized
    }
}
