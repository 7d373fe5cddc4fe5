import Foundation
import TouchKit

// MARK: - report.md

/// The run as Markdown: the agreement table, then every disagreement with both sides, then the
/// agreeing cases in short. Times are ms after the case's first touch-down (the absolute wl_touch
/// times are in results.json).
public enum ToolkitsReport {
    /// The whole report.
    public static func markdown(_ result: ToolkitsResult) -> String {
        var text = "# Real toolkits and their models\n\n"
        text += "\(summary(result))\n\n" + result.verdict + "\n\n"
        text += "## Agreement\n\n" + markdownTable(agreementHeader, agreementRows(result)) + "\n"
        text += "Compared: every gesture that is not an update, by recognizer, kind, tap count and wl_touch time (ms). "
            + "Scale, angle and velocity of matched gestures are shown; a difference beyond the tolerance "
            + "(scale \(ValueTolerance.format(ValueTolerance.scale)), angle \(ValueTolerance.format(ValueTolerance.angle))°, "
            + "velocity \(Int(ValueTolerance.velocity)) px/s or \(Int(ValueTolerance.velocityShare * 100)) %) is counted under \"values off\".\n\n"
        for toolkit in result.toolkits {
            if let problem = toolkit.problem { text += "- **\(toolkit.oracle.toolkit)** could not run: \(problem)\n" }
        }
        let differing = result.toolkits.flatMap { toolkit in toolkit.cases.filter { !$0.comparison.agrees }.map { (toolkit, $0) } }
        text += "\n## Disagreements (\(differing.count))\n\n"
        if differing.isEmpty { text += "None.\n\n" }
        for (toolkit, item) in differing { text += caseSection(toolkit, item) }
        let names = scriptNames(result)
        if !names.isEmpty { text += "## Scripts\n\n" }
        for name in names {
            for toolkit in result.toolkits {
                guard let item = toolkit.cases.first(where: { $0.testCase.name == name && !$0.testCase.isCorpus }) else { continue }
                text += "### \(name) · \(toolkit.oracle.displayName) (model \(item.comparison.agrees ? "agrees" : "differs"))\n\n"
                let rows = sideBySide(item)
                text += rows.isEmpty ? "Neither recognised anything.\n\n"
                    : markdownTable(["ms", "\(toolkit.oracle.displayName) (real)", "\(toolkit.modelName ?? "model")", ""], rows) + "\n"
            }
        }
        text += "## Agreeing corpus cases\n\n"
        for toolkit in result.toolkits where toolkit.problem == nil {
            let agreeing = toolkit.cases.filter { $0.comparison.agrees && $0.testCase.isCorpus }
            text += "### \(toolkit.oracle.displayName) \(toolkit.version ?? "") — \(agreeing.count) cases\n\n"
            text += markdownTable(["case", "both recognised"], agreeing.map { item in
                [item.testCase.name, item.comparison.real.map { short($0, item) }.joined(separator: ", ").ifEmpty("nothing")]
            }) + "\n"
        }
        return text + ScrollReport.markdown(result.scroll)
    }

    /// The script files' case names (not the corpora's), in run order.
    static func scriptNames(_ result: ToolkitsResult) -> [String] {
        var names: [String] = []
        for toolkit in result.toolkits {
            for item in toolkit.cases where !item.testCase.isCorpus && !names.contains(item.testCase.name) {
                names.append(item.testCase.name)
            }
        }
        return names
    }

    /// Cases, toolkits and duration in one sentence.
    static func summary(_ result: ToolkitsResult) -> String {
        let counts = result.toolkits.map { "\($0.oracle.toolkit) \($0.cases.count)" }.joined(separator: ", ")
        return "Cases per toolkit: \(counts); run in \(Int(result.seconds.rounded())) s, the toolkits at once, each under a private weston."
    }

    static let agreementHeader = ["toolkit", "version", "model", "cases", "agree", "agreement", "values off", "time"]

