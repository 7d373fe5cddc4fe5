import CompositorDrivers
import Foundation

// MARK: - One cell, run N times

/// One cell of the matrix, one script on one compositor, run once per `--repeat`: what each run
/// gave, and what holds across them.
///
/// Stability rule: a finding (a rule id or an M observation) or a stream is **stable** in a cell
/// when every run that ran showed it, and **unstable** when only some did. Counts are "k of n",
/// n being the runs that ran (a run that failed counts in no denominator; the cell then also
/// says it failed). With one run everything is stable. A cell's **usual run** stands for it
/// in comparisons across compositors: the first run of the stream seen most often (the earliest
/// such stream on a tie), which is the stable stream when the runs agree.
public struct MatrixCellRuns: Sendable {
    /// What each run gave, in run order. A script that is not injectable on the compositor is not
    /// repeated: one `.notInjectable` outcome; nor is one
    /// whose client the compositor cannot serve (one `.notSupported`).
    public var outcomes: [MatrixCell]

    /// Creates a cell from its runs' outcomes.
    public init(_ outcomes: [MatrixCell] = []) { self.outcomes = outcomes }

    /// The runs that ran, with their 1-based numbers.
    public var ran: [(number: Int, run: MatrixRun)] {
        outcomes.enumerated().compactMap { index, outcome in outcome.run.map { (index + 1, $0) } }
    }

    /// The runs that failed, with their 1-based numbers and why.
    public var failures: [(number: Int, message: String)] {
        outcomes.enumerated().compactMap { index, outcome in
            if case .failed(let message) = outcome { (index + 1, message) } else { nil }
        }
    }

    /// The items the driver cannot inject, when the script was not run here for that reason.
    public var notInjectable: [MatrixScript.Unsupported]? {
        for outcome in outcomes { if case .notInjectable(let items) = outcome { return items } }
        return nil
    }

    /// Why the compositor cannot give the script's client a feature it needs, when that kept
    /// the script from running here ("not supported by sway: no … global").
    public var notSupported: String? {
        for outcome in outcomes { if case .notSupported(let reason) = outcome { return reason } }
        return nil
    }

    /// Rule ids found (checker rules and observations), each with the number of runs that showed
    /// it, in the reports' rule order.
    public var findingCounts: [(id: String, runs: Int)] {
        var counts: [String: Int] = [:]
        for (_, run) in ran { for id in Set(run.ruleIDs) { counts[id, default: 0] += 1 } }
        return MatrixReport.sorted(Set(counts.keys)).map { ($0, counts[$0] ?? 0) }
    }

    /// In how many runs `id` was found.
    public func runs(showing id: String) -> Int {
        ran.filter { $0.run.ruleIDs.contains(id) }.count
    }

    /// True when `id` was found in some runs that ran but not in all.
    public func isUnstable(_ id: String) -> Bool {
        let count = runs(showing: id)
        return count > 0 && count < ran.count
    }

    /// Findings seen in some runs only.
    public var unstableFindings: [String] { findingCounts.filter { $0.runs < ran.count }.map(\.id) }

    /// The run standing for the cell across compositors (see the type's doc); nil when none ran.
    public var usualRun: MatrixRun? {
        usualRunNumber.flatMap { number in outcomes[number - 1].run }
    }

    /// The 1-based number of ``usualRun``.
    public var usualRunNumber: Int? {
        let runs = ran
        var groups: [(signatures: [String], numbers: [Int])] = []
        for (number, run) in runs {
            let signatures = run.signatures
            if let index = groups.firstIndex(where: { $0.signatures == signatures }) {
                groups[index].numbers.append(number)
            } else {
                groups.append((signatures, [number]))
            }
        }
        // max(by:) keeps the first of equals: the stream seen first wins a tie.
        return groups.max { $0.numbers.count < $1.numbers.count }?.numbers.first
    }

    /// True when the runs that ran did not all send the same stream.
    public var streamVaried: Bool {
        Set(ran.map(\.run.signatures)).count > 1
    }

    /// True when any run broke a MUST/SHOULD rule of the checker.
    public var hasViolation: Bool { ran.contains { !$0.run.violations.isEmpty } }
}
