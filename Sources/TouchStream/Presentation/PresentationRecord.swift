import FoundationEssentials

// MARK: - What wp_presentation said about a frame

/// A presentation-feedback record: when the live client committed a frame, when the compositor
/// said it turned into light (wp_presentation_feedback.presented) or that it never did
/// (discarded), and the input → presented latency of every input event the frame was the first
/// to show. Times are CLOCK_MONOTONIC nanoseconds (the client converts from the presentation
/// clock the compositor announced, e.g. CLOCK_MONOTONIC_RAW for weston's headless backend), the
/// clock of the records' `hires` times.
///
/// It is not a wl_touch event: readers keep these records apart from the touch records
/// (`Trace.presentations`), so replay, checking and assembly never see them.
/// JSON Lines: `{"kind":"presentation","committed":NS,"presented":NS,"refresh":NS,"seq":N,"flags":N,
/// "missed":false,"latency_us":[US,…]}` or `{"kind":"presentation","committed":NS,"discarded":true}`.
/// Compact form: `presentation committed=NS presented=NS refresh=NS seq=N flags=N missed=0 latency_us=US,…`
/// or `presentation committed=NS discarded=1`.
public struct PresentationRecord: Hashable, Sendable {
    /// When the frame was committed (ns).
    public var committed: UInt64
    /// When it was presented (ns); nil when discarded.
    public var presented: UInt64?
    /// The output's refresh period (ns; 0 when the compositor gave none).
    public var refresh: UInt64
    /// The output's vblank counter (0 when it has none).
    public var sequence: UInt64
    /// wp_presentation_feedback kind flags.
    public var flags: UInt32
    /// The frame came a repaint later than it was committed for.
    public var missed: Bool
    /// Input → presented latency of each input event it showed first (µs).
    public var latencies: [UInt64]

    /// Creates a record.
    public init(committed: UInt64, presented: UInt64?, refresh: UInt64 = 0, sequence: UInt64 = 0, flags: UInt32 = 0,
                missed: Bool = false, latencies: [UInt64] = []) {
        self.committed = committed
        self.presented = presented
        self.refresh = refresh
        self.sequence = sequence
        self.flags = flags
        self.missed = missed
        self.latencies = latencies
    }

    /// The record kind in JSON Lines and the statement in the compact form.
    public static let kind = "presentation"

    // MARK: - JSON Lines

    /// The record as one JSON line (no newline).
    public var jsonLine: String {
        guard let presented else { return "{\"kind\":\"\(Self.kind)\",\"committed\":\(committed),\"discarded\":true}" }
        let latencyList = latencies.map(String.init).joined(separator: ",")
        return "{\"kind\":\"\(Self.kind)\",\"committed\":\(committed),\"presented\":\(presented),\"refresh\":\(refresh),"
            + "\"seq\":\(sequence),\"flags\":\(flags),\"missed\":\(missed),\"latency_us\":[\(latencyList)]}"
    }

