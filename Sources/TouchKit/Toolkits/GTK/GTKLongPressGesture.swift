// MARK: - GtkGestureLongPress (gtkgesturelongpress.c, GTK 4.8 and 3.24)

/// Fires `pressed` when a touch-down is held long enough without moving past the drag threshold.
struct GTKLongPressGesture: GTKGestureRecognizer {
    let name = "GtkGestureLongPress"
    var core = GTKGestureCore(nPoints: 1)
    let settings: GTKControllerValues
    var deadline: Double?
    var downTime = 0.0
    var origin = Point.zero
    /// priv->cancelled: moved too far; ::check refuses until the gesture ends.
    var cancelledByMotion = false

    init(settings: GTKControllerValues) { self.settings = settings }

    var nextDeadline: Double? { deadline }

    mutating func check() -> Bool { !cancelledByMotion && core.activeCount == core.nPoints }

    mutating func began(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        // The timer starts only on the touch-down itself, not on a re-recognition at a later motion.
        guard let current = core.current, core.points[current]?.lastWasBegin == true,
              let point = core.location(current) else { return [] }
        origin = point
        downTime = event.time
        deadline = event.time + settings.longPressTime
        return []
    }

    mutating func updated(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        guard let point = core.location(sequence) else { return [] }
        let limit = settings.dragThreshold
        // gtk_drag_check_threshold(_double): strictly beyond the threshold on either axis; GTK 3's takes gint, so C
        // truncates both positions toward zero first.
        let (from, to) = settings.wholePixelDragCheck ? (origin.truncated, point.truncated) : (origin, point)
        guard abs(to.x - from.x) > limit || abs(to.y - from.y) > limit else { return [] }
        deadline = nil
        cancelledByMotion = true
        return checkRecognized(sequence, event: event)
    }

    mutating func ended(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        deadline = nil
        cancelledByMotion = false
        return []
    }

    mutating func cancelled(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        ended(sequence, event: event)
    }

    mutating func fireTimers(upTo time: Double) -> [ToolkitGesture] {
        guard let due = deadline, due <= time else { return [] }
        deadline = nil
        let point = core.location(core.current) ?? origin
        // A timer has no event: the gesture carries the time of the touch-down that started it.
        return [ToolkitGesture(kind: .longPress, time: downTime, recognizer: name, x: point.x, y: point.y)]
    }
}

private extension Point {
    /// Both coordinates truncated toward zero, as C converts a double argument to gint.
    var truncated: Point { Point(x: x.rounded(.towardZero), y: y.rounded(.towardZero)) }
}
