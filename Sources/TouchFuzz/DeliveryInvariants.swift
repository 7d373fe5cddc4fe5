import TouchKit

// MARK: - What every deliveries log must satisfy

/// Checks a deliveries log against the invariants responders rely on, per responder by name.
///
/// Every touch a responder receives as began ends there exactly once (ended or cancelled);
/// a responder never gets moved, ended or cancelled for an id it was not given as began; a call
/// carries at least one touch, each id once, all in the method's phase; a touch withheld when it
/// begins has an id no responder is still tracking (the old touch of that id must have ended).
/// ``finish()`` adds: no responder is left tracking a touch (for streams that end with all ups
/// or a final cancel). Forwarded calls are entries of their own, so every responder on the
/// chain is checked.
public struct DeliveryInvariantChecker {
    /// Problems found, in order.
    public private(set) var violations: [String] = []
    /// Responder calls checked.
    public private(set) var calls = 0
    /// Withheld-touch entries checked.
    public private(set) var withheld = 0
    /// Withheld-touch entries by reason.
    public private(set) var withheldByReason: [WithholdReason: Int] = [:]
    /// Ids each responder received as began and has not seen end.
    private var open: [String: Set<Int32>] = [:]
    /// Touches each responder received as began, in total.
    private var began: [String: Int] = [:]
    private var entryIndex = 0

    /// Creates a checker that has seen no entry.
    public init() {}

    /// The number of touches `responder` received in touchesBegan calls.
    public func beganCount(at responder: String) -> Int { began[responder, default: 0] }

    /// Checks entries in log order.
    public mutating func check(_ entries: some Sequence<DeliveryEntry>) {
        for entry in entries { check(entry) }
    }

    /// Checks one entry.
    public mutating func check(_ entry: DeliveryEntry) {
        defer { entryIndex += 1 }
        switch entry {
        case .call(let call): check(call)
        case .withheld(let touch): check(touch)
        // Recognizer transitions carry no touch delivery; the fuzz scenes attach no recognizers.
        case .transition: break
        }
    }

    /// Call at the end of a log whose stream ended with all ups or a final cancel.
    public mutating func finish() {
        for responder in open.keys.sorted() {
            let ids = open[responder, default: []]
            if !ids.isEmpty { violations.append("\(responder) never saw the end of ids \(ids.sorted())") }
        }
    }

    // MARK: - Entries

    private mutating func check(_ call: ResponderCall) {
        calls += 1
        // Built only on failure: the fuzzer checks millions of calls.
        func at() -> String { "\(call.responder).\(call.method.rawValue) t=\(call.timestamp)" }
        if call.touches.isEmpty { fail(at(), "no touches") }
        var ids: Set<Int32> = []
        var tracking = open[call.responder, default: []]
        for touch in call.touches {
            guard ids.insert(touch.id).inserted else {
                fail(at(), "id \(touch.id) twice in one call")
                continue
            }
            if touch.phase != call.method.phase { fail(at(), "id \(touch.id) has phase \(touch.phase.rawValue)") }
            switch call.method {
            case .touchesBegan:
                if !tracking.insert(touch.id).inserted { fail(at(), "id \(touch.id) began again before it ended") }
            case .touchesMoved:
                if !tracking.contains(touch.id) { fail(at(), "id \(touch.id) moved but was never delivered as began") }
            case .touchesEnded, .touchesCancelled:
                if tracking.remove(touch.id) == nil {
                    let phase = call.method.phase.rawValue
                    fail(at(), "id \(touch.id) \(phase) but was not delivered as began (or already ended)")
                }
            }
        }
        if call.method == .touchesBegan { began[call.responder, default: 0] += call.touches.count }
        open[call.responder] = tracking
    }

    private mutating func check(_ touch: WithheldTouch) {
        withheld += 1
        withheldByReason[touch.reason, default: 0] += 1
        guard open.values.contains(where: { $0.contains(touch.id) }) else { return }
        for responder in open.keys.sorted() where open[responder, default: []].contains(touch.id) {
            fail("withheld \(touch.view ?? "-") (\(touch.reason.rawValue)) t=\(touch.timestamp)",
                 "id \(touch.id) began anew while \(responder) still tracks an earlier touch with that id")
        }
    }

    private mutating func fail(_ location: String, _ message: String) {
        violations.append("entry \(entryIndex) \(location): \(message)")
    }
}
