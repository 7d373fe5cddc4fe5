import CompositorDrivers
import Foundation
import Playback

// MARK: - One script across compositors

/// How the compositors that ran one script compare: which streams are alike (variants), frame
/// by frame; how each deliveries log differs from the first compositor's; and the outcomes.
///
/// A cell run several times stands as its usual run (``MatrixCellRuns``): agreement, the
/// deliveries diff and the outcomes are those of the usual runs, and cells whose runs sent
/// different streams are named in ``varied``. Variant letters go to the usual runs' streams
/// first, in column order (so one run per cell gives the letters a single run always gave), then
/// to the other streams seen, in column and run order.
public struct ScriptComparison: Sendable {
    /// Compositors whose normalised streams are identical, frame for frame.
    public struct Variant: Sendable {
        /// "A", "B", … in order of first appearance.
        public var label: String
        /// The compositors whose usual run sent it.
        public var kinds: [CompositorKind]
        /// Its frames' signatures.
        public var signatures: [String]
        /// Per compositor that sent it in any run, in how many runs (column order).
        public var runs: [(kind: CompositorKind, count: Int)] = []
    }

    /// A compositor's deliveries compared with the reference compositor's (the first that ran).
    public struct DeliveriesDifference: Sendable {
        /// The compositor.
        public var kind: CompositorKind
        /// `equal`, or how many lines differ and where they first part.
        public var summary: String
        /// True when the normalised logs are equal.
        public var isEqual: Bool
    }

    /// The script.
    public let script: MatrixScript
    /// The compositors that ran it, in column order, with their usual runs.
    public let runs: [(kind: CompositorKind, run: MatrixRun)]
    /// The compositors that ran it, with every run that ran.
    public let cells: [(kind: CompositorKind, cell: MatrixCellRuns)]
    /// The distinct streams.
    public let variants: [Variant]
    /// Each run's deliveries against the reference (the reference itself is left out).
    public let deliveries: [DeliveriesDifference]

    /// Compares `runs` of `script`, one run per compositor.
    public init(script: MatrixScript, runs: [(kind: CompositorKind, run: MatrixRun)]) {
        self.init(script: script, cells: runs.map { ($0.kind, MatrixCellRuns([.ran($0.run)])) })
    }

    /// Compares the cells of `script` (compositors where nothing ran are left out).
    public init(script: MatrixScript, cells: [(kind: CompositorKind, cell: MatrixCellRuns)]) {
        self.script = script
        let cells = cells.filter { !$0.cell.ran.isEmpty }
        self.cells = cells
        let runs: [(kind: CompositorKind, run: MatrixRun)] = cells.compactMap { kind, cell in cell.usualRun.map { (kind, $0) } }
        self.runs = runs
        var variants: [Variant] = []
        func label(_ signatures: [String]) -> Int {
            if let index = variants.firstIndex(where: { $0.signatures == signatures }) { return index }
            let label = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(min(variants.count, 25))))
            variants.append(Variant(label: label, kinds: [], signatures: signatures))
            return variants.count - 1
        }
        for (kind, run) in runs { variants[label(run.signatures)].kinds.append(kind) }
        for (kind, cell) in cells {
            for (_, run) in cell.ran {
                let index = label(run.signatures)
                if let last = variants[index].runs.indices.last, variants[index].runs[last].kind == kind {
                    variants[index].runs[last].count += 1
                } else {
                    variants[index].runs.append((kind, 1))
                }
            }
        }
        self.variants = variants
        var deliveries: [DeliveriesDifference] = []
        if let reference = runs.first {
            for (kind, run) in runs.dropFirst() {
                // Touches on a layer surface reach no view: an empty log is "nothing delivered",
                // which a comparison of logs cannot read.
                let empty = (reference.run.normalizedDeliveries.isEmpty, run.normalizedDeliveries.isEmpty)
                if empty.0 || empty.1 {
                    deliveries.append(DeliveriesDifference(
                        kind: kind, summary: empty.0 && empty.1 ? "equal (nothing delivered)"
                            : "\(empty.0 ? reference.kind.displayName : kind.displayName) delivered nothing",
                        isEqual: empty.0 && empty.1))
                    continue
                }
                let comparison = try? DeliveriesComparison(logA: reference.run.normalizedDeliveries,
                                                           nameA: reference.kind.displayName,
                                                           logB: run.normalizedDeliveries, nameB: kind.displayName)
                deliveries.append(DeliveriesDifference(kind: kind, summary: comparison?.summary ?? "unreadable log",
                                                       isEqual: comparison?.isEqual ?? false))
            }
        }
        self.deliveries = deliveries
    }

    /// The compositor that deliveries are compared against.
    public var reference: CompositorKind? { runs.first?.kind }

    /// True when every compositor that ran the script sent the same stream, delivered the same
    /// calls and ended in the same state, each in its usual run (vacuously true for fewer than
    /// two). A cell whose runs varied does not by itself make compositors differ: see ``varied``.
    public var agrees: Bool {
        usualVariants.count <= 1 && deliveries.allSatisfy(\.isEqual) && outcomeDifferences.isEmpty
    }

    /// The variants of the usual runs.
    public var usualVariants: [Variant] { variants.filter { !$0.kinds.isEmpty } }

    /// The variant a compositor's usual run belongs to.
    public func variant(of kind: CompositorKind) -> Variant? {
        variants.first { $0.kinds.contains(kind) }
    }

    /// The variants a compositor's runs sent, each with how many of its runs sent it, most runs
    /// first (letter order on a tie).
    public func variantCounts(of kind: CompositorKind) -> [(label: String, count: Int)] {
        variants.compactMap { variant in
            variant.runs.first { $0.kind == kind }.map { (variant.label, $0.count) }
        }.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(\.element)
    }

    /// The compositors whose runs of this script did not all send the same stream.
    public var varied: [CompositorKind] {
        cells.filter { $0.cell.streamVaried }.map(\.kind)
    }

    /// Frame indices (0-based) where not every variant has the same signature.
    public var differingFrames: [Int] {
        let count = variants.map(\.signatures.count).max() ?? 0
        return (0..<count).filter { index in
            Set(variants.map { index < $0.signatures.count ? $0.signatures[index] : "" }).count > 1
        }
    }

    /// Outcome rows ("view NAME", "recognizer NAME") whose values differ across the runs, with
    /// each compositor's value ("-" when it has none).
    public var outcomeDifferences: [(row: String, values: [String])] {
        outcomeRows.filter { Set($0.values).count > 1 }
    }

    /// Every outcome row: views then recognizers, sorted, with each run's value.
    public var outcomeRows: [(row: String, values: [String])] {
        let views = Set(runs.flatMap { $0.run.outcome.views.keys }).sorted()
        let recognizers = Set(runs.flatMap { $0.run.outcome.recognizers.keys }).sorted()
        return views.map { name in ("view \(name)", runs.map { $0.run.outcome.views[name] ?? "-" }) }
            + recognizers.map { name in ("recognizer \(name)", runs.map { $0.run.outcome.recognizers[name] ?? "-" }) }
    }
}
