import CompositorDrivers
import Foundation
import TouchStream

// MARK: - report.md

/// The matrix's text outputs: `report.md` and the rule titles both outputs share.
public enum MatrixReport {
    /// Short titles of the rule ids findings carry (docs/rules.md has the full text).
    static let ruleTitles: [String: String] = [
        "R1": "down for an id already down", "R2": "event for an id that is not down",
        "R3": "event for an id after its up", "R4": "empty wl_touch.frame", "R5": "event for an id after a cancel",
        "R8": "shape/orientation without a frame", "R9": "shape/orientation before down",
        "R10": "shape major < minor", "R11": "orientation out of range", "R12": "shape/orientation below v6",
        "R14": "event while the seat has no touch", "S1": "down outside the surface", "S8": "serial went down",
        "A1": "no frame after the last up", "A2": "frame after cancel", "A3": "cancel with events pending",
        "A4": "cancel across surfaces", "A6": "unusual id", "A7": "touch events after the surface was destroyed",
        "A8": "touch capability removed mid-sequence",
        "A11": "motion outside the surface", "A12": "motion without change", "A13": "several motions per id per frame",
        "A14": "time went backwards", "A17": "shape just before up", "A19": "cancel with no touch",
        "H1": "timestamps look like µs", "H2": "coordinates jump (surface switch?)",
        "H3": "touched window got no keyboard focus or activation",
    ]

    /// "R4 empty wl_touch.frame", or an observation's title.
    static func title(_ id: String) -> String {
        if let observation = MatrixObservation(rawValue: id) { return "\(id) \(observation.title)" }
        return ruleTitles[id].map { "\(id) \($0)" } ?? id
    }

    /// A rule's or observation's short title without its id (the id itself when none is known).
    static func plainTitle(_ id: String) -> String {
        MatrixObservation(rawValue: id)?.title ?? ruleTitles[id] ?? id
    }

    /// Rule ids in a stable order: violations (R, S), observations (M), ambiguities (A), heuristics (H).
    static func sorted(_ ids: Set<String>) -> [String] {
        ids.sorted { rank($0) < rank($1) }
    }

    /// A rule id's place in that order.
    static func rank(_ id: String) -> (Int, Int) {
        let order = ["R", "S", "M", "A", "H"].firstIndex(of: String(id.prefix(1))) ?? 9
        return (order, Int(id.dropFirst()) ?? 0)
    }

    /// The report's Markdown text.
    public static func markdown(_ result: MatrixResult) -> String {
        var out = "# Compositor matrix\n\n" + introduction(result) + "\n\n"
        out += "Verdict: \(verdict(result))\n\n"
        let check = result.baselineCheck, comparisons = result.comparisons
        out += compositorsTable(result) + summaryTable(result, comparisons, check: check) + findingsTable(result, check: check)
        out += unstableSection(result, comparisons) + (check.map(baselineSection) ?? "") + timeSection(result)
        for comparison in comparisons { out += scriptSection(comparison, result: result) }
        return out
    }

    /// The report's first paragraph: what ran, how often, where the ids are explained.
    static func introduction(_ result: MatrixResult) -> String {
        var out = result.size
        if result.repeatCount > 1 { out += ", each cell run \(result.repeatCount) times," }
        out += " in \(Int(result.seconds.rounded())) s; "
        out += "our client ran the `\(result.scene)` scene under the `\(result.profile)` profile. Scripts are in "
        out += "window-relative logical pixels, placed on each compositor by a calibration tap (docs/battery.md); "
        out += "rule ids are those of docs/rules.md, M1–M22 are the matrix's own observations (docs/battery.md)."
        if result.repeatCount > 1 {
            out += " k/n: seen in k of the n runs that ran; **unstable**: seen in some runs only."
        }
        if let shard = result.shard {
            out += " This is shard \(shard) (\(result.coveredCells.count) of "
            out += "\(result.columns.count * result.scripts.count) cells); `gesture-sandbox matrix merge` puts the shards together."
        }
        return out
    }

