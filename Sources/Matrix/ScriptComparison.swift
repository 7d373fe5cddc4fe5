import CompositorDrivers
import Foundation
import Playback

// MARK: - One script across compositors

/// How the compositors that ran one script compare: which streams are alike (variants), frame
/// by frame; how each deliveries log differs from the first compositor's; and the outcomes.
public struct ScriptComparison: Sendable {
    /// Compositors whose normalised streams are identical, frame for frame.
    public struct Variant: Sendable {
        /// "A", "B", … in order of first appearance.
        public var label: String
        /// The compositors that produced it.
        public var kinds: [CompositorKind]
        /// Its frames' signatures.
        public var signatures: [String]
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
    /// The compositors that ran it, in column order, with their runs.
    public let runs: [(kind: CompositorKind, run: MatrixRun)]
    /// The distinct streams.
    public let variants: [Variant]
    /// Each run's deliveries against the reference (the reference itself is left out).
    public let deliveries: [DeliveriesDifference]

    /// Compares `runs` of `script`.
    public init(script: MatrixScript, runs: [(kind: CompositorKind, run: MatrixRun)]) {
        self.script = script
        self.runs = runs
        var variants: [Variant] = []
        for (kind, run) in runs {
            let signatures = run.stream.signatures
            if let index = variants.firstIndex(where: { $0.signatures == signatures }) {
                variants[index].kinds.append(kind)
            } else {
                let label = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(min(variants.count, 25))))
                variants.append(Variant(label: label, kinds: [kind], signatures: signatures))
            }
        }
        self.variants = variants
        var deliveries: [DeliveriesDifference] = []
        if let reference = runs.first {
            for (kind, run) in runs.dropFirst() {
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
    /// calls and ended in the same state (vacuously true for fewer than two).
    public var agrees: Bool {
        variants.count <= 1 && deliveries.allSatisfy(\.isEqual) && outcomeDifferences.isEmpty
    }

    /// The variant a compositor's stream belongs to.
    public func variant(of kind: CompositorKind) -> Variant? {
        variants.first { $0.kinds.contains(kind) }
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
