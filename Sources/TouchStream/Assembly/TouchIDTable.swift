import TouchKit

// MARK: - Per-id state

/// A touch that is down, as assembly tracks it.
struct TouchState: Sendable {
    var location: Point
    /// Half the wl_touch.shape major axis (0 until a shape arrives).
    var majorRadius: Double
    /// wl_touch.orientation in degrees (nil until one arrives).
    var orientation: Double?
    var isEmulated: Bool
    /// Down order, so a cancel delivers touches in the order they began.
    var sequence: UInt64

    /// The touch as a TouchInput in `phase`, at its current location.
    func input(_ id: Int32, _ phase: TouchPhase) -> TouchInput {
        TouchInput(id: id, phase: phase, location: location, majorRadius: majorRadius,
                   orientation: orientation, isEmulated: isEmulated)
    }
}

/// What the stream has said about one touch id, the per-id state machine of assembly:
///
///     (never seen) --down--> active --up--> ended --down--> active
///     active --cancel--> cancelled --down--> active
///     active --down--> active   (a new touch; the old one is cancelled: the R1 repair)
///
/// Motion, up, shape and orientation need `active`; for any other state they are ignored,
/// and the state names the rule broken: never seen → R2, ended → R3, cancelled → R5.
enum TouchIDState: Sendable {
    /// Down; the state includes events not yet delivered.
    case active(TouchState)
    /// Went up and has not come down again.
    case ended
    /// Was down (or pending down) at a cancel and has not come down again.
    case cancelled
}

/// Every id the stream has named, with its ``TouchIDState``; transitions happen only here.
///
/// Ended and cancelled ids are remembered only to name the rule a later stray event breaks
/// (R3, R5 rather than R2). So that a long session does not grow without bound, once more
/// than ``retiredLimit`` of them pile up they are forgotten, and a stray event for one of
/// them is then reported as an unknown id (R2) — still a violation, still ignored.
struct TouchIDTable: Sendable {
    /// Ended and cancelled ids kept before they are forgotten.
    static let retiredLimit = 4096

    private var states: [Int32: TouchIDState] = [:]
    /// Ids in the `active` state (kept apart so a cancel does not scan every id ever seen).
    private var activeIDs: Set<Int32> = []
    /// Ids in the `ended` or `cancelled` state.
    private var retiredCount = 0

    /// Ids in the `active` state.
    var activeCount: Int { activeIDs.count }

    /// The id's state; nil when the stream never named it (or it was forgotten).
    func state(of id: Int32) -> TouchIDState? { states[id] }

    /// The touch, when the id is active.
    subscript(active id: Int32) -> TouchState? {
        if case .active(let touch)? = states[id] { touch } else { nil }
    }

    /// Active touches in the order they went down.
    var activeTouches: [(id: Int32, touch: TouchState)] {
        activeIDs.compactMap { id in self[active: id].map { (id, $0) } }.sorted { $0.touch.sequence < $1.touch.sequence }
    }

    /// down: the id becomes active with `touch` (replacing an active touch of that id).
    mutating func begin(_ id: Int32, _ touch: TouchState) {
        switch states.updateValue(.active(touch), forKey: id) {
        case .active?: return
        case .ended?, .cancelled?: retiredCount -= 1
        case nil: break
        }
        activeIDs.insert(id)
    }

    /// up: an active id becomes ended.
    mutating func end(_ id: Int32) {
        guard case .active? = states.updateValue(.ended, forKey: id) else {
            preconditionFailure("end(_:) needs an active id")
        }
        activeIDs.remove(id)
        retire(count: 1)
    }

    /// Changes an active touch in place; returns it as it was before, nil when the id is not active.
    mutating func update(_ id: Int32, _ change: (inout TouchState) -> Void) -> TouchState? {
        guard let slot = states.index(forKey: id), case .active(let old) = states.values[slot] else { return nil }
        var touch = old
        change(&touch)
        states.values[slot] = .active(touch)
        return old
    }

    /// cancel: every active id, and `others` (ids a cancelled frame had touched), become cancelled.
    mutating func cancelAll(andAlso others: some Sequence<Int32>) {
        var retired = 0
        for id in activeIDs {
            states[id] = .cancelled
            retired += 1
        }
        activeIDs.removeAll(keepingCapacity: true)
        for id in others {
            switch states.updateValue(.cancelled, forKey: id) {
            case .ended?, .cancelled?: break
            case .active?: preconditionFailure("no id is active after cancelling every active one")
            case nil: retired += 1
            }
        }
        retire(count: retired)
    }

    /// Counts newly retired ids, forgetting all retired ids past ``retiredLimit``.
    private mutating func retire(count: Int) {
        retiredCount += count
        guard retiredCount > Self.retiredLimit else { return }
        states = states.filter { if case .active = $0.value { true } else { false } }
        retiredCount = 0
    }
}
