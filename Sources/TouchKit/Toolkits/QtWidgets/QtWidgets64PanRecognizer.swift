// MARK: - QPanGestureRecognizer (Qt 6.4)

/// qstandardgestures.cpp QPanGestureRecognizer with ``QtWidgets64Settings/panPointCount`` points: a touch begin
/// waits (may be); an update with at least that many points computes the mean offset of the first ones from their
/// presses and triggers once it exceeds ``QtWidgets64Settings/panThreshold`` on an axis, else waits again (which
/// ends an active pan); fewer points are ignored. The end finishes a pan whose state is not `none` (so also one
/// that an offset back inside the threshold ended) and cancels otherwise. Touch cancel is ignored.
struct QtWidgets64PanRecognizer {
    private var pointCount: Int { QtWidgets64Settings.panPointCount }
    /// QPanGesture::offset.
    private(set) var offset = Point.zero
    /// The hot spot (the first point's press, set on a trigger).
    private(set) var hotSpot: Point?

    mutating func recognize(_ event: QtWidgets64TouchEvent, state: QtWidgets64GestureState) -> QtWidgets64Result {
        switch event.kind {
        case .begin:
            offset = .zero
            return .mayBe
        case .end:
            guard state != .none else { return .cancel }
            if event.points.count == pointCount { offset = meanOffset(event.points) }
            return .finish
        case .update:
            guard event.points.count >= pointCount else { return .ignore }
            offset = meanOffset(event.points)
            let limit = QtWidgets64Settings.panThreshold.value
            guard abs(offset.x) > limit || abs(offset.y) > limit else { return .mayBe }
            hotSpot = event.points[0].pressPosition
            return .trigger
        case .cancel:
            return .ignore
        }
    }

    mutating func reset() {
        offset = .zero
        hotSpot = nil
    }

    /// panOffset(): the mean of position - pressPosition over the first points.
    private func meanOffset(_ points: [QtWidgets64Point]) -> Point {
        let used = points.prefix(pointCount)
        let sum = used.reduce(Point.zero) { Point(x: $0.x + $1.position.x - $1.pressPosition.x, y: $0.y + $1.position.y - $1.pressPosition.y) }
        return Point(x: sum.x / Double(used.count), y: sum.y / Double(used.count))
    }
}
