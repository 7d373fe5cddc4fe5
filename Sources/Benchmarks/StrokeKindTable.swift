import Foundation
import TouchStream

// MARK: - Effective lag by kind of stroke

/// Per client and kind of stroke (the abrupt drag, minimum-jerk strokes lifted at rest, and
/// ones held before lifting), effective lag and overshoot over the frames of all its runs pooled
/// (nearest-rank percentiles). Overshoot here is over every frame while the finger is down,
/// not only at turns and the stop: a stroke that slows to rest is where a predictor overshoots.
public struct StrokeKindTable {
    /// One client's figures for one kind of stroke.
    public struct Row: Sendable {
        public var client: String
        public var kind: StrokeKind
        /// Strokes of this kind over all runs, and the presented frames measured in them.
        public var strokes, frames: Int
        /// Effective lag (ms), p50 and p99.
        public var lagP50, lagP99: Double?
        /// Drawing-to-finger distance (px), p50 and p99.
        public var distanceP50, distanceP99: Double?
        /// Overshoot (px) of every frame while the finger was down: p99 and the largest.
        public var overshootP99, overshootMax: Double?
    }

    /// The rows: per client in the order given, its kinds in `StrokeKind` order; kinds a client
    /// had no frames of are left out.
    public let rows: [Row]

    /// Summarises `runs` for `clients`.
    public init(runs: [LatencyRun], clients: [String]) {
        rows = clients.flatMap { name -> [Row] in
            let mine = runs.filter { $0.client == name }
            return StrokeKind.allCases.compactMap { kind -> Row? in
                let samples = mine.flatMap { $0.effectiveSamples(of: kind) }
                guard !samples.isEmpty else { return nil }
                let lags = samples.compactMap(\.lag).map { $0 * 1000 }
                let strokes = kind == .abrupt ? mine.count : mine.flatMap(\.strokes).filter { $0.kind == kind }.count
                return Row(client: name, kind: kind, strokes: strokes, frames: samples.count,
                           lagP50: Percentile.of(lags, 50), lagP99: Percentile.of(lags, 99),
                           distanceP50: Percentile.of(samples.map(\.distance), 50),
                           distanceP99: Percentile.of(samples.map(\.distance), 99),
                           overshootP99: Percentile.of(samples.map(\.overshoot), 99),
                           overshootMax: samples.map(\.overshoot).max())
            }
        }
    }

    /// A Markdown table.
    public var text: String {
        func f(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "–" }
        var lines = ["| client | stroke | strokes | frames | effective lag p50 / p99 ms | distance p50 / p99 px "
                     + "| overshoot p99 / max px |",
                     "|---|---|---|---|---|---|---|"]
        for row in rows {
            lines.append("| \(row.client) | \(row.kind.rawValue) | \(row.strokes) | \(row.frames) "
                         + "| \(f(row.lagP50)) / \(f(row.lagP99)) | \(f(row.distanceP50)) / \(f(row.distanceP99)) "
                         + "| \(f(row.overshootP99)) / \(f(row.overshootMax)) |")
        }
        return lines.joined(separator: "\n")
    }
}
