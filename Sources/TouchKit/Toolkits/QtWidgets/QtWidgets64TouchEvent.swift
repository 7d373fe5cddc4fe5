// MARK: - The QTouchEvents QtWayland makes of the frames

/// One QEventPoint as Qt Widgets' recognizers read it (window px; the oracle's window sits at the output's origin,
/// so global and local positions are equal).
struct QtWidgets64Point: Equatable {
    /// QEventPoint::State.
    enum State { case pressed, updated, stationary, released }

    var id: Int32
    var state: State
    var position: Point
    var pressPosition: Point
    /// QEventPoint::lastPosition: see ``QtWidgets64TouchEvents``.
    var lastPosition: Point
}

/// One QTouchEvent (or the touch cancel QtWayland sends on wl_touch.cancel), stamped with its wl_touch time (ms).
struct QtWidgets64TouchEvent {
    enum Kind { case begin, update, end, cancel }

    var kind: Kind
    var time: Double
    /// Every point down in press order, the released ones included (QTouchEvent::points()).
    var points: [QtWidgets64Point]

    /// True when some point was pressed in this event (QTouchEvent::touchPointStates() & Pressed).
    var hasPressedPoint: Bool { points.contains { $0.state == .pressed } }
}

/// Builds QTouchEvents from assembled passes: QtWayland flushes one event per wl_touch.frame (and early where the
/// assembler splits a frame), with every point down; a pass that changes nothing makes no event.
///
/// lastPosition, as measured (QPinchGesture's step scale reads it): a pressed point's is its position, a moved
/// point's its previous position; a stationary or released point keeps the one it had in the previous event, except
/// the point the synthesised mouse follows (the touch begin's first), whose lastPosition is always its previous
/// position on whole px (the synthesised mouse event, which the widget gets on whole px, refreshes it: measured, a
/// two-finger pan in half-pixel steps made pinch steps of 100 / 99.5).
struct QtWidgets64TouchEvents {
    /// Points down after the last event, in press order.
    private(set) var points: [QtWidgets64Point] = []
    /// The point the synthesised mouse follows, while it is down.
    private var mouseSource: Int32?

    /// The event `pass` makes at `time` (ms), or nil.
    mutating func event(for pass: [TouchInput], at time: Double) -> QtWidgets64TouchEvent? {
        if pass.contains(where: { $0.phase == .cancelled }) {
            defer {
                points = []
                mouseSource = nil
            }
            return points.isEmpty ? nil : QtWidgets64TouchEvent(kind: .cancel, time: time, points: points)
        }
        let wasEmpty = points.isEmpty
        var next = points.map { point -> QtWidgets64Point in
            var point = point
            point.state = .stationary
            if point.id == mouseSource { point.lastPosition = Self.whole(point.position) }
            return point
        }
        var changed = false
        for input in pass {
            switch input.phase {
            case .began:
                next.removeAll { $0.id == input.id }
                next.append(QtWidgets64Point(id: input.id, state: .pressed, position: input.location,
                                             pressPosition: input.location, lastPosition: input.location))
                changed = true
            case .moved, .ended:
                guard let index = next.firstIndex(where: { $0.id == input.id }) else { continue }
                if input.phase == .moved, next[index].id != mouseSource { next[index].lastPosition = next[index].position }
                next[index].position = input.location
                next[index].state = input.phase == .moved ? .updated : .released
                changed = true
            case .stationary, .cancelled:
                continue
            }
        }
        guard changed else { return nil }
        if wasEmpty { mouseSource = next.first?.id }
        let allReleased = next.allSatisfy { $0.state == .released }
        points = next.filter { $0.state != .released }
        if let mouseSource, !points.contains(where: { $0.id == mouseSource }) { self.mouseSource = nil }
        let kind: QtWidgets64TouchEvent.Kind = wasEmpty ? .begin : (allReleased ? .end : .update)
        return QtWidgets64TouchEvent(kind: kind, time: time, points: next)
    }
}

extension QtWidgets64TouchEvents {
    /// `point` on whole px (QPointF::toPoint).
    static func whole(_ point: Point) -> Point {
        let (x, y) = qtWidgetsRounded(point)
        return Point(x: Double(x), y: Double(y))
    }
}

/// QPointF::toPoint: each coordinate rounded half away from zero (qRound).
func qtWidgetsRounded(_ point: Point) -> (x: Int, y: Int) {
    func qRound(_ value: Double) -> Int { value >= 0 ? Int((value + 0.5).rounded(.down)) : Int((value - 0.5).rounded(.up)) }
    return (qRound(point.x), qRound(point.y))
}

/// QPoint::manhattanLength of `a - b` on whole px.
func qtWidgetsManhattan(_ a: Point, _ b: Point) -> Int {
    let (ax, ay) = qtWidgetsRounded(a), (bx, by) = qtWidgetsRounded(b)
    return abs(ax - bx) + abs(ay - by)
}
