// MARK: - Shrinking a trace to what shows a problem

/// Shrinks a touch stream to a small one that still has a property (a checker finding, an
/// outcome in the deliveries log), by delta debugging in three passes:
///
/// 1. over frames (each frame's events with its closing `frame`, so frame structure survives);
/// 2. over the single events of what is left, the `frame` records staying in place;
/// 3. dropping each `frame` that closes nothing (empty frames the second pass left), one at a time.
///
/// Every pass only removes records and keeps their order, and each candidate is checked with
/// `keeps`, so the result keeps the property. Deterministic: the same input and property give
/// the same result.
public enum Minimizer {
    /// The smallest trace found that keeps the property; `records` itself must keep it (else it is
    /// returned unchanged).
    public static func minimize(records: [RawRecord], keeps: ([RawRecord]) -> Bool) -> [RawRecord] {
        guard keeps(records) else { return records }
        let frames = DeltaDebugging.minimize(frameGroups(records)) { keeps($0.flatMap { $0 }) }
        let events = minimizeEvents(frames.flatMap { $0 }, keeps: keeps)
        return dropEmptyFrames(events, keeps: keeps)
    }

    /// Records cut after each `frame` (a trailing unfinished frame is a group of its own).
    static func frameGroups(_ records: [RawRecord]) -> [[RawRecord]] {
        var groups: [[RawRecord]] = []
        var current: [RawRecord] = []
        for record in records {
            current.append(record)
            if case .frame = record.event {
                groups.append(current)
                current = []
            }
        }
        if !current.isEmpty { groups.append(current) }
        return groups
    }

    /// Pass 2: ddmin over the non-frame records, frames kept where they are.
    private static func minimizeEvents(_ records: [RawRecord], keeps: ([RawRecord]) -> Bool) -> [RawRecord] {
        let eventIndices = records.indices.filter { !isFrame(records[$0]) }
        func rebuild(_ kept: [Int]) -> [RawRecord] {
            let keptSet = Set(kept)
            return records.indices.filter { isFrame(records[$0]) || keptSet.contains($0) }.map { records[$0] }
        }
        let kept = DeltaDebugging.minimize(eventIndices) { keeps(rebuild($0)) }
        return rebuild(kept)
    }

    /// Pass 3: removes, front to back, each frame that closes no event, if the property allows.
    private static func dropEmptyFrames(_ records: [RawRecord], keeps: ([RawRecord]) -> Bool) -> [RawRecord] {
        var result = records
        var index = 0
        while index < result.count {
            let closesNothing = isFrame(result[index]) && (index == 0 || isFrame(result[index - 1]))
            if closesNothing {
                var candidate = result
                candidate.remove(at: index)
                if keeps(candidate) {
                    result = candidate
                    continue
                }
            }
            index += 1
        }
        return result
    }

    private static func isFrame(_ record: RawRecord) -> Bool {
        if case .frame = record.event { true } else { false }
    }
}
