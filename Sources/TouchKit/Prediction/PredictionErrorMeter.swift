// MARK: - How far predictions were from the finger

/// One checked prediction: where it put the finger at its time, and where the finger was.
public struct PredictionError: Hashable, Sendable {
    /// The time predicted for (s).
    public var time: Double
    /// Distance between the predicted and the actual position (logical px).
    public var distance: Double
    /// That distance over the finger's speed then (s): how much time the error is worth; nil
    /// when the finger was (nearly) still.
    public var lag: Double?
    /// How far ahead of the last sample the prediction reached (s).
    public var lead: Double
}

/// Checks predictions against the samples that come later: for each touch, the latest
/// prediction made for each target time (the one drawn for that frame) is compared, once a
/// sample at or after its time arrives, with the finger's position then, interpolated between
/// the two samples around it.
///
/// Predictions for a time after the touch lifted are dropped unchecked (the finger was gone).
public struct PredictionErrorMeter: Sendable {
    /// A finger slower than this has no lag figure (logical px/s).
    public static let minimumSpeed = 1.0

    private struct Pending: Sendable {
        var time: Double
        var location: Point
        var lead: Double
    }

    private var pending: [Int32: [Pending]] = [:]
    private var lastSample: [Int32: (time: Double, location: Point)] = [:]
    /// The most recently checked prediction, if any.
    public private(set) var latest: PredictionError?
    /// Predictions checked so far.
    public private(set) var checked = 0

    /// A meter with nothing checked.
    public init() {}

    /// Notes the prediction drawn for touch `id`: `samples` as `Event.predictedTouches(for:)`
    /// gave them (the last, at the frame's time, is what is checked) after a sample at `from`.
    public mutating func predicted(_ samples: [TouchSample], for id: Int32, from: Double) {
        guard let last = samples.last else { return }
        var list = pending[id] ?? []
        list.removeAll { $0.time == last.timestamp }
        list.append(Pending(time: last.timestamp, location: last.windowLocation, lead: last.timestamp - from))
        pending[id] = list
    }

    /// Feeds touch `id`'s new samples (oldest first, window coordinates) and checks the
    /// predictions they reach.
    public mutating func observed(_ samples: [TouchSample], for id: Int32) {
        for sample in samples {
            defer { lastSample[id] = (sample.timestamp, sample.windowLocation) }
            guard let previous = lastSample[id], var list = pending[id], !list.isEmpty else { continue }
            list.sort { $0.time < $1.time }
            while let first = list.first, first.time <= sample.timestamp {
                list.removeFirst()
                guard first.time >= previous.time else { continue }
                let span = sample.timestamp - previous.time
                let f = span > 0 ? (first.time - previous.time) / span : 1
                let actual = Point(x: previous.location.x + (sample.windowLocation.x - previous.location.x) * f,
                                   y: previous.location.y + (sample.windowLocation.y - previous.location.y) * f)
                let dx = first.location.x - actual.x, dy = first.location.y - actual.y
                let distance = (dx * dx + dy * dy).squareRoot()
                let moved = ((sample.windowLocation.x - previous.location.x) * (sample.windowLocation.x - previous.location.x)
                             + (sample.windowLocation.y - previous.location.y) * (sample.windowLocation.y - previous.location.y)).squareRoot()
                let speed = span > 0 ? moved / span : 0
                latest = PredictionError(time: first.time, distance: distance,
                                         lag: speed >= Self.minimumSpeed ? distance / speed : nil, lead: first.lead)
                checked += 1
            }
            pending[id] = list
        }
    }

    /// Touch `id` lifted or was cancelled: its unchecked predictions are dropped.
    public mutating func ended(_ id: Int32) {
        pending[id] = nil
        lastSample[id] = nil
    }

    /// `prediction error D px · L ms (lead H ms)`, or nil before any prediction was checked.
    public var line: String? {
        guard let latest else { return nil }
        let lag = latest.lag.map { " · \(Self.tenths($0 * 1000)) ms" } ?? ""
        return "prediction error \(Self.tenths(latest.distance)) px\(lag) (lead \(Self.tenths(latest.lead * 1000)) ms)"
    }

    private static func tenths(_ value: Double) -> String {
        let scaled = Int((abs(value) * 10).rounded())
        return "\(value < 0 ? "-" : "")\(scaled / 10).\(scaled % 10)"
    }
}
