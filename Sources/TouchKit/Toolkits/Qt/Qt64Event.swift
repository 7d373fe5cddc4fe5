// MARK: - One QTouchEvent as Qt Quick 6.4 delivers it

/// A touch point's state within one Qt touch event (QEventPoint::State).
enum Qt64PointState: Equatable {
    case pressed, updated, stationary, released
}

/// One point of a Qt touch event: every point still down is in every event, unchanged ones as
/// `stationary` (QtWayland's touch_frame carries them over), in the order they were pressed.
struct Qt64Point {
    var id: Int32
    var state: Qt64PointState
    var position: Point
    /// QEventPoint::scenePressPosition.
    var pressPosition: Point
    /// QEventPoint::pressTimestamp, ms.
    var pressTime: Double

    /// QQuickPointerHandlerPrivate::dragOverThreshold(const QEventPoint &): either axis strictly
    /// beyond the drag threshold, measured from the press.
    var isOverDragThreshold: Bool {
        let limit = Qt64Settings.dragThreshold.value
        return abs(position.x - pressPosition.x) > limit || abs(position.y - pressPosition.y) > limit
    }
}

/// One touch event: QtWayland sends one per wl_touch.frame (and one at the last up, which weston
/// sends without a frame), stamped with the wl_touch time of the frame's last timed event.
struct Qt64Event {
    /// QInputEvent::timestamp, ms.
    var time: Double
    var points: [Qt64Point]

    /// QPointerEvent::isBeginEvent: some point was pressed.
    var isBegin: Bool { points.contains { $0.state == .pressed } }
    /// QPointerEvent::isEndEvent: some point was released.
    var isEnd: Bool { points.contains { $0.state == .released } }

    func point(_ id: Int32) -> Qt64Point? { points.first { $0.id == id } }
}

/// The three handlers on the oracle's one item, in the order Qt visits them: QQuickItemPrivate::
/// addPointerHandler prepends, so the last declared (PinchHandler) comes first.
enum Qt64Handler: CaseIterable {
    case pinch, drag, tap

    /// The toolkit's own name for the recognizer.
    var recognizer: String {
        switch self {
        case .pinch: "PinchHandler"
        case .drag: "DragHandler"
        case .tap: "TapHandler"
        }
    }
}

/// QPointingDevice's grab transitions, as QQuickPointerHandler::onGrabChanged receives them.
enum Qt64GrabTransition {
    case grabExclusive, ungrabExclusive, cancelGrabExclusive
    case grabPassive, ungrabPassive, cancelGrabPassive

    var isCancel: Bool { self == .cancelGrabExclusive || self == .cancelGrabPassive }
    var isUngrab: Bool { self != .grabExclusive && self != .grabPassive }
}

/// Who holds a point: at most one exclusive grabber, any number of passive ones (in grab order).
struct Qt64Grabs {
    var exclusive: Qt64Handler?
    var passive: [Qt64Handler] = []

    func holds(_ handler: Qt64Handler) -> Bool { exclusive == handler || passive.contains(handler) }
}
