import TouchKit

// MARK: - One touch within the pass being built

/// A touch's change within the pass under construction.
struct PassEntry: Sendable {
    var id: Int32
    var phase: TouchPhase
    var location: Point
    /// Where the touch was when the pass started (for `moved`: did it really move?).
    var startLocation: Point
    var coalesced: [Point]
    /// Each sample's time (s), parallel to `coalesced`.
    var times: [Double]
    var majorRadius: Double
    var orientation: Double?
    var isEmulated: Bool
    /// Motions of this touch in this pass.
    var motionCount = 0
    /// True when shape or orientation changed in this pass.
    var contactChanged = false
    /// Record index of the latest motion, for diagnostics.
    var lastMotionRecord = 0

    /// The entry as TouchKit sees it; nil when there is nothing to deliver.
    var input: TouchInput? {
        var phase = phase
        if phase == .moved, location == startLocation {
            guard contactChanged else { return nil }
            phase = .stationary
        }
        return TouchInput(id: id, phase: phase, location: location,
                          coalesced: phase == .stationary ? [location] : coalesced,
                          coalescedTimes: phase == .stationary ? [] : times,
                          majorRadius: majorRadius, orientation: orientation, isEmulated: isEmulated)
    }
}

// MARK: - The unfinished frame

/// Events received since the last wl_touch.frame, already sorted into ordered passes.
///
/// A pass holds at most one entry per id; when an id needs a second phase the current
/// pass is closed and a new one started (DESIGN §3).
struct PendingFrame: Sendable {
    /// Passes up to this size find an id by scanning, which beats hashing for the usual
    /// handful of fingers; larger passes (hostile traces) also keep a dictionary.
    static let linearSearchLimit = 16

    private(set) var passes: [[TouchInput]] = []
    private var entries: [PassEntry] = []
    /// Index of each id's entry, kept only once the pass outgrows ``linearSearchLimit``.
    private var slots: [Int32: Int] = [:]
    /// Raw records since the last frame, including ignored ones.
    var recordCount = 0
    /// Index of the latest of those records.
    var lastRecord = 0

    /// True when no record arrived since the last frame.
    var isEmpty: Bool { recordCount == 0 }

    private func slot(_ id: Int32) -> Int? {
        if entries.count > Self.linearSearchLimit { return slots[id] }
        return entries.firstIndex { $0.id == id }
    }

    /// The phase of the id's entry in the current pass, nil when it has none.
    func phase(of id: Int32) -> TouchPhase? {
        slot(id).map { entries[$0].phase }
    }

    /// Changes the id's entry in the current pass; returns false when it has none.
    @discardableResult
    mutating func update(_ id: Int32, _ change: (inout PassEntry) -> Void) -> Bool {
        guard let slot = slot(id) else { return false }
        change(&entries[slot])
        return true
    }

    /// Adds an entry for an id that has none in the current pass.
    mutating func add(_ entry: PassEntry) {
        precondition(slot(entry.id) == nil, "an id appears at most once per pass")
        entries.append(entry)
        if entries.count == Self.linearSearchLimit + 1 {
            for (index, old) in entries.enumerated() { slots[old.id] = index }
        } else if entries.count > Self.linearSearchLimit {
            slots[entry.id] = entries.count - 1
        }
    }

    /// Ends the current pass; returns the entries dropped because their motions changed nothing.
    @discardableResult
    mutating func closePass() -> [PassEntry] {
        var pass: [TouchInput] = []
        var unchanged: [PassEntry] = []
        pass.reserveCapacity(entries.count)
        for entry in entries {
            if let input = entry.input { pass.append(input) }
            if entry.phase == .moved, entry.location == entry.startLocation { unchanged.append(entry) }
        }
        if !pass.isEmpty { passes.append(pass) }
        entries.removeAll(keepingCapacity: true)
        if !slots.isEmpty { slots.removeAll(keepingCapacity: true) }
        return unchanged
    }

    /// Appends a complete pass after the current one (which must be closed first).
    mutating func appendPass(_ pass: [TouchInput]) {
        precondition(entries.isEmpty, "close the current pass before appending one")
        passes.append(pass)
    }

    /// Returns the finished passes and starts a new, empty frame. Sample times equal to the
    /// frame's `time` are left implicit (`TouchInput.coalescedTimes` empty), as in a frame whose
    /// events share one wl_touch time, which is nearly every frame.
    mutating func take(at time: Double) -> [[TouchInput]] {
        precondition(entries.isEmpty, "close the current pass before taking the frame")
        defer { reset() }
        for p in passes.indices {
            for i in passes[p].indices where passes[p][i].coalescedTimes.allSatisfy({ $0 == time }) {
                passes[p][i].coalescedTimes = []
            }
        }
        return passes
    }

    /// Forgets everything pending.
    mutating func reset() {
        passes.removeAll()
        entries.removeAll(keepingCapacity: true)
        if !slots.isEmpty { slots.removeAll(keepingCapacity: true) }
        recordCount = 0
    }
}
