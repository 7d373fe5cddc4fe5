// MARK: - A touch's recent samples

/// The latest samples of one touch across events, oldest first: what `TouchPredictor` fits.
///
/// Bounded by age and count, so a long drag costs the same per event as a short one: only the
/// last `span` seconds matter to a prediction, and at most `capacity` samples are kept of them
/// (a touchscreen reports at 60–240 Hz; 32 samples cover 130 ms at 240 Hz).
public struct TouchMotionHistory: Hashable, Sendable {
    /// Samples older than this before the newest are dropped (s).
    public static let span = 0.1
    /// At most this many samples are kept.
    public static let capacity = 32

    /// Sample times (s), oldest first, never decreasing.
    public private(set) var times: [Double] = []
    /// Sample locations (window coordinates), parallel to `times`.
    public private(set) var locations: [Point] = []

    /// An empty history.
    public init() {}

    /// The number of samples kept.
    public var count: Int { times.count }

    /// Adds a sample; a time earlier than the newest (a compositor's clock going back) is taken
    /// as the newest, so times stay ordered.
    public mutating func append(time: Double, location: Point) {
        let ordered = times.last.map { max($0, time) } ?? time
        times.append(ordered)
        locations.append(location)
        var drop = max(0, times.count - Self.capacity)
        while drop < times.count - 1, times[drop] < ordered - Self.span { drop += 1 }
        if drop > 0 {
            times.removeFirst(drop)
            locations.removeFirst(drop)
        }
    }

    /// Forgets every sample.
    public mutating func removeAll() {
        times.removeAll(keepingCapacity: true)
        locations.removeAll(keepingCapacity: true)
    }
}
