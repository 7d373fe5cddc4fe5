// MARK: - TapHandler (gesturePolicy DragThreshold, the default)

/// TapHandler's state between events (qquicktaphandler.cpp, qquicksinglepointhandler.cpp).
///
/// It follows one point. Pressing it makes the handler `pressed`, takes a passive grab and starts
/// the long-press timer; releasing it within longPressThreshold (by the events' times) is a tap,
/// counted with the previous tap when the two releases are less than mouseDoubleClickInterval
/// apart and less than touchDoubleTapDistance apart. Moving past the drag threshold on either
/// axis, or a second point in the item, cancels it.
struct Qt64TapState {
    /// The point followed (QQuickSinglePointHandler's pointInfo id), nil when none.
    var pointId: Int32?
    /// m_pressed.
    var pressed = false
    /// When the long-press timer fires (ms on the event clock), nil when stopped.
    var longPressDue: Double?
    /// The press time a long press reports.
    var longPressTime: Double = 0
    /// m_tapCount, m_lastTapTimestamp (ms), m_lastTapPos.
    var count = 0
    var lastTapTime: Double = 0
    var lastTapPosition = Point.zero
}

extension Qt64Model {
    /// QQuickSinglePointHandler::wantsPointerEvent with TapHandler's wantsEventPoint.
    mutating func tapWantsEvent() -> Bool {
        guard let followed = tap.pointId else {
            // The first point no handler holds exclusively and that TapHandler wants.
            for point in event.points where grabs[point.id]?.exclusive == nil {
                if tapWants(point) {
                    tap.pointId = point.id
                    break
                }
            }
            return tap.pointId != nil
        }
        var candidates = 0
        var mine: Qt64Point?
        for point in event.points {
            let isMine = point.id == tap.pointId
            if tapWants(point) {
                candidates += 1
                if isMine { mine = point }
            }
        }
        guard let point = mine else { return false }
        if candidates == 1 { return true }
        // A second point in the item: give the first one up (cancelAllGrabs).
        _ = followed
        cancelAllGrabs(.tap, point)
        return tap.pointId != nil
    }

    /// QQuickTapHandler::wantsEventPoint: moving past the drag threshold stops the long-press
    /// timer and, for the followed point, cancels the tap.
    mutating func tapWants(_ point: Qt64Point) -> Bool {
        let over = point.isOverDragThreshold
        if over { tap.longPressDue = nil }
        let wanted: Bool
        switch point.state {
        case .pressed, .released: wanted = true  // parentContains: the item fills the window
        case .updated: wanted = !over
        case .stationary: wanted = point.id == tap.pointId
        }
        if !wanted, point.id == tap.pointId { setTapPressed(false, cancel: true, point) }
        return wanted
    }

    /// QQuickTapHandler::handleEventPoint, then QQuickSinglePointHandler's, which forgets a released point
    /// (always, with the oracle's `acceptedButtons: Qt.NoButton`; see docs/toolkits/qt-6.4.md).
    mutating func tapHandle() {
        guard let id = tap.pointId, let point = event.point(id) else { return }
        switch point.state {
        case .pressed: setTapPressed(true, cancel: false, point)
        case .released:
            setTapPressed(false, cancel: false, point)
            tap.pointId = nil
        case .updated, .stationary: break
        }
    }

    /// QQuickTapHandler::setPressed: where taps are counted and cancels reported.
    mutating func setTapPressed(_ press: Bool, cancel: Bool, _ point: Qt64Point) {
        guard tap.pressed != press else { return }
        tap.pressed = press
        if press {
            tap.longPressDue = event.time + Qt64Settings.longPress.value
            tap.longPressTime = point.pressTime
            addPassiveGrab(.tap, point)
        } else {
            tap.longPressDue = nil
        }
        if !cancel, !press {
            // point.timeHeld() < longPressThreshold(), both in seconds as Qt compares them.
            if (event.time - point.pressTime) / 1000 < Qt64Settings.longPress.seconds {
                let interval = (event.time - tap.lastTapTime) / 1000
                let dx = point.position.x - tap.lastTapPosition.x, dy = point.position.y - tap.lastTapPosition.y
                let limit = Qt64Settings.touchMultiTapDistance.value
                if interval < Qt64Settings.multiTapInterval.seconds, dx * dx + dy * dy < limit * limit {
                    tap.count += 1
                } else {
                    tap.count = 1
                }
                report(.tap, .tap, count: tap.count, at: point.position)
                tap.lastTapTime = event.time
                tap.lastTapPosition = point.position
            }
        }
        if cancel {
            report(.cancel, .tap)
            tap.pointId = nil
        }
    }

    /// QQuickTapHandler::onGrabChanged over QQuickSinglePointHandler's.
    mutating func tapGrabChanged(_ transition: Qt64GrabTransition, _ point: Qt64Point) {
        if transition.isUngrab {
            if transition.isCancel { report(.cancel, .tap) }
            tap.pointId = nil
        }
        if transition.isCancel || point.state == .released {
            setTapPressed(false, cancel: transition.isCancel, point)
        }
    }
}
