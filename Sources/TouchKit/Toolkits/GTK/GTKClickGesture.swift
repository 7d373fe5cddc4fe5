// MARK: - GtkGestureClick (gtkgestureclick.c, GTK 4.8) and GtkGestureMultiPress (gtkgesturemultipress.c, GTK 3.24)

/// Counts presses into a series: `pressed(n)` at each touch-down, reported as a tap with count n. GTK 4's
/// GtkGestureClick is GTK 3's GtkGestureMultiPress renamed; both measure the series the same way.
struct GTKClickGesture: GTKGestureRecognizer {
    let name: String
    var core = GTKGestureCore(nPoints: 1)
    let settings: GTKControllerValues
    /// Presses in the current series (priv->n_presses).
    var presses = 0
    /// The series' first press (priv->initial_press_x/y): the press and the motion checks both measure from it.
    var firstPress = Point.zero
    /// When the double-click timer (restarted at every press) ends the series, ms.
    var seriesDeadline: Double?

    init(settings: GTKControllerValues) {
        self.settings = settings
        name = settings.clickName
    }

    var nextDeadline: Double? { seriesDeadline }

    /// gtk_gesture_click_check: one sequence, or a series still open.
    mutating func check() -> Bool { core.activeSequences.count == 1 || seriesDeadline != nil }

    /// _gtk_gesture_click_check_within_threshold: strictly closer than `distance` on both axes to the first press.
    func withinSeries(_ point: Point, distance: Double) -> Bool {
        presses == 0 || (abs(firstPress.x - point.x) < distance && abs(firstPress.y - point.y) < distance)
    }

    /// _gtk_gesture_click_stop: the series ends (GtkGestureClick::stopped).
    mutating func stop() { presses = 0 }

    mutating func began(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        // Only a touch-down presses; a re-recognition on a later motion (an extra finger lifted) does not.
        guard core.handles(sequence), core.points[sequence]?.lastWasBegin == true,
              let point = core.location(core.current) else { return [] }
        seriesDeadline = event.time + settings.doubleClickTime
        if !withinSeries(point, distance: settings.doubleClickDistance) { stop() }
        let count = presses + 1
        if presses == 0 { firstPress = point }
        presses += 1
        return [ToolkitGesture(kind: .tap, time: event.time, recognizer: name, count: count, x: point.x, y: point.y)]
    }

    mutating func updated(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        // GTK 4.8 and 3.24 measure motion with gtk-double-click-distance too (later GTK uses gtk-dnd-drag-threshold
        // here); measured: a second press that moves 5 px ends the series.
        if let point = core.location(core.current), !withinSeries(point, distance: settings.doubleClickDistance) {
            stop()
        }
        return []
    }

    mutating func cancelled(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        stop()
        return []
    }

    mutating func fireTimers(upTo time: Double) -> [ToolkitGesture] {
        if let deadline = seriesDeadline, deadline <= time {
            seriesDeadline = nil
            stop()
        }
        return []
    }
}
