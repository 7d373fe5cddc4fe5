// MARK: - GtkGestureSwipe's velocity

/// GtkGestureSwipe's event backlog (gtkgestureswipe.c `priv->events`) and the velocity it reports at the end: what
/// GTK's kinetic scrolled window and WebKitGTK's web view both fling with.
struct GTKSwipeBacklog {
    /// `CAPTURE_THRESHOLD_MS`: how far back the backlog reaches, ms.
    let window: Double
    /// (time, x, y), positions truncated to int as GTK stores them.
    private(set) var samples: [(time: Double, x: Int, y: Int)] = []

    /// An empty backlog reaching `window` ms back.
    init(window: Double) {
        self.window = window
    }

    /// _gtk_gesture_swipe_clear_backlog, then the sample at `time` of the point `(x, y)`.
    mutating func append(_ time: Double, x: Double, y: Double) {
        clearBacklog(time)
        samples.append((time, Int(x), Int(y)))
    }

    /// Drops the samples older than the window but the one just before it (GTK's `length = i - 1`).
    mutating func clearBacklog(_ time: Double) {
        guard let first = samples.firstIndex(where: { $0.time >= time - window }) else { return }
        let length = first - 1
        if length > 0 { samples.removeFirst(length) }
    }

    /// gtk_gesture_swipe_end: the last sample, the backlog cleared to `time`, and the vertical velocity (px/s) from
    /// its first sample to its last (0 when they share a time); the backlog is emptied.
    mutating func endVertical(at time: Double, x: Double, y: Double) -> Double {
        append(time, x: x, y: y)
        clearBacklog(time)
        var vy = 0.0
        if let first = samples.first, let end = samples.last, end.time != first.time {
            vy = Double(end.y - first.y) * 1000 / (end.time - first.time)
        }
        samples.removeAll()
        return vy
    }

    /// Forgets every sample (a denied or cancelled touch).
    mutating func reset() {
        samples.removeAll()
    }
}