    static func agreementRows(_ result: ToolkitsResult) -> [[String]] {
        result.toolkits.map { toolkit in
            guard toolkit.problem == nil else {
                return [toolkit.oracle.displayName, "-", toolkit.modelName ?? "-", "-", "-", "could not run", "-", "-"]
            }
            let valuesOff = toolkit.cases.reduce(0) { $0 + $1.comparison.valueDifferences }
            return [toolkit.oracle.displayName, toolkit.version ?? "-", toolkit.modelName ?? "-", "\(toolkit.cases.count)",
                    "\(toolkit.agreeing)", percent(toolkit.agreement), "\(valuesOff)", "\(Int(toolkit.seconds.rounded())) s"]
        }
    }

    private static func caseSection(_ toolkit: ToolkitResult, _ item: ToolkitCaseResult) -> String {
        var text = "### \(toolkit.oracle.toolkit) · \(item.testCase.name)\n\n"
        text += "\(item.testCase.summary) (\(item.testCase.source))\n\n"
        text += "```\n\(item.testCase.script.trimmingCharacters(in: .whitespacesAndNewlines))\n```\n\n"
        text += markdownTable(["ms", "\(toolkit.oracle.displayName) (real)", "\(toolkit.modelName ?? "model")", ""],
                              sideBySide(item)) + "\n"
        return text
    }

    /// The rows of a case: time, real, model, and a mark for one-sided gestures and values off.
    static func sideBySide(_ item: ToolkitCaseResult) -> [[String]] {
        item.comparison.rows.map { row in
            let gesture = (row.real ?? row.model)!
            let mark = row.real == nil ? "model only" : row.model == nil ? "real only" : row.valueNotes.joined(separator: "; ")
            return ["+\(relative(gesture.time, item))", row.real.map(describe) ?? "—", row.model.map(describe) ?? "—", mark]
        }
    }

    /// A gesture in words, with its values.
    public static func describe(_ gesture: ToolkitGesture) -> String {
        var text = "\(gesture.recognizer) \(gesture.kind.rawValue)"
        if let count = gesture.count, gesture.kind.comparesCount { text += " ×\(count)" }
        var values: [String] = []
        if gesture.kind.valuesDecide {
            if let finger = gesture.finger { values.append("finger \(finger)") }
            if let x = gesture.x, let y = gesture.y { values.append("at \(ValueTolerance.format(x)),\(ValueTolerance.format(y))") }
            if let fingers = gesture.fingers { values.append("\(fingers) fingers") }
            if let distance = gesture.distance { values.append(String(format: "dDist %.5f", distance)) }
        }
        if let scale = gesture.scale { values.append("scale \(ValueTolerance.format(scale))") }
        if let angle = gesture.angle { values.append("angle \(ValueTolerance.format(angle))°") }
        if let vx = gesture.vx, let vy = gesture.vy { values.append("v \(ValueTolerance.format(vx)),\(ValueTolerance.format(vy))") }
        return values.isEmpty ? text : text + " (" + values.joined(separator: ", ") + ")"
    }

    private static func short(_ gesture: ToolkitGesture, _ item: ToolkitCaseResult) -> String {
        "\(describe(gesture)) +\(relative(gesture.time, item))"
    }

    /// ms after the case's first touch-down (its injection start when nothing was received).
    static func relative(_ time: Double, _ item: ToolkitCaseResult) -> Int64 {
        let base = item.received.lazy.compactMap { $0.event.time }.first ?? item.start
        return Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: Int64(time.rounded())) &- base))
    }

    /// `98.7 %`.
    public static func percent(_ value: Double) -> String {
        String(format: "%.1f %%", value)
    }

    static func markdownTable(_ header: [String], _ rows: [[String]]) -> String {
        let escape = { (cell: String) in cell.replacingOccurrences(of: "|", with: "\\|") }
        var text = "| " + header.map(escape).joined(separator: " | ") + " |\n"
        text += "|" + header.map { _ in " --- |" }.joined() + "\n"
        for row in rows { text += "| " + row.map(escape).joined(separator: " | ") + " |\n" }
        return text
    }
}

extension String {
    /// `replacement` when empty.
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
