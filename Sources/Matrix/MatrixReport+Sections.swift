import CompositorDrivers
import Foundation

// MARK: - report.md: what varied, and the baseline

extension MatrixReport {
    /// With `--repeat`: every finding and stream seen in some runs of a cell only.
    static func unstableSection(_ result: MatrixResult, _ comparisons: [ScriptComparison]) -> String {
        guard result.repeatCount > 1 else { return "" }
        var out = "## Unstable: seen in some runs only\n\n"
        var rows: [[String]] = unstableFindings(result).map { finding in
            [finding.kind.displayName, finding.script, title(finding.id), "\(finding.runs)/\(finding.of)"]
        }
        for (kind, script) in variedStreams(result) {
            let comparison = comparisons.first { $0.script.name == script }
            let ran = result.columns.first { $0.kind == kind }?.cells[script]?.ran.count ?? 0
            let counts = comparison?.variantCounts(of: kind).map { "\($0.label) \($0.count)/\(ran)" } ?? []
            rows.append([kind.displayName, script, "stream varied (the script's section has the frames)",
                         counts.joined(separator: ", ")])
        }
        guard !rows.isEmpty else {
            return out + "Every finding and every stream was seen in every run of its cell.\n\n"
        }
        out += "Not a plain fact about the compositor: run again, or with a larger `--repeat`, before reading much into it.\n\n"
        out += "| compositor | script | finding | runs |\n|---|---|---|---|\n"
        for cells in rows { out += row(cells) }
        return out + "\n"
    }

    /// With `--expect`: what is new, what was fixed, and what the baseline says of cells not run.
    static func baselineSection(_ check: MatrixBaselineCheck) -> String {
        var out = "## Against the baseline\n\n" + baselineSentence(check) + " A finding is new when the baseline does not "
        out += "list it for its compositor and script, fixed when the baseline lists it (not as unstable) and no run showed it.\n\n"
        let listed = check.entries.filter { $0.status != .expected }
        if !listed.isEmpty {
            out += "| | compositor | script | finding | runs |\n|---|---|---|---|---|\n"
            for entry in listed {
                out += row([entry.status.text, entry.cell.compositor.displayName, entry.cell.script, title(entry.rule), "\(entry.runs)/\(entry.of)"])
            }
            out += "\n"
        }
        if !check.fixed.isEmpty || !check.new.isEmpty {
            out += "To take this run's findings as the new baseline without running anything again: `gesture-sandbox matrix "
            out += "merge THIS-FOLDER -o NEW-FOLDER --expect \(check.baseline.source) --write-expect \(check.baseline.source)`; "
            out += "or edit the file (one `COMPOSITOR SCRIPT RULE [unstable]` per line).\n\n"
        }
        if !check.notChecked.isEmpty {
            out += check.notChecked.count == 1 ? "1 baseline line is" : "\(check.notChecked.count) baseline lines are"
            out += " about cells this run did not run (other compositors, "
            out += "other shards, not injectable here): neither confirmed nor fixed.\n\n"
        }
        return out
    }
}
