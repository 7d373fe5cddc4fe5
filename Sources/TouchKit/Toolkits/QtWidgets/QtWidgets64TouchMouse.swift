// MARK: - The mouse Qt 6.4 synthesises from unaccepted touch events

/// AA_SynthesizeMouseForUnhandledTouchEvents in Qt 6.4 (QGuiApplicationPrivate::processTouchEvent and
/// processMouseEvent), as measured on Debian's 6.4.2: the first point of a touch begin drives a left-button mouse
/// until it lifts or the touch is cancelled (then the release comes at its last position); other points never move
/// it. A press where the cursor is not (the cursor was elsewhere) is preceded by a move from the core pointer,
/// which ends any double-click series; so does a move from the touch screen beyond
/// ``QtWidgets64Settings/touchDoubleTapDistance`` from the press. A press that continues a series is delivered as
/// MouseButtonDblClick only (qwidgetwindow.cpp suppresses the press, QTBUG-25831) and ends the series.
struct QtWidgets64TouchMouse {
    /// The mouse event to report.
    enum Event {
        case press(Point), doubleClick(Point), move(Point), release(Point)
    }

    private var primary: Int32?
    /// QGuiApplicationPrivate::lastCursorPosition.
    private var cursor: Point?
    /// mousePressButton == Qt::LeftButton: the next press continues the series.
    private var armed = false
    private var pressPosition = Point.zero

    mutating func handle(_ event: QtWidgets64TouchEvent) -> [Event] {
        switch event.kind {
        case .begin:
            guard let first = event.points.first else { return [] }
            primary = first.id
            var out: [Event] = []
            if cursor != first.position { armed = false }  // the core pointer's move first
            cursor = first.position
            pressPosition = first.position
            out.append(armed ? .doubleClick(first.position) : .press(first.position))
            armed = !armed
            if first.state == .released { out += release(at: first.position) }
            return out
        case .update, .end:
            guard let primary, let point = event.points.first(where: { $0.id == primary }) else { return [] }
            switch point.state {
            case .updated:
                guard point.position != cursor else { return [] }
                cursor = point.position
                let limit = QtWidgets64Settings.touchDoubleTapDistance.value
                if abs(point.position.x - pressPosition.x) > limit || abs(point.position.y - pressPosition.y) > limit { armed = false }
                return [.move(point.position)]
            case .released:
                return release(at: point.position)
            case .pressed, .stationary:
                return []
            }
        case .cancel:
            guard primary != nil, let cursor else { return [] }
            return release(at: cursor)
        }
    }

    private mutating func release(at position: Point) -> [Event] {
        primary = nil
        if position != cursor {
            // The core pointer's move to the release position comes first (not reported) and ends the series.
            armed = false
            cursor = position
        }
        return [.release(position)]
    }
}
