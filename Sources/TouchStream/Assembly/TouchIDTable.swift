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
/// Active touches live in a small array scanned linearly (a hand has few fingers, and a scan
/// beats hashing); past ``linearSearchLimit`` an index dictionary keeps hostile traces with
/// thousands of simultaneous ids linear-time. Each active touch also keeps its state as of the
/// last delivered frame, which is what a cancel ends.
///
/// Ended and cancelled ids are remembered only to name the rule a later stray event breaks
/// (R3, R5 rather than R2). So that a long session does not grow without bound, once more
/// than ``retiredLimit`` of them pile up they are forgotten, and a stray event for one of
/// them is then reported as an unknown id (R2) — still a violation, still ignored.
struct TouchIDTable: Sendable {
    /// Active touches up to this count are found by scanning.
    static let linearSearchLimit = 16
    /// Ended and cancelled ids kept before they are forgotten.
    static let retiredLimit = 4096

    private struct ActiveTouch {
        var id: Int32
        var touch: TouchState
        /// The touch as of the last delivered frame; nil while its down is still pending.
        var committed: TouchState?
    }

    /// Active touches, in no particular order (removal swaps the last one in).
    private var active: [ActiveTouch] = []
    /// Position of each active id, kept only while `active` is longer than the scan limit.
    private var index: [Int32: Int] = [:]
    /// Ended and cancelled ids.
    private var retired: [Int32: TouchIDState] = [:]
    /// Touches delivered as down whose pending events ended or replaced them: a cancel ends them too.
    private var committedGone: [(id: Int32, touch: TouchState)] = []

    /// Ids in the `active` state.
    var activeCount: Int { active.count }

    /// The id's state; nil when the stream never named it (or it was forgotten).
    func state(of id: Int32) -> TouchIDState? {
        if let slot = slot(of: id) { return .active(active[slot].touch) }
        return retired.isEmpty ? nil : retired[id]
    }

    /// The touch, when the id is active.
    subscript(active id: Int32) -> TouchState? {
        slot(of: id).map { active[$0].touch }
    }

    /// Active touches in the order they went down.
    var activeTouches: [(id: Int32, touch: TouchState)] {
        active.map { ($0.id, $0.touch) }.sorted { $0.touch.sequence < $1.touch.sequence }
    }

    /// What a cancel ends: every touch delivered as down and not delivered as ended, in down order.
    var committedTouches: [(id: Int32, touch: TouchState)] {
        (active.compactMap { entry in entry.committed.map { (entry.id, $0) } } + committedGone)
            .sorted { $0.touch.sequence < $1.touch.sequence }
    }

    // MARK: - Transitions

    /// down: the id becomes active with `touch`; returns the active touch it replaces, if any.
    mutating func begin(_ id: Int32, _ touch: TouchState) -> TouchState? {
        if let slot = slot(of: id) {
            let old = active[slot]
            if let committed = old.committed { committedGone.append((id, committed)) }
            active[slot] = ActiveTouch(id: id, touch: touch, committed: nil)
            return old.touch
        }
        if !retired.isEmpty { retired[id] = nil }
        active.append(ActiveTouch(id: id, touch: touch, committed: nil))
        if active.count > Self.linearSearchLimit {
            if index.isEmpty {
                for (position, entry) in active.enumerated() { index[entry.id] = position }
            } else {
                index[id] = active.count - 1
            }
        }
        return nil
    }

    /// up: an active id becomes ended.
    mutating func end(_ id: Int32) {
        guard let slot = slot(of: id) else { preconditionFailure("end(_:) needs an active id") }
        if let committed = active[slot].committed { committedGone.append((id, committed)) }
        remove(at: slot)
        retire(id, as: .ended)
    }

    /// Changes an active touch in place; returns it as it was before, nil when the id is not active.
    mutating func update(_ id: Int32, _ change: (inout TouchState) -> Void) -> TouchState? {
        guard let slot = slot(of: id) else { return nil }
        let old = active[slot].touch
        change(&active[slot].touch)
        return old
    }

    /// A frame was delivered: the client now sees every touch as it is.
    mutating func commit() {
        for slot in active.indices { active[slot].committed = active[slot].touch }
        if !committedGone.isEmpty { committedGone.removeAll(keepingCapacity: true) }
    }

    /// cancel: every active id, and every id a dropped pending event ended, becomes cancelled.
    mutating func cancelAll() {
        let ids = active.map(\.id) + committedGone.map(\.id)
        active.removeAll(keepingCapacity: true)
        index.removeAll()
        committedGone.removeAll(keepingCapacity: true)
        for id in ids { retire(id, as: .cancelled) }
    }

    // MARK: - Storage

    private func slot(of id: Int32) -> Int? {
        if active.count > Self.linearSearchLimit { return index[id] }
        for slot in active.indices where active[slot].id == id { return slot }
        return nil
    }

    private mutating func remove(at slot: Int) {
        let removed = active[slot].id
        let last = active.count - 1
        if slot != last { active.swapAt(slot, last) }
        active.removeLast()
        guard !index.isEmpty else { return }
        if active.count > Self.linearSearchLimit {
            index[removed] = nil
            if slot != last { index[active[slot].id] = slot }
        } else {
            index.removeAll()
        }
    }

    private mutating func retire(_ id: Int32, as state: TouchIDState) {
        if retired.count >= Self.retiredLimit { retired.removeAll() }
        retired[id] = state
    }
}
