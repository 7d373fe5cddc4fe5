// MARK: - GtkGestureSwipe (gtkgestureswipe.c, GTK 4.8)

/// Emits `swipe` with a velocity whenever its recognition ends with no touch left active: every lift of a lone
/// finger, however slow, and (GTK 4.8, measured) a cancel too.
struct GTKSwipeGesture: GTKGestureRecognizer {
    let name = "GtkGestureSwipe"
    var core = GTKGestureCore(nPoints: 1)
    let window: Double
    /// priv->events: (time, x, y) with positions truncated to int as GTK stores them. It is emptied only when a
    /// swipe is emitted, so samples of a gesture that ended without one linger into the next.
    var samples: [(time: Double, x: Int, y: Int)] = []

    init(window: Double) { self.window = window }

    /// _gtk_gesture_swipe_clear_backlog: drops samples older than the window but keeps the one just before it.
    mutating func clearBacklog(_ time: Double) {
        guard let first = samples.firstIndex(where: { $0.time >= time - window }) else { return }
        let length = first - 1
        if length > 0 { samples.removeFirst(length) }
    }

    mutating func append(_ sequence: Int32) {
        guard let point = core.points[sequence] else { return }
        clearBacklog(point.time)
        samples.append((point.time, Int(point.location.x), Int(point.location.y)))
    }

    mutating func updated(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        append(sequence)
        return []
    }

    mutating func ended(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        if let current = core.current, core.points[current]?.denied == true { return [] }
        if core.isActive { return [] }
        var vx = 0.0, vy = 0.0
        if core.points[sequence] != nil {
            append(sequence)
            if let current = core.current, let time = core.points[current]?.time { clearBacklog(time) }
            if let start = samples.first, let end = samples.last, end.time != start.time {
                vx = Double(end.x - start.x) * 1000 / (end.time - start.time)
                vy = Double(end.y - start.y) * 1000 / (end.time - start.time)
            }
        }
        // After a cancel GTK 4.8 reads the removed sequence's point (undefined values); the model says 0.
        samples.removeAll()
        return [ToolkitGesture(kind: .swipe, time: event.time, recognizer: name, vx: vx, vy: vy)]
    }
}
