// MARK: - Velocity

/// Estimates how fast a 2-D value changes from timed samples (points per second, scale per second…).
///
/// Rule: the velocity is the change from the oldest sample within `horizon`
/// seconds of the newest one to the newest, divided by their time difference;
/// when that difference is not positive the velocity is zero (dt ≤ 0 never
/// divides). A sample at the newest sample's time replaces it; an older one
/// (time going back) restarts the history. Timestamps arrive as unwrapped
/// seconds (frame assembly corrects the 32-bit millisecond wrap), so a wrap
/// shows up here at most as time going back, which restarts the estimate.
struct VelocityTracker {
    /// Seconds of history used: Flutter's VelocityTracker horizon (`_horizonMilliseconds = 100`).
    static let horizon = 0.1
    /// Samples kept at most (a frame every 8 ms fills the horizon with 13).
    static let capacity = 20

    private var samples: [(time: Double, x: Double, y: Double)] = []

    /// Adds the value (x, y) at `time` seconds.
    mutating func add(time: Double, x: Double, y: Double) {
        guard time.isFinite, x.isFinite, y.isFinite else { return }
        if let last = samples.last {
            if time == last.time {
                samples.removeLast()
            } else if time < last.time {
                samples.removeAll()
            }
        }
        samples.append((time, x, y))
        samples.removeAll { time - $0.time > Self.horizon }
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// The rate of change of (x, y) per second; zero without two samples at different times.
    var velocity: Point {
        guard let newest = samples.last, let oldest = samples.first else { return .zero }
        let dt = newest.time - oldest.time
        guard dt > 0 else { return .zero }
        return Point(x: (newest.x - oldest.x) / dt, y: (newest.y - oldest.y) / dt)
    }

    /// Forgets every sample.
    mutating func removeAll() { samples.removeAll() }
}
