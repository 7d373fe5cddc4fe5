// MARK: - What DragHandler and PinchHandler share (QQuickMultiPointHandler)

/// One of the points a multi-point handler works with (QQuickHandlerPoint).
///
/// Its press position is not the QEventPoint's: QQuickHandlerPoint::reset sets it to the point's
/// current position whenever the event has any pressed point, and a handler point created in an
/// event without one keeps (0, 0). PinchHandler's press centroid is made of these.
struct Qt64HandlerPoint {
    var id: Int32
    var pressPosition = Point.zero
}

/// A multi-point handler's state between events.
///
/// It takes the event only while exactly `pointCount` points are down in the item; when that
/// number changes it drops its points and, if active, deactivates (the gesture ends).
struct Qt64MultiPointState {
    /// minimumPointCount = maximumPointCount.
    let pointCount: Int
    var active = false
    /// currentPoints, in the event's order.
    var current: [Qt64HandlerPoint] = []

    init(pointCount: Int) { self.pointCount = pointCount }
}

extension Qt64Model {
    func multiPoint(_ handler: Qt64Handler) -> Qt64MultiPointState {
        handler == .drag ? drag : pinch
    }

    mutating func updateMultiPoint(_ handler: Qt64Handler, _ change: (inout Qt64MultiPointState) -> Void) {
        if handler == .drag { change(&drag) } else { change(&pinch) }
    }

    /// QQuickMultiPointHandler::wantsPointerEvent.
    mutating func multiPointWantsEvent(_ handler: Qt64Handler) -> Bool {
        // eligiblePoints: every point not released (all inside the item). Stealing another
        // handler's exclusive grab is always approved between handlers of different types.
        let candidates = event.points.filter { $0.state != .released }
        let state = multiPoint(handler)
        if candidates.count != state.current.count {
            updateMultiPoint(handler) { $0.current = [] }
            if state.active { setActive(handler, false) }
        } else if hasCurrentPoints(handler) {
            return true
        }
        let wanted = candidates.count == state.pointCount
        let isBegin = event.isBegin
        updateMultiPoint(handler) { state in
            guard wanted else {
                state.current = []
                return
            }
            // currentPoints.resize keeps existing entries; new ones start with a (0, 0) press.
            var points: [Qt64HandlerPoint] = []
            for (index, candidate) in candidates.enumerated() {
                var point = index < state.current.count ? state.current[index] : Qt64HandlerPoint(id: candidate.id)
                point.id = candidate.id
                if isBegin { point.pressPosition = candidate.position }
                points.append(point)
            }
            state.current = points
        }
        return wanted
    }

    /// QQuickMultiPointHandler::hasCurrentPoints: all its points are in the event, none released.
    func hasCurrentPoints(_ handler: Qt64Handler) -> Bool {
        let current = multiPoint(handler).current
        guard !current.isEmpty, event.points.count >= current.count else { return false }
        return current.allSatisfy { mine in event.point(mine.id).map { $0.state != .released } ?? false }
    }

    /// The handler's points as this event carries them, refreshing their press positions as
    /// QQuickMultiPointHandler::handlePointerEventImpl does.
    mutating func refreshCurrentPoints(_ handler: Qt64Handler) -> [(event: Qt64Point, handler: Qt64HandlerPoint)] {
        let current = event
        var state = multiPoint(handler)
        var pairs: [(event: Qt64Point, handler: Qt64HandlerPoint)] = []
        for index in state.current.indices {
            guard let point = current.point(state.current[index].id) else { continue }
            if current.isBegin { state.current[index].pressPosition = point.position }
            pairs.append((point, state.current[index]))
        }
        updateMultiPoint(handler) { $0 = state }
        return pairs
    }

    /// QQuickMultiPointHandler::onGrabChanged over QQuickPointerHandler's.
    mutating func multiPointGrabChanged(_ handler: Qt64Handler, _ transition: Qt64GrabTransition) {
        if transition == .ungrabExclusive || transition == .cancelGrabExclusive {
            updateMultiPoint(handler) { $0.current = [] }
        }
        if transition.isUngrab { setActive(handler, false) }
    }

    /// QQuickPointerHandler::grabPoints: exclusive grabs on all the points, or none.
    mutating func grabPoints(_ handler: Qt64Handler, _ chosen: [Qt64Point]) -> Bool {
        guard !chosen.isEmpty else { return false }
        for point in chosen { setExclusiveGrab(handler, point) }
        return true
    }

    /// QQuickPointerHandler::setActive and the handlers' onActiveChanged: where drags and pinches
    /// begin and end.
    mutating func setActive(_ handler: Qt64Handler, _ on: Bool) {
        guard handler != .tap, multiPoint(handler).active != on else { return }
        updateMultiPoint(handler) { $0.active = on }
        let points = multiPoint(handler).current.compactMap { event.point($0.id) }
        switch (handler, on) {
        case (.drag, true):
            report(.dragBegin, .drag, at: Qt64PinchGeometry.centroid(points.map(\.position)))
        case (.drag, false):
            report(.dragEnd, .drag)
        case (.pinch, true):
            pinchGeometry.start(points)
            report(.pinchBegin, .pinch, at: Qt64PinchGeometry.centroid(points.map(\.position)))
        case (.pinch, false):
            report(.pinchEnd, .pinch, scale: pinchGeometry.activeScale, angle: pinchGeometry.activeRotation)
        default:
            break
        }
    }
}
