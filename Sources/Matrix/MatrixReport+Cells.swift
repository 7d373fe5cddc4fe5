import CompositorDrivers
import Foundation

// MARK: - What the tables' cells say (report.md and matrix.html share them)

extension MatrixReport {
    /// One sentence on the exit status, then one on the baseline (with `--expect`) and one on
    /// the unstable findings (with `--repeat`), when there is something to say.
    public static func verdict(_ result: MatrixResult) -> String {
        let check = result.baselineCheck
        var text: String
        switch result.exitCode {
        case 2: text = "a compositor or a script could not run (exit status 2); see the tables."
        case 1 where check != nil: text = "new findings, not in the baseline (exit status 1)."
        case 1: text = "compositors differ or a rule is broken (exit status 1)."
        default: text = check == nil ? "every compositor agrees and no rule is broken." : "no finding beyond the baseline (exit status 0)."
        }
        if let check { text += " " + baselineSentence(check) }
        let unstable = unstableFindings(result)
        if !unstable.isEmpty {
            text += " Unstable, seen in some runs only: " + list(unstable.map { "\($0.kind.displayName) \($0.script) \($0.id) \($0.runs)/\($0.of)" }) + "."
        }
        let varied = variedStreams(result)
        if !varied.isEmpty {
            text += " Streams that varied from run to run: " + list(varied.map { "\($0.kind.displayName) \($0.script)" }) + "."
        }
        return text
    }

    /// Cells whose runs sent different streams, in column and script order.
    static func variedStreams(_ result: MatrixResult) -> [(kind: CompositorKind, script: String)] {
        result.columns.flatMap { column in
            result.scripts.compactMap { script in
                column.cells[script.name]?.streamVaried == true ? (column.kind, script.name) : nil
            }
        }
    }

    /// "Against expected.txt: 1 new (kwin titlebar R4 1/3), 1 fixed (weston tap A1)."
    static func baselineSentence(_ check: MatrixBaselineCheck) -> String {
        var parts = ["\(check.new.count) new" + (check.new.isEmpty ? "" : " (" + list(check.new.map {
            "\($0.name) \($0.runs)/\($0.of)" + ($0.isUnstable ? ", unstable: does not fail the job" : "")
        }) + ")")]
        parts.append("\(check.fixed.count) fixed" + (check.fixed.isEmpty ? "" : " (" + list(check.fixed.map(\.name)) + ")"))
        parts.append("\(check.expected.count) expected")
        return "Against \(check.baseline.source): " + parts.joined(separator: ", ") + "."
    }

    /// At most eight items, then how many more.
    static func list(_ items: [String]) -> String {
        items.count <= 8 ? items.joined(separator: ", ") : items.prefix(8).joined(separator: ", ") + " and \(items.count - 8) more"
    }

    /// Findings seen in some of a cell's runs only, in column and script order.
    static func unstableFindings(_ result: MatrixResult) -> [(kind: CompositorKind, script: String, id: String, runs: Int, of: Int)] {
        result.columns.flatMap { column in
            result.scripts.flatMap { script -> [(CompositorKind, String, String, Int, Int)] in
                guard let cell = column.cells[script.name] else { return [] }
                let ran = cell.ran.count
                return cell.findingCounts.filter { $0.runs < ran }.map { (column.kind, script.name, $0.id, $0.runs, ran) }
            }
        }
    }

    /// A column's status: a code for results.json, the reason when it did not run, the table's text.
    static func status(of column: MatrixColumn, in result: MatrixResult) -> (code: String, reason: String?, text: String) {
        if let reason = column.unavailable { return ("could-not-run", reason, reason) }
        if column.cells.isEmpty, result.shard != nil { return ("not-run", "not in this shard", "not in this shard") }
        return ("ran", nil, "ran")
    }