    static func header(_ first: String, _ columns: [MatrixColumn], extra: [String] = []) -> String {
        let names = [first] + columns.map(\.kind.displayName) + extra
        return "| " + names.map(cell).joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: names.count) + "\n"
    }

    static func row(_ cells: [String]) -> String { "| " + cells.map(cell).joined(separator: " | ") + " |\n" }

    private static func compositorsTable(_ result: MatrixResult) -> String {
        let columns = result.columns
        var out = "## Compositors\n\n" + header("", columns)
        out += row(["version"] + columns.map { $0.version ?? "-" })
        out += row(["status"] + columns.map { status(of: $0, in: result).text })
        out += row(["window"] + columns.map { column in
            guard let size = column.windowSize, let origin = column.windowOrigin else { return "-" }
            return "\(size.width)×\(size.height) at \(number(origin.x)),\(number(origin.y))"
        })
        out += row(["injects"] + columns.map { $0.unavailable == nil ? $0.capabilities.names.joined(separator: ", ") : "-" })
        return out + "\n"
    }

    private static func summaryTable(_ result: MatrixResult, _ comparisons: [ScriptComparison],
                                     check: MatrixBaselineCheck?) -> String {
        var out = "## Scripts × compositors\n\n"
        out += "Each cell: the stream variant (compositors with the same letter sent the same frames) and the rule "
        out += "ids found; ✓ when none."
        if result.repeatCount > 1 { out += " With k/n, the runs that showed each." }
        if result.baseline != nil { out += " (new): not in the baseline; fixed: in the baseline, seen in no run." }
        out += "\n\n" + header("script", result.columns, extra: ["across compositors"])
        for comparison in comparisons {
            out += row([comparison.script.name] + result.columns.map { summaryCell($0, comparison.script, comparison, result, check: check) }
                + [agreement(comparison)])
        }
        return out + "\n"
    }

    private static func findingsTable(_ result: MatrixResult, check: MatrixBaselineCheck?) -> String {
        var out = "## Findings: rule × compositor\n\nEach cell lists the scripts in which the rule was found"
        out += result.repeatCount > 1 ? ", with the runs that showed it.\n\n" : ".\n\n"
        let rows = findingsByRule(result, check: check)
        guard !rows.isEmpty else { return out + "No findings on any compositor.\n\n" }
        out += header("rule", result.columns)
        for (id, scripts) in rows {
            out += row([title(id)] + scripts.map { $0.joined(separator: ", ") })
        }
        return out + "\n"
    }

    private static func scriptSection(_ comparison: ScriptComparison, result: MatrixResult) -> String {
        let script = comparison.script
        var out = "## \(script.name): \(script.summary)\n\n```text\n\(script.text)```\n\n"
        for column in result.columns {
            guard let cell = column.cells[script.name] else { continue }
            if let items = cell.notInjectable {
                out += "- \(column.kind.displayName): not injectable here: " + items.map(\.description).joined(separator: "; ") + "\n"
            }
            if let reason = cell.notSupported { out += "- \(column.kind.displayName): \(reason)\n" }
            for (number, message) in cell.failures {
                out += "- \(column.kind.displayName): " + (result.repeatCount > 1 ? "run \(number) " : "") + "failed: \(message)\n"
            }
        }
        guard !comparison.runs.isEmpty else { return out + "\n" }
        out += "\nStreams: " + comparison.variants.map { variant in
            "\(variant.label) (\(streamSenders(variant, comparison, result)); \(variant.signatures.count) frames)"
        }.joined(separator: "; ") + ".\n\n"
        let varied = comparison.varied
        if !varied.isEmpty {
            out += "Varied from run to run: " + varied.map { kind in
                "\(kind.displayName) (" + comparison.variantCounts(of: kind).map { "\($0.label) \($0.count)/\(ranCount(kind, comparison))" }
                    .joined(separator: ", ") + ")"
            }.joined(separator: "; ") + "; compared across compositors by the stream seen most often.\n\n"
        }
        out += framesTable(comparison) + deliveriesAndOutcomes(comparison)
        for (kind, run) in comparison.runs {
            var firsts: [String: Finding] = [:]
            for finding in run.allFindings.map(\.finding) where firsts[finding.ruleID] == nil { firsts[finding.ruleID] = finding }
            let lines = sorted(Set(firsts.keys)).compactMap { firsts[$0] }.map { "record \($0.recordIndex): \($0.ruleID) \(shorten($0.message))" }
                + run.observations.map { "\($0.rawValue) \($0.title)" } + run.notInjected.map { "not injected by the driver: \($0)" }
                + run.notes
            guard !lines.isEmpty else { continue }
            let which = result.repeatCount > 1
                ? " (run \(comparison.cells.first { $0.kind == kind }?.cell.usualRunNumber ?? 1))" : ""
            out += "- \(kind.displayName)\(which): " + lines.joined(separator: "; ") + "\n"
        }
        return out + "\n"
    }

    /// "weston, KWin" (one run per cell), or "weston 3/3, KWin 1/3".
    private static func streamSenders(_ variant: ScriptComparison.Variant, _ comparison: ScriptComparison,
                                      _ result: MatrixResult) -> String {
        guard result.repeatCount > 1 else { return variant.kinds.map(\.displayName).joined(separator: ", ") }
        return variant.runs.map { "\($0.kind.displayName) \($0.count)/\(ranCount($0.kind, comparison))" }.joined(separator: ", ")
    }

    private static func ranCount(_ kind: CompositorKind, _ comparison: ScriptComparison) -> Int {
        comparison.cells.first { $0.kind == kind }?.cell.ran.count ?? 0
    }

    private static func framesTable(_ comparison: ScriptComparison) -> String {
        guard comparison.variants.count > 1 else { return "" }
        let differing = comparison.differingFrames
        var out = "Frames that differ (index from 0; events with renumbered ids, surface-local coordinates):\n\n"
        out += "| frame | " + comparison.variants.map { "\($0.label)" }.joined(separator: " | ") + " |\n|---|"
            + String(repeating: "---|", count: comparison.variants.count) + "\n"
        for index in differing.prefix(12) {
            out += row([String(index)] + comparison.variants.map { index < $0.signatures.count ? $0.signatures[index] : "(none)" })
        }
        if differing.count > 12 { out += "\n… and \(differing.count - 12) more; every frame is in matrix.html.\n" }
        return out + "\n"
    }

    private static func deliveriesAndOutcomes(_ comparison: ScriptComparison) -> String {
        var out = ""
        if let reference = comparison.reference, !comparison.deliveries.isEmpty {
            out += "Deliveries against \(reference.displayName): " + comparison.deliveries.map {
                "\($0.kind.displayName) \($0.summary)"
            }.joined(separator: "; ") + ".\n\n"
        }
        let outcomes = comparison.outcomeRows
        let moved = outcomes.filter { row in row.values.contains { $0 != "0,0" && $0 != "possible" } }
        if !moved.isEmpty {
            out += "Outcomes (views: how far each moved; recognizers: how often each fired, else its last decision; window: its last configure, or closed, where it changed from how it was shown):\n\n"
            out += "| | " + comparison.runs.map(\.kind.displayName).joined(separator: " | ") + " |\n|---|"
                + String(repeating: "---|", count: comparison.runs.count) + "\n"
            for (name, values) in moved { out += row([name] + values) }
            out += "\n"
        }
        return out
    }

    /// A finding's message without the quoted rule text (the table names the rule).
    private static func shorten(_ message: String) -> String {
        message.split(separator: ";", maxSplits: 1).first.map(String.init) ?? message
    }

    /// Text safe inside a Markdown table cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
    }
}
