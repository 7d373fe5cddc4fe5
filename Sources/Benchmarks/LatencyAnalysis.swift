import SandboxHarness

// MARK: - From input, commit and repaint times to latencies

/// One drag by one client, measured from outside: when each input frame was injected, when the
/// client committed, when the compositor repainted. All times are CLOCK_MONOTONIC seconds.
///
/// An input frame counts as shown by the first commit after it (the client cannot have drawn it
/// before), and a commit as shown at the end of the first repaint that began after it.
public struct DragMeasurement: Sendable {
    /// When each input frame was sent to the compositor.
    public var inputs: [Double]
    /// The client's commits during and after the drag.
    public var commits: [Double]
    /// The compositor's repaints during and after the drag.
    public var repaints: [WestonRepaint]

    /// Creates a measurement.
    public init(inputs: [Double], commits: [Double], repaints: [WestonRepaint]) {
        self.inputs = inputs
        self.commits = commits.sorted()
        self.repaints = repaints.sorted { $0.begin < $1.begin }
    }

    /// Per input frame: input → commit and input → shown (s), nil where nothing followed.
    public var perInput: [(commit: Double?, shown: Double?)] {
        inputs.map { input in
            let commit = firstCommit(after: input)
            return (commit.map { $0 - input }, commit.flatMap { repaint(after: $0) }.map { $0.posted - input })
        }
    }

    /// Input → commit latency per input frame that some commit followed (s).
    public var commitLatencies: [Double] {
        inputs.compactMap { input in firstCommit(after: input).map { $0 - input } }
    }

    /// Input → end of the first repaint after the commit, per input frame that reached the screen (s).
    public var shownLatencies: [Double] {
        inputs.compactMap { input in
            firstCommit(after: input).flatMap { repaint(after: $0) }.map { $0.posted - input }
        }
    }

    /// How many of the client's commits each repaint took, for repaints that took at least one.
    public var commitsPerRepaint: [Int] {
        var counts: [Int: Int] = [:]
        for commit in commits {
            guard let index = repaints.firstIndex(where: { $0.begin > commit }) else { continue }
            counts[index, default: 0] += 1
        }
        return counts.keys.sorted().map { counts[$0]! }
    }

    private func firstCommit(after time: Double) -> Double? {
        let index = commits.partitioningIndex { $0 > time }
        return index < commits.count ? commits[index] : nil
    }

    private func repaint(after time: Double) -> WestonRepaint? {
        repaints.first { $0.begin > time }
    }
}

// MARK: - Searching sorted times

extension Array {
    /// The first index whose element satisfies `belongs` (which must be false, then true, along the array).
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
