// MARK: - Entries

/// One touch as a responder call saw it.
public struct LoggedTouch: Hashable, Sendable {
    /// The compositor's touch id.
    public var id: Int32
    /// The touch's phase in the event.
    public var phase: TouchPhase
    /// Location in the receiving responder's coordinates (window coordinates for non-views).
    public var location: Point
    /// The touch's tap count.
    public var tapCount: Int

    /// Creates a logged touch.
    public init(id: Int32, phase: TouchPhase, location: Point, tapCount: Int) {
        self.id = id
        self.phase = phase
        self.location = location
        self.tapCount = tapCount
    }
}

/// One call of a responder's touch method.
public struct ResponderCall: Hashable, Sendable {
    /// The event's timestamp in seconds.
    public var timestamp: Double
    /// The responder's name.
    public var responder: String
    /// Which touch method was called.
    public var method: TouchMethod
    /// The touches passed, sorted by id.
    public var touches: [LoggedTouch]

    /// Creates a call entry.
    public init(timestamp: Double, responder: String, method: TouchMethod, touches: [LoggedTouch]) {
        self.timestamp = timestamp
        self.responder = responder
        self.method = method
        self.touches = touches
    }
}

/// A touch that its hit view will never receive, and why.
public struct WithheldTouch: Hashable, Sendable {
    /// The event's timestamp in seconds.
    public var timestamp: Double
    /// The compositor's touch id.
    public var id: Int32
    /// The hit view's name, nil when there was none (or the touch was dropped before hit testing).
    public var view: String?
    /// Why the touch is withheld.
    public var reason: WithholdReason
    /// Location in window coordinates.
    public var location: Point

    /// Creates a withheld-touch entry.
    public init(timestamp: Double, id: Int32, view: String?, reason: WithholdReason, location: Point) {
        self.timestamp = timestamp
        self.id = id
        self.view = view
        self.reason = reason
        self.location = location
    }
}

/// One line of the deliveries log: a responder call, a withheld touch or a recognizer transition.
public enum DeliveryEntry: Hashable, Sendable {
    /// A responder's touch method was called (directly by TouchKit or by forwarding).
    case call(ResponderCall)
    /// A touch was refused to its view when it began.
    case withheld(WithheldTouch)
    /// A gesture recognizer changed state (or logged why it did not).
    case transition(RecognizerTransition)

    /// The entry as one JSON object with a fixed key order and deterministic numbers.
    public var jsonLine: String {
        switch self {
        case .call(let call):
            let touches = call.touches.map { touch in
                "{\"id\":\(touch.id),\"phase\":\(JSONText.string(touch.phase.rawValue)),"
                    + "\"x\":\(JSONText.number(touch.location.x)),\"y\":\(JSONText.number(touch.location.y)),"
                    + "\"tapCount\":\(touch.tapCount)}"
            }
            return "{\"kind\":\"call\",\"t\":\(JSONText.number(call.timestamp)),"
                + "\"responder\":\(JSONText.string(call.responder)),\"method\":\"\(call.method.rawValue)\","
                + "\"touches\":[\(touches.joined(separator: ","))]}"
        case .withheld(let entry):
            return "{\"kind\":\"withheld\",\"t\":\(JSONText.number(entry.timestamp)),\"id\":\(entry.id),"
                + "\"view\":\(entry.view.map(JSONText.string) ?? "null"),"
                + "\"reason\":\"\(entry.reason.rawValue)\","
                + "\"x\":\(JSONText.number(entry.location.x)),\"y\":\(JSONText.number(entry.location.y))}"
        case .transition(let transition):
            return transition.jsonLine
        }
    }
}

// MARK: - Recorder

/// Collects the deliveries log: one entry per responder call or withheld touch, in order.
///
/// Two runs over the same input produce byte-identical `jsonLines()`.
public final class DeliveryRecorder {
    /// Every entry so far, oldest first.
    public private(set) var entries: [DeliveryEntry] = []
    /// Called with each entry as it is recorded (live views, streaming to a file).
    public var onEntry: ((DeliveryEntry) -> Void)?
    /// False for a live session that streams entries through `onEntry`: memory then stays flat however long it runs.
    public let retainsEntries: Bool

    /// False: responder calls and withheld touches are not recorded, recognizer transitions still
    /// are (a live session without a deliveries log needs only those, for the HUD).
    public var recordsCalls = true

    /// Creates an empty recorder; with `retainsEntries` false, `entries` stays empty.
    public init(retainsEntries: Bool = true) { self.retainsEntries = retainsEntries }

    /// Adds an entry.
    public func record(_ entry: DeliveryEntry) {
        if retainsEntries { entries.append(entry) }
        onEntry?(entry)
    }

    /// Drops every entry recorded so far.
    public func removeAll() { entries.removeAll() }

    /// The log as JSON Lines: one object per line, each line ending in a newline.
    public func jsonLines() -> String {
        entries.map { $0.jsonLine + "\n" }.joined()
    }

    func recordCall(responder: Responder, method: TouchMethod, touches: Set<Touch>, event: Event) {
        guard recordsCalls else { return }
        let space = responder.logCoordinateSpace
        let logged = touches.sorted { ($0.id, $0.serial) < ($1.id, $1.serial) }.map {
            LoggedTouch(id: $0.id, phase: $0.phase, location: $0.location(in: space), tapCount: $0.tapCount)
        }
        record(.call(ResponderCall(timestamp: event.timestamp, responder: responder.name,
                                   method: method, touches: logged)))
    }

    func recordWithheld(_ touch: Touch, reason: WithholdReason, event: Event) {
        guard recordsCalls else { return }
        record(.withheld(WithheldTouch(timestamp: event.timestamp, id: touch.id, view: touch.view?.name,
                                       reason: reason, location: touch.windowLocation)))
    }
}

// MARK: - Deterministic JSON text

/// JSON scalars written the same way on every run and platform.
public enum JSONText {
    /// Decimal places kept for coordinates and times: micro-units, far below a wl_fixed step (1/256).
    static let fractionDigits = 6
    private static let scale = 1_000_000.0

    /// A fixed-point decimal with at most six fraction digits, trailing zeros trimmed; null for non-finite values.
    public static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `number(value)` to `bytes`, making no String: a log written every frame
    /// (`run --frame-log`) spent most of its time making them.
    public static func append(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else { return bytes.append(contentsOf: "null".utf8) }
        let scaled = (value * scale).rounded()
        // 2^63: Int64 conversion is safe below it.
        guard abs(scaled) < Double(Int64.max) else { return bytes.append(contentsOf: "null".utf8) }
        let micros = Int64(scaled)
        if micros < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = micros.magnitude
        let unit = UInt64(scale)
        var whole = magnitude / unit, fraction = magnitude % unit
        var divisor: UInt64 = 1
        while whole / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(whole / divisor))
            whole %= divisor
            divisor /= 10
        }
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var digits = fractionDigits
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// A quoted JSON string with the characters JSON requires escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
