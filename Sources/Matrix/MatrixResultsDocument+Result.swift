import CompositorDrivers
import Foundation

// MARK: - A result as results.json

extension MatrixResultsDocument {
    /// The document of `result`, written by gesture-sandbox `toolVersion`.
    public init(result: MatrixResult, toolVersion: String) {
        let comparisons = result.comparisons
        let check = result.baselineCheck
        tool = Tool(name: "gesture-sandbox", version: toolVersion)
        scene = result.scene
        profile = result.profile
        repeatCount = result.repeatCount
        shard = result.shard.map { Shard(index: $0.index, count: $0.count) }
        seconds = (result.seconds * 10).rounded() / 10
        exitStatus = Int(result.exitCode)
        verdict = MatrixReport.verdict(result)
        compositors = result.columns.map { column in
            let status = MatrixReport.status(of: column, in: result)
            return Compositor(name: column.kind.rawValue, displayName: column.kind.displayName, version: column.version,
                              status: status.code, reason: status.reason, injects: column.capabilities.names,
                              window: column.windowOrigin.flatMap { origin in
                                  column.windowSize.map { Window(x: origin.x, y: origin.y, width: $0.width, height: $0.height) }
                              }, lane: column.kind.lane.rawValue, device: column.device)
        }
        scripts = result.scripts.map { Script(name: $0.name, summary: $0.summary, text: $0.text) }
        cells = result.coveredCells.compactMap { key in
            guard let column = result.columns.first(where: { $0.kind == key.compositor }),
                  let comparison = comparisons.first(where: { $0.script.name == key.script }) else { return nil }
            return Self.cell(key, column: column, comparison: comparison, result: result, check: check)
        }
        self.comparisons = comparisons.map { comparison in
            Comparison(script: comparison.script.name, agrees: comparison.agrees, summary: MatrixReport.agreement(comparison),
                       variants: comparison.variants.map { variant in
                           Variant(variant: variant.label, frames: variant.signatures.count,
                                   compositors: variant.kinds.map(\.rawValue))
                       },
                       varied: comparison.varied.map(\.rawValue))
        }
        expect = check.map { check in
            func entry(_ entry: MatrixBaselineCheck.Entry) -> ExpectEntry {
                ExpectEntry(compositor: entry.cell.compositor.rawValue, script: entry.cell.script, rule: entry.rule,
                            runs: entry.runs, of: entry.of)
            }
            return Expect(file: check.baseline.source, new: check.new.map(entry), fixed: check.fixed.map(entry),
                          expected: check.expected.count, notChecked: check.notChecked.count)
        }
    }

    private static func cell(_ key: MatrixCellKey, column: MatrixColumn, comparison: ScriptComparison,
                             result: MatrixResult, check: MatrixBaselineCheck?) -> Cell {
        let folder = MatrixLayout.cellFolder(key)
        var cell = Cell(compositor: key.compositor.rawValue, script: key.script, status: "ran", folder: folder, runs: [],
                        variants: [], streamVaried: false, findings: [])
        guard let runs = column.cells[key.script] else {
            cell.status = "could-not-run"
            cell.reason = column.unavailable ?? "not run"
            return cell
        }
        if let items = runs.notInjectable {
            cell.status = "not-injectable"
            cell.reason = "not injectable here: " + items.map(\.description).joined(separator: "; ")
            cell.notInjectable = items.map { Unsupported(statement: $0.statement, item: $0.item, needs: $0.needs) }
            return cell
        }
        if let reason = runs.notSupported {
            cell.status = "not-supported"
            cell.reason = reason
            return cell
        }
        if let failure = runs.failures.first {
            cell.status = "could-not-run"
            cell.reason = (result.repeatCount > 1 ? "run \(failure.number): " : "") + failure.message
        }
        cell.runs = runs.outcomes.enumerated().map { index, outcome in
            let number = index + 1
            let runFolder = key.compositor.rawValue + "/"
                + MatrixLayout.runFolder(script: key.script, run: number, of: result.repeatCount)
            var entry = Run(run: number, folder: runFolder, status: "ran", findings: [:], notInjected: [], notes: [])
            switch outcome {
            case .ran(let run):
                entry.variant = comparison.variants.first { $0.signatures == run.signatures }?.label
                for finding in run.allFindings.map(\.finding) { entry.findings[finding.ruleID, default: 0] += 1 }
                for observation in run.observations { entry.findings[observation.rawValue] = 1 }
                entry.notInjected = run.notInjected
                entry.notes = run.notes
            case .failed(let message):
                entry.status = "could-not-run"
                entry.reason = message
            case .notInjectable, .notSupported:
                break
            }
            return entry
        }
        cell.variants = comparison.variantCounts(of: key.compositor).map { VariantCount(variant: $0.label, runs: $0.count) }
        cell.usualVariant = comparison.variant(of: key.compositor)?.label
        cell.streamVaried = runs.streamVaried
        let ran = runs.ran.count
        cell.findings = runs.findingCounts.map { id, count in
            CellFinding(rule: id, title: MatrixReport.plainTitle(id), runs: count, of: ran, unstable: count < ran,
                        expectation: check?.entry(key, id)?.status.rawValue)
        }
        if let check { cell.fixed = check.entries.filter { $0.cell == key && $0.status == .fixed }.map(\.rule) }
        return cell
    }
}
