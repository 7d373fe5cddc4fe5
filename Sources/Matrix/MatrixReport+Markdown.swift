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
        "A4": "cancel across surfaces", "A6": "unusual id", "A8": "touch capability removed mid-sequence",
        "A11": "motion outside the surface", "A12": "motion without change", "A13": "several motions per id per frame",
        "A14": "time went backwards", "A17": "shape just before up", "A19": "cancel with no touch",
        "H1": "timestamps look like µs", "H2": "coordinates jump (surface switch?)",
    ]

    /// "R4 empty wl_touch.frame", or an observation's title.
    static func title(_ id: String) -> String {
        if let observation = MatrixObservation(rawValue: id) { return "\(id) \(observation.title)" }
        return ruleTitles[id].map { "\(id) \($0)" } ?? id
    }

    /// Rule ids in a stable order: violations (R, S), observations (M), ambiguities (A), heuristics (H).
    static func sorted(_ ids: Set<String>) -> [String] {
        let rank: (String) -> (Int, Int) = { id in
            let order = ["R", "S", "M", "A", "H"].firstIndex(of: String(id.prefix(1))) ?? 9
            return (order, Int(id.dropFirst()) ?? 0)
        }
        return ids.sorted { rank($0) < rank($1) }
    }

    /// The report's Markdown text.
    public static func markdown(_ result: MatrixResult) -> String {
        let columns = result.columns
        var out = "# Compositor matrix\n\n"
        out += "\(result.scripts.count) scripts on \(columns.count) compositors in \(Int(result.seconds.rounded())) s; "
        out += "our client ran the `\(result.scene)` scene under the `\(result.profile)` profile. Scripts are in "
        out += "window-relative logical pixels, placed on each compositor by a calibration tap (docs/battery.md); "
        out += "rule ids are those of docs/rules.md, M1–M5 are the matrix's own observations (docs/battery.md).\n\n"
        out += "Verdict: \(verdict(result))\n\n"
        out += compositorsTable(columns) + summaryTable(result) + findingsTable(result)
        for comparison in result.comparisons { out += scriptSection(comparison, result: result) }
        return out
    }

    /// One sentence: agreement, or why the exit status is not 0.
    public static func verdict(_ result: MatrixResult) -> String {
        switch result.exitCode {
        case 0: "every compositor agrees and no rule is broken."
        case 1: "compositors differ or a rule is broken (exit status 1)."
        default: "a compositor or a script could not run (exit status 2); see the tables."
        }
    }

    private static func header(_ first: String, _ columns: [MatrixColumn], extra: [String] = []) -> String {
        let names = [first] + columns.map(\.kind.displayName) + extra
        return "| " + names.map(cell).joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: names.count) + "\n"
    }

    private static func row(_ cells: [String]) -> String { "| " + cells.map(cell).joined(separator: " | ") + " |\n" }

    private static func compositorsTable(_ columns: [MatrixColumn]) -> String {
        var out = "## Compositors\n\n" + header("", columns)
        out += row(["version"] + columns.map { $0.version ?? "-" })
        out += row(["status"] + columns.map { $0.unavailable ?? "ran" })
        out += row(["window"] + columns.map { column in
            guard let size = column.windowSize, let origin = column.windowOrigin else { return "-" }
            return "\(size.width)×\(size.height) at \(number(origin.x)),\(number(origin.y))"
        })
        out += row(["injects"] + columns.map { $0.unavailable == nil ? $0.capabilities.names.joined(separator: ", ") : "-" })
        return out + "\n"
    }

    /// What one cell of the summary says: the stream variant and the rule ids found.
    static func summaryCell(_ column: MatrixColumn, _ script: MatrixScript, _ comparison: ScriptComparison) -> String {
        if column.unavailable != nil { return "-" }
        switch column.cells[script.name] {
        case .ran(let run)?:
            let variant = comparison.variant(of: column.kind)?.label ?? "?"
            let ids = run.ruleIDs
            return "\(variant)" + (ids.isEmpty ? " ✓" : " · " + sorted(Set(ids)).joined(separator: " "))
        case .notInjectable(let items)?:
            return "not injectable here (" + Set(items.map(\.needs)).sorted().joined(separator: ", ") + ")"
        case .failed?:
            return "failed"
        case nil:
            return "-"
        }
    }

    /// The agreement column of the summary.
    static func agreement(_ comparison: ScriptComparison) -> String {
        if comparison.runs.count < 2 { return comparison.runs.isEmpty ? "not run" : "one compositor" }
        if comparison.agrees { return "agree" }
        var parts: [String] = []
        if comparison.variants.count > 1 { parts.append("\(comparison.variants.count) streams") }
        if !comparison.deliveries.allSatisfy(\.isEqual) { parts.append("deliveries") }
        if !comparison.outcomeDifferences.isEmpty { parts.append("outcomes") }
        return "differ: " + parts.joined(separator: ", ")
    }

    private static func summaryTable(_ result: MatrixResult) -> String {
        var out = "## Scripts × compositors\n\n"
        out += "Each cell: the stream variant (compositors with the same letter sent the same frames) and the rule "
        out += "ids found; ✓ when none.\n\n" + header("script", result.columns, extra: ["across compositors"])
        for comparison in result.comparisons {
            out += row([comparison.script.name] + result.columns.map { summaryCell($0, comparison.script, comparison) }
                + [agreement(comparison)])
        }
        return out + "\n"
    }

    /// Rule id → per compositor, the scripts where it was found.
    static func findingsByRule(_ result: MatrixResult) -> [(id: String, scripts: [[String]])] {
        var ids = Set<String>()
        for column in result.columns { for cell in column.cells.values { ids.formUnion(cell.run?.ruleIDs ?? []) } }
        return sorted(ids).map { id in
            (id, result.columns.map { column in
                result.scripts.filter { column.cells[$0.name]?.run?.ruleIDs.contains(id) == true }.map(\.name)
            })
        }
    }

    private static func findingsTable(_ result: MatrixResult) -> String {
        var out = "## Findings: rule × compositor\n\nEach cell lists the scripts in which the rule was found.\n\n"
        let rows = findingsByRule(result)
        guard !rows.isEmpty else { return out + "No findings on any compositor.\n\n" }
        out += header("rule", result.columns)
        for (id, scripts) in rows {
            out += row([title(id)] + scripts.map { $0.isEmpty ? "" : $0.joined(separator: ", ") })
        }
        return out + "\n"
    }

    private static func scriptSection(_ comparison: ScriptComparison, result: MatrixResult) -> String {
        let script = comparison.script
        var out = "## \(script.name): \(script.summary)\n\n```text\n\(script.text)```\n\n"
        for column in result.columns {
            switch column.cells[script.name] {
            case .notInjectable(let items)?:
                out += "- \(column.kind.displayName): not injectable here: " + items.map(\.description).joined(separator: "; ") + "\n"
            case .failed(let message)?:
                out += "- \(column.kind.displayName): failed: \(message)\n"
            default: break
            }
        }
        guard !comparison.runs.isEmpty else { return out + "\n" }
        out += "\nStreams: " + comparison.variants.map { variant in
            "\(variant.label) (\(variant.kinds.map(\.displayName).joined(separator: ", ")); \(variant.signatures.count) frames)"
        }.joined(separator: "; ") + ".\n\n"
        let differing = comparison.differingFrames
        if comparison.variants.count > 1 {
            out += "Frames that differ (index from 0; events with renumbered ids, surface-local coordinates):\n\n"
            out += "| frame | " + comparison.variants.map { "\($0.label)" }.joined(separator: " | ") + " |\n|---|"
                + String(repeating: "---|", count: comparison.variants.count) + "\n"
            for index in differing.prefix(12) {
                out += row([String(index)] + comparison.variants.map { index < $0.signatures.count ? $0.signatures[index] : "(none)" })
            }
            if differing.count > 12 { out += "\n… and \(differing.count - 12) more; every frame is in matrix.html.\n" }
            out += "\n"
        }
        if let reference = comparison.reference, !comparison.deliveries.isEmpty {
            out += "Deliveries against \(reference.displayName): " + comparison.deliveries.map {
                "\($0.kind.displayName) \($0.summary)"
            }.joined(separator: "; ") + ".\n\n"
        }
        let outcomes = comparison.outcomeRows
        if !outcomes.isEmpty {
            let moved = outcomes.filter { row in row.values.contains { $0 != "0,0" && $0 != "possible" } }
            if !moved.isEmpty {
                out += "Outcomes (views: how far each moved; recognizers: how often each fired, else its last decision):\n\n"
                out += "| | " + comparison.runs.map(\.kind.displayName).joined(separator: " | ") + " |\n|---|"
                    + String(repeating: "---|", count: comparison.runs.count) + "\n"
                for (name, values) in moved { out += row([name] + values) }
                out += "\n"
            }
        }
        for (kind, run) in comparison.runs {
            var firsts: [String: Finding] = [:]
            for finding in run.findings where firsts[finding.ruleID] == nil { firsts[finding.ruleID] = finding }
            let lines = sorted(Set(firsts.keys)).compactMap { firsts[$0] }.map { "record \($0.recordIndex): \($0.ruleID) \(shorten($0.message))" }
                + run.observations.map { "\($0.rawValue) \($0.title)" } + run.notInjected.map { "not injected by the driver: \($0)" }
                + run.notes
            guard !lines.isEmpty else { continue }
            out += "- \(kind.displayName): " + lines.joined(separator: "; ") + "\n"
        }
        return out + "\n"
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
