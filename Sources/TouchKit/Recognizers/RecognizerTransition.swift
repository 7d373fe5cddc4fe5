// MARK: - Log entry

/// One measured value written with a transition (translation, scale, rotation, velocity…).
public struct RecognizerMeasurement: Hashable, Sendable {
    /// The value's name as the log writes it (e.g. "translationX").
    public var name: String
    /// The value, in the unit its recognizer documents.
    public var value: Double

    /// Creates a measurement.
    public init(_ name: String, _ value: Double) {
        self.name = name
        self.value = value
    }
}

/// One state transition of a gesture recognizer, as the deliveries log records it.
public struct RecognizerTransition: Hashable, Sendable {
    /// Seconds: the event's timestamp, or the clock's time when a timer caused the transition.
    public var timestamp: Double
    /// The recognizer's name.
    public var recognizer: String
    /// The name of the view the recognizer is attached to, nil when detached.
    public var view: String?
    /// The state before.
    public var from: GestureRecognizerState
    /// The state after (equal to `from` for "waiting" and ignored impossible transitions).
    public var to: GestureRecognizerState
    /// Why.
    public var reason: TransitionReason
    /// The recognizer's measured values at the transition, in its documented order.
    public var values: [RecognizerMeasurement]

    /// Creates a transition entry.
    public init(timestamp: Double, recognizer: String, view: String?, from: GestureRecognizerState,
                to: GestureRecognizerState, reason: TransitionReason, values: [RecognizerMeasurement] = []) {
        self.timestamp = timestamp
        self.recognizer = recognizer
        self.view = view
        self.from = from
        self.to = to
        self.reason = reason
        self.values = values
    }

    /// One human-readable line for a live arena trace: "t=1.05 pan@V possible→began (REASON) translationX=12 …".
    public var summary: String {
        let values = values.map { " \($0.name)=\(JSONText.number($0.value))" }.joined()
        return "t=\(JSONText.number(timestamp)) \(recognizer)@\(view ?? "-") \(from.rawValue)→\(to.rawValue) (\(reason))\(values)"
    }

    /// The entry as one JSON object with a fixed key order and deterministic numbers.
    public var jsonLine: String {
        let values = values.map { "\(JSONText.string($0.name)):\(JSONText.number($0.value))" }
        return "{\"kind\":\"transition\",\"t\":\(JSONText.number(timestamp)),"
            + "\"recognizer\":\(JSONText.string(recognizer)),\"view\":\(view.map(JSONText.string) ?? "null"),"
            + "\"from\":\"\(from.rawValue)\",\"to\":\"\(to.rawValue)\","
            + "\"reason\":\(JSONText.string(reason.description)),\"values\":{\(values.joined(separator: ","))}}"
    }
}