    /// True when `line` (bytes of one JSON line) is a presentation record, judged by its kind.
    static func isPresentationLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let marker = Array("\"kind\":\"\(kind)\"".utf8)
        guard line.count >= marker.count else { return false }
        for start in 0...(line.count - marker.count) where line[start] == marker[0] {
            if zip(line[start..<(start + marker.count)], marker).allSatisfy({ $0 == $1 }) { return true }
        }
        return false
    }

    /// Parses a presentation JSON line; the error message says what is wrong.
    static func parse(jsonLine line: UnsafeBufferPointer<UInt8>) throws(LineError) -> PresentationRecord {
        guard let object = JSONObjectLine(bytes: line) else {
            throw LineError(column: 1, message: "presentation record is not a JSON object")
        }
        func integer(_ value: JSONValue, _ key: String) throws(LineError) -> UInt64 {
            guard case .number(let text, _) = value, let number = Double(text), number >= 0, number == number.rounded(),
                  number < 0x1p64 else {
                throw LineError(column: 1, message: "presentation record: \(key) must be a non-negative integer")
            }
            return UInt64(number)
        }
        func number(_ key: String) throws(LineError) -> UInt64? {
            guard let value = object.value(key) else { return nil }
            return try integer(value, key)
        }
        func flag(_ key: String) -> Bool { object.bool(key) ?? false }
        guard let committed = try number("committed") else {
            throw LineError(column: 1, message: "presentation record: committed is missing")
        }
        if flag("discarded") { return PresentationRecord(committed: committed, presented: nil) }
        guard let presented = try number("presented") else {
            throw LineError(column: 1, message: "presentation record: presented (or discarded) is missing")
        }
        var latencies: [UInt64] = []
        if let list = object.value("latency_us") {
            guard case .array(let items, _) = list else {
                throw LineError(column: 1, message: "presentation record: latency_us must be a list of integers")
            }
            for item in items {
                guard case .number = item, let value = try? integer(item, "latency_us") else {
                    throw LineError(column: 1, message: "presentation record: latency_us must be a list of integers")
                }
                latencies.append(value)
            }
        }
        return PresentationRecord(committed: committed, presented: presented, refresh: try number("refresh") ?? 0,
                                  sequence: try number("seq") ?? 0, flags: UInt32(clamping: try number("flags") ?? 0),
                                  missed: flag("missed"), latencies: latencies)
    }

    // MARK: - Compact form

    /// The record as one compact statement.
    public var compactStatement: String {
        guard let presented else { return "\(Self.kind) committed=\(committed) discarded=1" }
        let latencyList = latencies.isEmpty ? "" : " latency_us=" + latencies.map(String.init).joined(separator: ",")
        return "\(Self.kind) committed=\(committed) presented=\(presented) refresh=\(refresh) seq=\(sequence) "
            + "flags=\(flags) missed=\(missed ? 1 : 0)" + latencyList
    }

    /// Parses the `key=value` words after `presentation`; on error, the index of the bad word.
    static func parse(compactOptions words: [String]) -> Result<PresentationRecord, CompactOptionError> {
        var values: [String: String] = [:]
        for (index, word) in words.enumerated() {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            let known = ["committed", "presented", "refresh", "seq", "flags", "missed", "discarded", "latency_us"]
            guard parts.count == 2, known.contains(parts[0]) else {
                return .failure(CompactOptionError(index: index, message: "unknown presentation option '\(Quoted.text(word.utf8))' (expected \(known.joined(separator: "=, "))=)"))
            }
            values[parts[0]] = parts[1]
        }
        func number(_ key: String) -> UInt64?? { values[key].map { UInt64($0) } }
        for key in ["committed", "presented", "refresh", "seq", "flags", "missed", "discarded"] {
            if case .some(.none) = number(key) {
                return .failure(CompactOptionError(index: nil, message: "presentation \(key)= needs a non-negative integer"))
            }
        }
        guard let committed = number("committed") ?? nil else {
            return .failure(CompactOptionError(index: nil, message: "presentation needs committed=NS"))
        }
        if number("discarded") ?? nil == 1 { return .success(PresentationRecord(committed: committed, presented: nil)) }
        guard let presented = number("presented") ?? nil else {
            return .failure(CompactOptionError(index: nil, message: "presentation needs presented=NS or discarded=1"))
        }
        let latencyWords = values["latency_us"].map { $0.split(separator: ",").map { UInt64($0) } } ?? []
        guard latencyWords.allSatisfy({ $0 != nil }) else {
            return .failure(CompactOptionError(index: nil, message: "presentation latency_us= needs integers separated by commas"))
        }
        return .success(PresentationRecord(committed: committed, presented: presented, refresh: (number("refresh") ?? nil) ?? 0,
                                           sequence: (number("seq") ?? nil) ?? 0,
                                           flags: UInt32(clamping: (number("flags") ?? nil) ?? 0),
                                           missed: (number("missed") ?? nil) == 1, latencies: latencyWords.map { $0! }))
    }
}

/// A bad option of a compact `presentation` statement: which word (nil: the statement) and why.
struct CompactOptionError: Error {
    var index: Int?
    var message: String
}
