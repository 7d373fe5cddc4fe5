// MARK: - QTapAndHoldGestureRecognizer (Qt 6.4)

/// qstandardgestures.cpp QTapAndHoldGestureRecognizer: a touch begin or mouse press (re)starts a
/// ``QtWidgets64Settings/holdTimeout`` timer and waits (may be); the timer finishes the gesture. One point within
/// ``QtWidgets64Settings/holdRadius`` of its press (a mouse move within it of the mouse press) keeps waiting; a second
/// point, a move beyond, a touch end or a mouse release cancels, which stops the timer. Touch cancel is ignored.
struct QtWidgets64TapAndHoldRecognizer {
    /// The hot spot: the last press.
    private(set) var hotSpot: Point?
    /// When the timer fires (ms on the wl_touch clock), while it runs.
    private(set) var due: Double?
    /// The press that started the timer (ms): a long press carries its time.
    private(set) var pressTime: Double?

    private var radius: Int { Int(QtWidgets64Settings.holdRadius.value) }

    mutating func recognize(_ event: QtWidgets64TouchEvent, state: QtWidgets64GestureState) -> QtWidgets64Result {
        switch event.kind {
        case .begin:
            start(at: event.points[0].pressPosition, time: event.time)
            return .mayBe
        case .end:
            return .cancel
        case .update:
            if due != nil, event.points.count == 1,
               qtWidgetsManhattan(event.points[0].position, event.points[0].pressPosition) <= radius {
                return .mayBe
            }
            return .cancel
        case .cancel:
            return .ignore
        }
    }

    mutating func mousePress(at position: Point, time: Double) -> QtWidgets64Result {
        start(at: position, time: time)
        return .mayBe
    }

    mutating func mouseMove(to position: Point) -> QtWidgets64Result {
        guard due != nil, let hotSpot, qtWidgetsManhattan(position, hotSpot) <= radius else { return .cancel }
        return .mayBe
    }

    func mouseRelease() -> QtWidgets64Result { .cancel }

    /// The timer event: finishes (with ConsumeEventHint) and stops the timer.
    mutating func timerFired() -> QtWidgets64Result {
        due = nil
        return .finish
    }

    mutating func reset() {
        hotSpot = nil
        due = nil
    }

    private mutating func start(at position: Point, time: Double) {
        hotSpot = position
        due = time + QtWidgets64Settings.holdTimeout.value
        pressTime = time
    }
}
