// MARK: - The checker's memory: active touches and a few recently ended ids

/// What the checker keeps about a touch that is down.
struct ActiveTouch {
    var id: Int32
    /// The record of its down (for R1's message).
    var downRecord: Int
    /// The surface named by its down (for A4).
    var surface: String?
    /// Last known location, raw wl_fixed.
    var x: Int32
    var y: Int32
    /// wl_touch time of the down or latest motion.
    var time: UInt32
    /// Frame number of its latest motion and how many motions it had in that frame (A13).
    var motionFrame: UInt64 = .max
    var motionsInFrame = 0
    /// Frame number of its latest shape or orientation (A17).
    var contactFrame: UInt64 = .max
}

/// The active touches, searched linearly while few (the usual case, ≤ 10 fingers) and through a
/// hash index when a stream keeps many ids down. Memory is proportional to the touches down.
struct TouchTable {
    private(set) var touches: [ActiveTouch] = []
    private var index: [Int32: Int]?

    var isEmpty: Bool { touches.isEmpty }
    var count: Int { touches.count }

    /// The slot of `id`, if it is down.
    func slot(of id: Int32) -> Int? {
        if let index { return index[id] }
        for k in touches.indices where touches[k].id == id { return k }
        return nil
    }

    subscript(slot: Int) -> ActiveTouch {
        get { touches[slot] }
        _modify { yield &touches[slot] }
    }

    /// Changes the touch in `slot` in place and returns what `body` returns.
    @inline(__always)
    mutating func update<R>(_ slot: Int, _ body: (inout ActiveTouch) -> R) -> R {
        body(&touches[slot])
    }

    mutating func insert(_ touch: ActiveTouch) {
        touches.append(touch)
        if index != nil {
            index![touch.id] = touches.count - 1
        } else if touches.count > CheckerThresholds.linearTouchLimit {
            index = Dictionary(uniqueKeysWithValues: touches.enumerated().map { ($1.id, $0) })
        }
    }

    /// Removes the touch in `slot` (the last touch takes its place).
    mutating func remove(at slot: Int) {
        let removed = touches[slot].id
        touches.swapAt(slot, touches.count - 1)
        touches.removeLast()
        guard index != nil else { return }
        index![removed] = nil
        if slot < touches.count { index![touches[slot].id] = slot }
        if touches.count <= CheckerThresholds.linearTouchLimit { index = nil }
    }

    /// Removes every touch, returning them.
    mutating func removeAll() -> [ActiveTouch] {
        defer {
            touches.removeAll(keepingCapacity: true)
            index = nil
        }
        return touches
    }
}

/// How an id stopped being active, so later events for it get the right rule.
enum EndedID {
    /// Lifted by the up at this record (R3).
    case up(record: Int)
    /// Active at the cancel at this record (R5).
    case cancelled(record: Int)
}

/// The last ``CheckerThresholds/rememberedEndedIDs`` ids that went up or were cancelled, in a ring.
struct RecentIDs {
    private var ring: [(id: Int32, how: EndedID)?] = []
    private var next = 0

    func lookup(_ id: Int32) -> EndedID? {
        for case let entry? in ring where entry.id == id { return entry.how }
        return nil
    }

    mutating func remember(_ id: Int32, _ how: EndedID) {
        if let k = ring.firstIndex(where: { $0?.id == id }) {
            ring[k] = (id, how)
            return
        }
        if ring.count < CheckerThresholds.rememberedEndedIDs {
            ring.append((id, how))
        } else {
            ring[next] = (id, how)
            next = (next + 1) % ring.count
        }
    }

    /// Forgets `id` (a new down made it valid again).
    mutating func forget(_ id: Int32) {
        guard let k = ring.firstIndex(where: { $0?.id == id }) else { return }
        ring[k] = nil
    }
}
