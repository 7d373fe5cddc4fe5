// MARK: - QSwipeGestureRecognizer (Qt 6.4)

/// qstandardgestures.cpp QSwipeGestureRecognizer: a touch begin waits; with exactly three points the mean move from
/// the last reference positions (whole px, truncated) triggers beyond ``QtWidgets64Settings/swipeMoveThreshold`` on
/// an axis (the references move to the points; a reversal beyond ``QtWidgets64Settings/swipeDirectionChange`` on an
/// axis cancels), else updates an active swipe or waits; a fourth point cancels; after three points were reached,
/// fewer points cancel only when one was just pressed. The end finishes an active swipe and cancels otherwise.
struct QtWidgets64SwipeRecognizer {
    private enum Phase { case none, started, threePointsReached }
    private enum Direction { case none, negative, positive }

    private var phase = Phase.none
    private var references: [(x: Int, y: Int)]?
    private var horizontal = Direction.none
    private var vertical = Direction.none
    /// QSwipeGesture::swipeAngle (degrees, QLineF::angle of the first point's press to its position).
    private(set) var angle = 0.0
    private(set) var hotSpot: Point?

    mutating func recognize(_ event: QtWidgets64TouchEvent, state: QtWidgets64GestureState) -> QtWidgets64Result {
        switch event.kind {
        case .begin:
            phase = .started
            return .mayBe
        case .end:
            return state != .none ? .finish : .cancel
        case .cancel:
            return .ignore
        case .update:
            guard phase != .none else { return .cancel }
            if event.points.count > 3 { return .cancel }
            if event.points.count < 3 {
                guard phase == .threePointsReached else { return .ignore }
                return event.hasPressedPoint ? .cancel : .ignore
            }
            return threePoints(event.points, state: state)
        }
    }

    private mutating func threePoints(_ points: [QtWidgets64Point], state: QtWidgets64GestureState) -> QtWidgets64Result {
        phase = .threePointsReached
        let reference = references ?? points.map { qtWidgetsRounded($0.pressPosition) }
        references = reference
        hotSpot = points[0].position
        // (sum of differences) / 3 in qreal, converted to int (truncated).
        let dx = Int((0..<3).reduce(0.0) { $0 + points[$1].position.x - Double(reference[$1].x) } / 3)
        let dy = Int((0..<3).reduce(0.0) { $0 + points[$1].position.y - Double(reference[$1].y) } / 3)
        let degrees = QtWidgets64PinchRecognizer.angle(points[0].pressPosition, points[0].position)
        angle = degrees < 0 ? degrees + 360 : degrees
        let move = Int(QtWidgets64Settings.swipeMoveThreshold.value), change = Int(QtWidgets64Settings.swipeDirectionChange.value)
        guard abs(dx) > move || abs(dy) > move else { return state != .none ? .trigger : .mayBe }
        references = points.map { qtWidgetsRounded($0.position) }
        var result = QtWidgets64Result.trigger
        if vertical == .none || abs(dy) > change {
            let now: Direction = dy > 0 ? .positive : .negative
            if vertical != .none && vertical != now { result = .cancel }
            vertical = now
        }
        if horizontal == .none || abs(dx) > change {
            let now: Direction = dx > 0 ? .positive : .negative
            if horizontal != .none && horizontal != now { result = .cancel }
            horizontal = now
        }
        return result
    }

    mutating func reset() {
        phase = .none
        references = nil
        horizontal = .none
        vertical = .none
        angle = 0
        hotSpot = nil
    }
}
