import Foundation
import TouchStream

// MARK: - The table gesture-bench latency prints

/// Per client, the median over its runs of each run's figures (peak RSS: the largest).
public struct LatencyTable {
    /// One client's row.
    public struct Row: Sendable {
        /// The client's name.
        public var client: String
        /// Runs summarised.
        public var runs: Int
        /// Input → commit and input → shown percentiles, milliseconds.
        public var commitP50, commitP99, shownP50, shownP99: Double?
        /// Commits per repaint that took any: mean and largest.
        public var commitsPerRepaint: Double?
        /// The most commits one repaint took.
        public var maxCommitsPerRepaint: Int
        /// Launch → first mapped commit, milliseconds.
        public var startup: Double?
        /// Largest peak resident set, MiB.
        public var peakResidentMiB: Double?
        /// Milliseconds of CPU per drag.
        public var cpu: Double?
        /// CPU per drag over weston-simple-touch's in the same round, the median over rounds; nil
        /// when it did not run.
        public var cpuRatio: Double?
        /// Voluntary context switches per repaint that took a commit, the median over runs.
        public var wakeupsPerRepaint: Double?
    }

    /// The client each row's CPU is compared with, round by round.
    public static let referenceClient = "weston-simple-touch"

    /// The rows, in the order the clients were given.
    public let rows: [Row]

    /// Summarises `runs` for `clients`.
    public init(runs: [LatencyRun], clients: [String]) {
        rows = clients.map { name in
            let mine = runs.filter { $0.client == name }
            func median(_ values: [Double?]) -> Double? { Percentile.median(values.compactMap { $0 }) }
            let perRepaint = mine.flatMap(\.measurement.commitsPerRepaint)
            return Row(client: name, runs: mine.count,
                       commitP50: median(mine.map { Percentile.of($0.measurement.commitLatencies, 50) }).map { $0 * 1000 },
                       commitP99: median(mine.map { Percentile.of($0.measurement.commitLatencies, 99) }).map { $0 * 1000 },
                       shownP50: median(mine.map { Percentile.of($0.measurement.shownLatencies, 50) }).map { $0 * 1000 },
                       shownP99: median(mine.map { Percentile.of($0.measurement.shownLatencies, 99) }).map { $0 * 1000 },
                       commitsPerRepaint: perRepaint.isEmpty ? nil
                           : Double(perRepaint.reduce(0, +)) / Double(perRepaint.count),
                       maxCommitsPerRepaint: perRepaint.max() ?? 0,
                       startup: median(mine.map(\.startup)).map { $0 * 1000 },
                       peakResidentMiB: mine.compactMap(\.peakResident).max().map { Double($0) / 1_048_576 },
                       cpu: median(mine.map(\.cpu)).map { $0 * 1000 },
                       cpuRatio: Self.cpuRatio(of: mine, to: runs.filter { $0.client == Self.referenceClient }),
                       wakeupsPerRepaint: median(mine.map(\.wakeupsPerRepaint)))
        }
    }

    /// The median over rounds of `runs`' CPU over `reference`'s, the n-th run of each paired (the
    /// benchmark runs every client once per round, in turn).
    ///
    /// Why per round: this machine's speed drifts by a third within minutes, for every client
    /// alike; a ratio within one round cancels the drift that a ratio of medians keeps.
    static func cpuRatio(of runs: [LatencyRun], to reference: [LatencyRun]) -> Double? {
        let ratios = zip(runs, reference).compactMap { run, base -> Double? in
            guard let cpu = run.cpu, let baseCPU = base.cpu, baseCPU > 0 else { return nil }
            return cpu / baseCPU
        }
        return Percentile.median(ratios)
    }

    /// A Markdown table.
    public var text: String {
        func f(_ value: Double?, _ digits: Int = 1) -> String { value.map { String(format: "%.\(digits)f", $0) } ?? "–" }
        var lines = ["| client | runs | commit p50 / p99 ms | shown p50 / p99 ms | commits per repaint (max) "
                     + "| startup to mapped ms | peak RSS MiB | CPU per drag ms | CPU × simple-touch (rounds' median) "
                     + "| wakeups per repaint |",
                     "|---|---|---|---|---|---|---|---|---|---|"]
        for row in rows {
            lines.append("| \(row.client) | \(row.runs) | \(f(row.commitP50)) / \(f(row.commitP99)) "
                         + "| \(f(row.shownP50)) / \(f(row.shownP99)) | \(f(row.commitsPerRepaint, 2)) (\(row.maxCommitsPerRepaint)) "
                         + "| \(f(row.startup)) | \(f(row.peakResidentMiB)) | \(f(row.cpu)) | \(f(row.cpuRatio, 2)) "
                         + "| \(f(row.wakeupsPerRepaint)) |")
        }
        return lines.joined(separator: "\n")
    }
}
