import CompositorDrivers

// MARK: - A run against its baseline

/// What a run's findings are against a baseline (`--expect`), cell by cell.
///
/// Only cells with at least one run that ran are checked; a baseline line for a cell this run
/// did not run (another compositor, another shard, not injectable here, every run failed) is
/// counted as not checked, never as fixed. In a checked cell:
///
/// - a finding seen in any of the runs (stable or unstable) is **expected** when the baseline
///   lists it for that cell (with or without `unstable`), else **new**;
/// - a finding the baseline lists without `unstable` and that no run showed is **fixed**;
/// - a finding the baseline lists as `unstable` and that no run showed is tolerated: neither
///   new nor fixed.
///
/// Only findings count: streams that differ across compositors, deliveries and outcomes are
/// reported as ever but are not findings, and do not change the exit status. A new finding seen
/// in every run makes it 1; one seen in some runs only is reported as new and unstable but does
/// not fail the job, or a flaky compositor would fail it now and then (its line, marked
/// `unstable`, belongs in the baseline); fixed ones do not either (the report says to update
/// the baseline).
public struct MatrixBaselineCheck: Sendable {
    /// What a finding is against the baseline.
    public enum Status: String, Sendable {
        /// Seen, and listed.
        case expected
        /// Seen, and not listed.
        case new
        /// Listed as stable, and seen in no run.
        case fixed
        /// Listed as unstable, and seen in no run: tolerated.
        case unstableNotSeen = "unstable-not-seen"

        /// The reports' words.
        public var text: String {
            self == .unstableNotSeen ? "listed as unstable, not seen" : rawValue
        }
    }

    /// One finding of a checked cell, or one baseline line about it.
    public struct Entry: Sendable {
        /// The cell.
        public var cell: MatrixCellKey
        /// The rule id or observation.
        public var rule: String
        /// Against the baseline.
        public var status: Status
        /// Runs that showed it, of the runs that ran.
        public var runs: Int, of: Int
        /// The baseline's `unstable` mark, when the baseline lists it.
        public var listedUnstable: Bool?

        /// "kwin titlebar R4".
        public var name: String { "\(cell.compositor.rawValue) \(cell.script) \(rule)" }
        /// Seen in some runs only.
        public var isUnstable: Bool { runs > 0 && runs < of }
    }

    /// The baseline checked against.
    public let baseline: MatrixBaseline
    /// Every finding of the checked cells and every baseline line about them, in report order
    /// (column, script, rule).
    public let entries: [Entry]
    /// Baseline lines about cells this run did not check.
    public let notChecked: [MatrixBaseline.Line]

    /// Checks `result`'s cells against `baseline`.
    public init(result: MatrixResult, baseline: MatrixBaseline) {
        self.baseline = baseline
        var entries: [Entry] = []
        var checked = Set<MatrixCellKey>()
        for key in result.coveredCells {
            guard let cell = result.columns.first(where: { $0.kind == key.compositor })?.cells[key.script],
                  !cell.ran.isEmpty else { continue }
            checked.insert(key)
            let counts = cell.findingCounts
            var rules = counts.map(\.id)
            for line in baseline.lines(for: key) where !rules.contains(line.rule) { rules.append(line.rule) }
            for rule in MatrixReport.sorted(Set(rules)) {
                let seen = counts.first { $0.id == rule }?.runs ?? 0
                let line = baseline.line(key, rule)
                let status: Status = switch (seen > 0, line) {
                case (true, nil): .new
                case (true, _?): .expected
                case (false, let line?): line.unstable ? .unstableNotSeen : .fixed
                case (false, nil): .expected  // not reachable: every rule here is seen or listed
                }
                entries.append(Entry(cell: key, rule: rule, status: status, runs: seen, of: cell.ran.count,
                                     listedUnstable: line?.unstable))
            }
        }
        self.entries = entries
        notChecked = baseline.lines.filter { !checked.contains($0.cell) }
    }

    /// Findings the baseline does not list.
    public var new: [Entry] { entries.filter { $0.status == .new } }
    /// New findings seen in every run: the ones that fail the job.
    public var failing: [Entry] { new.filter { !$0.isUnstable } }
    /// Listed findings no run showed.
    public var fixed: [Entry] { entries.filter { $0.status == .fixed } }
    /// Listed findings that showed.
    public var expected: [Entry] { entries.filter { $0.status == .expected } }

    /// The entry for `rule` in `cell`.
    public func entry(_ cell: MatrixCellKey, _ rule: String) -> Entry? {
        entries.first { $0.cell == cell && $0.rule == rule }
    }

    /// One line for the verdict and standard error.
    public var summary: String {
        var parts = ["\(new.count) new", "\(fixed.count) fixed", "\(expected.count) expected"]
        if !notChecked.isEmpty {
            parts.append("\(notChecked.count) baseline \(notChecked.count == 1 ? "line" : "lines") about cells not run here")
        }
        return "against \(baseline.source): " + parts.joined(separator: ", ")
    }
}

// MARK: - Writing a baseline from a run

extension MatrixBaseline {
    /// The baseline of `result`: every finding of every cell that ran, `unstable` when some runs
    /// only showed it, with "k/n" as a comment; lines of `previous` about cells this run did not
    /// run are kept, so a partial run (some compositors, one shard) updates only its own cells.
    public init(result: MatrixResult, keeping previous: MatrixBaseline? = nil, source: String) {
        var lines: [Line] = []
        var ranCells = Set<MatrixCellKey>()
        for key in result.coveredCells {
            guard let cell = result.columns.first(where: { $0.kind == key.compositor })?.cells[key.script],
                  !cell.ran.isEmpty else { continue }
            ranCells.insert(key)
            for (id, runs) in cell.findingCounts {
                lines.append(Line(key, id, unstable: runs < cell.ran.count, comment: "\(runs)/\(cell.ran.count)"))
            }
        }
        let kept = (previous?.lines ?? []).filter { !ranCells.contains($0.cell) }.map { line in
            var line = line
            line.comment = "kept from \(previous?.source ?? "the previous baseline"): not run"
            return line
        }
        self.init(lines: Self.ordered(lines + kept, result: result), source: source)
    }

    /// Lines in report order: compositor (report order), script (run order, unknown ones after,
    /// by name), rule (the reports' rule order).
    private static func ordered(_ lines: [Line], result: MatrixResult) -> [Line] {
        let scripts = result.scripts.map(\.name)
        let kinds = CompositorKind.allCases
        func rank(_ line: Line) -> (Int, Int, String, Int, Int) {
            let rule = MatrixReport.rank(line.rule)
            return (kinds.firstIndex(of: line.cell.compositor) ?? 0, scripts.firstIndex(of: line.cell.script) ?? scripts.count,
                    line.cell.script, rule.0, rule.1)
        }
        return lines.sorted { rank($0) < rank($1) }
    }
}
