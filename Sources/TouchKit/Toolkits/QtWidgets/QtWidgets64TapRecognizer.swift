// MARK: - QTapGestureRecognizer (Qt 6.4)

/// qstandardgestures.cpp QTapGestureRecognizer: a touch begin triggers (the hot spot is the first point); while one
/// point stays within ``QtWidgets64Settings/tapRadius`` of its press every update triggers again and the end
/// finishes; anything else (a second point, a move beyond the radius) cancels. A touch cancel is ignored, so a
/// cancelled tap stays active until the next touch.
struct QtWidgets64TapRecognizer {
    /// The hot spot (the first point's press).
    private(set) var hotSpot: Point?

    mutating func recognize(_ event: QtWidgets64TouchEvent, state: QtWidgets64GestureState) -> QtWidgets64Result {
        switch event.kind {
        case .begin:
            hotSpot = event.points[0].position
            return .trigger
        case .update, .end:
            guard state != .none, event.points.count == 1 else { return .cancel }
            let point = event.points[0]
            guard qtWidgetsManhattan(point.position, point.pressPosition) <= Int(QtWidgets64Settings.tapRadius.value) else {
                return .cancel
            }
            return event.kind == .end ? .finish : .trigger
        case .cancel:
            return .ignore
        }
    }

    mutating func reset() { hotSpot = nil }
}