    /// One finding in a cell: "A1", or "R4 1/3 (unstable, new)".
    static func token(_ id: String, runs: Int, of ran: Int, repeated: Bool, status: MatrixBaselineCheck.Status?) -> String {
        var flags: [String] = []
        if runs < ran { flags.append("unstable") }
        if status == .new { flags.append("new") }
        return id + (repeated ? " \(runs)/\(ran)" : "") + (flags.isEmpty ? "" : " (" + flags.joined(separator: ", ") + ")")
    }

    /// What one cell of the summary says: the stream variant (with k/n when repeated), the rule
    /// ids found, and against a baseline what is new and what was fixed.
    static func summaryCell(_ column: MatrixColumn, _ script: MatrixScript, _ comparison: ScriptComparison,
                            _ result: MatrixResult, check: MatrixBaselineCheck? = nil) -> String {
        if column.unavailable != nil { return "-" }
        guard let cell = column.cells[script.name] else { return "-" }
        if let items = cell.notInjectable {
            return "not injectable here (" + Set(items.map(\.needs)).sorted().joined(separator: ", ") + ")"
        }
        if let reason = cell.notSupported { return reason }
        let ran = cell.ran.count
        guard ran > 0 else { return "failed" }
        let repeated = result.repeatCount > 1
        let key = MatrixCellKey(column.kind, script.name)
        var text: String
        if repeated {
            let counts = comparison.variantCounts(of: column.kind)
            text = counts.map { "\($0.label) \($0.count)/\(ran)" }.joined(separator: ", ") + (counts.count > 1 ? " (unstable)" : "")
        } else {
            text = comparison.variant(of: column.kind)?.label ?? "?"
        }
        let tokens = cell.findingCounts.map { id, runs in
            token(id, runs: runs, of: ran, repeated: repeated, status: check?.entry(key, id)?.status)
        }
        let fixed = check?.entries.filter { $0.cell == key && $0.status == .fixed }.map(\.rule) ?? []
        if tokens.isEmpty && fixed.isEmpty {
            text += " ✓"
        } else {
            let plain = !repeated && check == nil
            if !tokens.isEmpty { text += " · " + tokens.joined(separator: plain ? " " : ", ") }
            if !fixed.isEmpty { text += " · fixed: " + fixed.joined(separator: ", ") }
        }
        if !cell.failures.isEmpty { text += " · \(cell.failures.count) of \(cell.outcomes.count) runs failed" }
        return text
    }

    /// The agreement column of the summary.
    static func agreement(_ comparison: ScriptComparison) -> String {
        let varied = comparison.varied.isEmpty ? ""
            : "; varied: " + comparison.varied.map(\.displayName).joined(separator: ", ")
        if comparison.runs.count < 2 { return (comparison.runs.isEmpty ? "not run" : "one compositor") + varied }
        if comparison.agrees { return "agree" + varied }
        var parts: [String] = []
        if comparison.usualVariants.count > 1 { parts.append("\(comparison.usualVariants.count) streams") }
        if !comparison.deliveries.allSatisfy(\.isEqual) { parts.append("deliveries") }
        if !comparison.outcomeDifferences.isEmpty { parts.append("outcomes") }
        return "differ: " + parts.joined(separator: ", ") + varied
    }

    /// Rule id → per compositor, the scripts where it was found (with k/n and the marks of
    /// ``token(_:runs:of:repeated:status:)``).
    static func findingsByRule(_ result: MatrixResult, check: MatrixBaselineCheck? = nil) -> [(id: String, scripts: [[String]])] {
        var ids = Set<String>()
        for column in result.columns { for cell in column.cells.values { ids.formUnion(cell.findingCounts.map(\.id)) } }
        let repeated = result.repeatCount > 1
        return sorted(ids).map { id in
            (id, result.columns.map { column in
                result.scripts.compactMap { script -> String? in
                    guard let cell = column.cells[script.name] else { return nil }
                    let runs = cell.runs(showing: id)
                    guard runs > 0 else { return nil }
                    let status = check?.entry(MatrixCellKey(column.kind, script.name), id)?.status
                    let mark = token(id, runs: runs, of: cell.ran.count, repeated: repeated, status: status)
                    return script.name + mark.dropFirst(id.count)
                }
            })
        }
    }
}
