import Foundation
import TouchStream

// MARK: - The table `gesture-bench latency --effective` prints

/// Per client, effective lag and overshoot over the frames of all its runs pooled (nearest-rank
/// percentiles), beside its shown latency (the median of its runs' p50, as `LatencyTable`).
public struct EffectiveLagTable {
    /// One client's row.
    public struct Row: Sendable {
        public var client: String
        public var runs: Int
        /// Presented frames measured (finger down).
        public var frames: Int
        /// Input → shown latency p50 (ms).
        public var shownP50: Double?
        /// Effective lag (ms) and drawing-to-finger distance (px), p50 and p99, at presentation.
        public var lagP50, lagP99, distanceP50, distanceP99: Double?
        /// Effective lag (ms) at the repaint's posting, p50 and p99.
        public var postedLagP50, postedLagP99: Double?
        /// Overshoot (px) in the frames around turns (p99) and after the stop (p99, largest).
        public var turnOvershootP99, stopOvershootP99, stopOvershootMax: Double?
        /// Frames around turns and after the stop.
        public var turnFrames, stopFrames: Int
        /// Presentation − the time predicted for, p50 and p99 (ms), for frames that drew a prediction.
        public var aimErrorP50, aimErrorP99: Double?
        /// How the drawn finger was known.
        public var source: String
    }

    /// The rows, in the order the clients were given.
    public let rows: [Row]

    /// Summarises `runs` for `clients`.
    public init(runs: [LatencyRun], clients: [String]) {
        rows = clients.map { name in
            let mine = runs.filter { $0.client == name }
            let samples = mine.flatMap(\.effectiveLag.samples)
            let posted = mine.flatMap(\.effectiveLagAtPosting.samples).compactMap(\.lag)
            let aims = mine.flatMap { $0.loggedFrames ?? [] }.compactMap { frame in frame.aimed.map { frame.presented - $0 } }
            let turns = samples.filter(\.atTurn), stops = samples.filter(\.atStop)
            func ms(_ value: Double?) -> Double? { value.map { $0 * 1000 } }
            return Row(client: name, runs: mine.count, frames: samples.count,
                       shownP50: ms(Percentile.median(mine.compactMap { Percentile.of($0.measurement.shownLatencies, 50) })),
                       lagP50: ms(Percentile.of(samples.compactMap(\.lag), 50)),
                       lagP99: ms(Percentile.of(samples.compactMap(\.lag), 99)),
                       distanceP50: Percentile.of(samples.map(\.distance), 50),
                       distanceP99: Percentile.of(samples.map(\.distance), 99),
                       postedLagP50: ms(Percentile.of(posted, 50)), postedLagP99: ms(Percentile.of(posted, 99)),
                       turnOvershootP99: Percentile.of(turns.map(\.overshoot), 99),
                       stopOvershootP99: Percentile.of(stops.map(\.overshoot), 99),
                       stopOvershootMax: stops.map(\.overshoot).max(),
                       turnFrames: turns.count, stopFrames: stops.count,
                       aimErrorP50: ms(Percentile.of(aims, 50)), aimErrorP99: ms(Percentile.of(aims, 99)),
                       source: mine.contains { $0.loggedFrames != nil } ? "frame log" : "estimated")
        }
    }

    /// A Markdown table.
    public var text: String {
        func f(_ value: Double?, _ digits: Int = 1) -> String { value.map { String(format: "%.\(digits)f", $0) } ?? "–" }
        var lines = ["| client | runs | frames | shown p50 ms | effective lag p50 / p99 ms | distance p50 / p99 px "
                     + "| lag at repaint posted p50 / p99 ms "
                     + "| overshoot at turns p99 px (frames) | overshoot after stop p99 / max px (frames) "
                     + "| presented − aimed p50 / p99 ms | drawn finger from |",
                     "|---|---|---|---|---|---|---|---|---|---|---|"]
        for row in rows {
            lines.append("| \(row.client) | \(row.runs) | \(row.frames) | \(f(row.shownP50)) "
                         + "| \(f(row.lagP50)) / \(f(row.lagP99)) | \(f(row.distanceP50)) / \(f(row.distanceP99)) "
                         + "| \(f(row.postedLagP50)) / \(f(row.postedLagP99)) "
                         + "| \(f(row.turnOvershootP99)) (\(row.turnFrames)) "
                         + "| \(f(row.stopOvershootP99)) / \(f(row.stopOvershootMax)) (\(row.stopFrames)) "
                         + "| \(f(row.aimErrorP50)) / \(f(row.aimErrorP99)) | \(row.source) |")
        }
        return lines.joined(separator: "\n")
    }
}
