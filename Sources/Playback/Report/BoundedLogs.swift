// MARK: - Summaries of a long trace that stay small

/// The first and the last `half` elements appended, and how many in between were dropped: a
/// report on a long trace shows how it began and how it ended, never all of it.
struct HeadAndTail<Element> {
    let half: Int
    private var head: [Element] = []
    private var tail: [Element] = []
    /// Where the oldest element of the full tail ring is.
    private var tailStart = 0
    /// Elements dropped from the middle.
    private(set) var dropped = 0

    init(half: Int) { self.half = max(half, 1) }

    mutating func append(_ element: Element) {
        if head.count < half {
            head.append(element)
        } else if tail.count < half {
            tail.append(element)
        } else {
            tail[tailStart] = element
            tailStart = (tailStart + 1) % half
            dropped += 1
        }
    }

    /// The elements kept, in the order appended.
    var elements: [Element] { head + tail[tailStart...] + tail[..<tailStart] }
}

/// Times of ticks (frames, cancels) on a non-decreasing axis, exact up to `limit` ticks; beyond,
/// ticks closer together than a resolution that doubles as needed are merged into one, so at most
/// `limit` remain however long the trace (a picture cannot show finer detail anyway).
struct TickLog: Sendable {
    let limit: Int
    private(set) var times: [Double] = []
    private var resolution = 0.0

    init(limit: Int) { self.limit = max(limit, 2) }

    mutating func append(_ time: Double) {
        // The newest tick always stands for its stretch, so the last frame stays where it was.
        if resolution > 0, times.count >= 2, time - times[times.count - 2] < resolution {
            times[times.count - 1] = time
            return
        }
        times.append(time)
        while times.count > limit { coarsen() }
    }

    /// Doubles the resolution (starting from what `limit` ticks over the span would need) and
    /// merges the ticks it no longer tells apart; the first and latest tick always stay.
    private mutating func coarsen() {
        guard let first = times.first, let last = times.last else { return }
        resolution = max(resolution * 2, (last - first) / Double(limit))
        guard resolution > 0 else {
            times = [first]
            return
        }
        var kept = [first]
        for time in times.dropFirst() where time - kept[kept.count - 1] >= resolution { kept.append(time) }
        if kept.last != last { kept.append(last) }
        if kept.count >= times.count { kept = stride(from: 0, to: times.count, by: 2).map { times[$0] } + [last] }
        times = kept
    }
}

/// The last `capacity` values appended with their absolute index, plus values pinned for good.
struct RecentValues: Sendable {
    let capacity: Int
    private var ring: [Double] = []
    private(set) var count = 0
    private var pinned: [Int: Double] = [:]

    init(capacity: Int) { self.capacity = max(capacity, 1) }

    mutating func append(_ value: Double) {
        if ring.count < capacity { ring.append(value) } else { ring[count % capacity] = value }
        count += 1
    }

    /// Keeps the value at `index` past the ring (when it is still there).
    mutating func pin(_ index: Int) {
        if let value = recent(index) { pinned[index] = value }
    }

    /// The value at absolute `index`, if pinned or still recent.
    subscript(index: Int) -> Double? { pinned[index] ?? recent(index) }

    private func recent(_ index: Int) -> Double? {
        guard index >= 0, index < count, index >= count - ring.count else { return nil }
        return ring[index % capacity]
    }
}

extension HeadAndTail: Sendable where Element: Sendable {}
