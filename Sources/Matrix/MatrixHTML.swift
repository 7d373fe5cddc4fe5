import CompositorDrivers
import Foundation
import Playback
import TouchStream

// MARK: - matrix.html

/// The matrix as one self-contained XHTML page: the tables of report.md, then per script the
/// compositors' timelines side by side (inline SVG), their screenshots (data: URIs) and every frame
/// of every stream variant. No script, no external resource: it opens from disk with no network,
/// and it is well-formed XML (tests parse it).
public enum MatrixHTML {
    /// The page.
    public static func page(_ result: MatrixResult) -> String {
        let check = result.baselineCheck
        var body = "<h1>Compositor matrix</h1>\n"
        body += p(result.size
            + (result.repeatCount > 1 ? ", each cell run \(result.repeatCount) times (k/n: seen in k of n runs)," : "")
            + " in \(Int(result.seconds.rounded())) s; scene \(result.scene), profile \(result.profile). "
            + (result.shard.map { "Shard \($0) of the cells. " } ?? "")
            + MatrixReport.verdict(result))
        let comparisons = result.comparisons
        body += compositors(result) + summary(result, comparisons, check) + findings(result, check)
        body += unstable(result, comparisons) + (check.map(baseline) ?? "")
        for comparison in comparisons { body += section(comparison, result) }
        return """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>Compositor matrix</title>
            <style>
            body { font-family: sans-serif; margin: 1em 2em; }
            table { border-collapse: collapse; margin: 0.5em 0 1em; }
            th, td { border: 1px solid #ccc; padding: 2px 6px; font-size: 13px; vertical-align: top; }
            td.differ { background: #fde; } td.agree { background: #dfd; } td.na { color: #888; }
            td.unstable { background: #ffd; } td.new { background: #fbb; font-weight: bold; }
            .side { display: flex; flex-wrap: wrap; gap: 12px; }
            .side figure { margin: 0; width: 460px; }
            .side svg, .side img { width: 100%; height: auto; border: 1px solid #ddd; }
            pre { background: #f6f6f6; padding: 6px; }
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    private static func compositors(_ result: MatrixResult) -> String {
        var rows: [[String]] = []
        rows.append(["version"] + result.columns.map { $0.version ?? "-" })
        rows.append(["status"] + result.columns.map { MatrixReport.status(of: $0, in: result).text })
        rows.append(["window"] + result.columns.map { column in
            guard let size = column.windowSize, let origin = column.windowOrigin else { return "-" }
            return "\(size.width)×\(size.height) at \(MatrixReport.number(origin.x)),\(MatrixReport.number(origin.y))"
        })
        rows.append(["injects"] + result.columns.map { $0.unavailable == nil ? $0.capabilities.names.joined(separator: ", ") : "-" })
        return "<h2>Compositors</h2>\n" + table([""] + result.columns.map(\.kind.displayName), rows.map { $0.map { ($0, nil) } })
    }

    private static func summary(_ result: MatrixResult, _ comparisons: [ScriptComparison], _ check: MatrixBaselineCheck?) -> String {
        let rows = comparisons.map { comparison -> [(String, String?)] in
            let agreement = MatrixReport.agreement(comparison)
            return [(comparison.script.name, nil)]
                + result.columns.map { column in
                    let text = MatrixReport.summaryCell(column, comparison.script, comparison, result, check: check)
                    return (text, style(text))
                }
                + [(agreement, agreement.hasPrefix("differ") ? "differ" : agreement == "agree" ? "agree" : nil)]
        }
        return "<h2 id=\"summary\">Scripts × compositors</h2>\n"
            + table(["script"] + result.columns.map(\.kind.displayName) + ["across compositors"], rows)
    }

    /// A summary or findings cell's class: new, unstable, not run, or a finding.
    private static func style(_ text: String) -> String? {
        if text.hasPrefix("not injectable") || text == "-" { return "na" }
        if text.contains("new)") { return "new" }
        if text.contains("unstable") { return "unstable" }
        return nil
    }

    private static func findings(_ result: MatrixResult, _ check: MatrixBaselineCheck?) -> String {
        let rows = MatrixReport.findingsByRule(result, check: check).map { entry in
            [(MatrixReport.title(entry.id), nil)] + entry.scripts.map { scripts -> (String, String?) in
                let text = scripts.joined(separator: ", ")
                return (text, scripts.isEmpty ? nil : style(text) ?? "differ")
            }
        }
        guard !rows.isEmpty else { return "<h2>Findings</h2>\n" + p("No findings on any compositor.") }
        return "<h2 id=\"findings\">Findings: rule × compositor</h2>\n" + table(["rule"] + result.columns.map(\.kind.displayName), rows)
    }

    private static func unstable(_ result: MatrixResult, _ comparisons: [ScriptComparison]) -> String {
        guard result.repeatCount > 1 else { return "" }
        var rows = MatrixReport.unstableFindings(result).map { finding -> [(String, String?)] in
            [(finding.kind.displayName, nil), (finding.script, nil), (MatrixReport.title(finding.id), "unstable"),
             ("\(finding.runs)/\(finding.of)", nil)]
        }
        for (kind, script) in MatrixReport.variedStreams(result) {
            let counts = comparisons.first { $0.script.name == script }?.variantCounts(of: kind) ?? []
            rows.append([(kind.displayName, nil), (script, nil), ("stream varied", "unstable"),
                         (counts.map { "\($0.label) ×\($0.count)" }.joined(separator: ", "), nil)])
        }
        let heading = "<h2 id=\"unstable\">Unstable: seen in some runs only</h2>\n"
        guard !rows.isEmpty else { return heading + p("Every finding and every stream was seen in every run of its cell.") }
        return heading + table(["compositor", "script", "finding", "runs"], rows)
    }

    private static func baseline(_ check: MatrixBaselineCheck) -> String {
        let rows = check.entries.filter { $0.status != .expected }.map { entry -> [(String, String?)] in
            [(entry.status.text, entry.status == .new ? "new" : nil), (entry.cell.compositor.displayName, nil),
             (entry.cell.script, nil), (MatrixReport.title(entry.rule), nil), ("\(entry.runs)/\(entry.of)", nil)]
        }
        return "<h2 id=\"baseline\">Against the baseline</h2>\n" + p(MatrixReport.baselineSentence(check))
            + (rows.isEmpty ? "" : table(["", "compositor", "script", "finding", "runs"], rows))
    }

    private static func section(_ comparison: ScriptComparison, _ result: MatrixResult) -> String {
        let script = comparison.script
        var out = "<h2 id=\"script-\(escape(script.name))\">\(escape(script.name)): \(escape(script.summary))</h2>\n"
        out += "<pre>\(escape(script.text))</pre>\n" + p("Across compositors: " + MatrixReport.agreement(comparison))
        var figures = ""
        for column in result.columns {
            let name = column.kind.displayName
            // The usual run stands for the cell; a cell where none ran shows why.
            let shown = column.cells[script.name].flatMap { cell in
                cell.usualRunNumber.map { cell.outcomes[$0 - 1] } ?? cell.outcomes.first
            }
            switch shown {
            case .ran(let run)?:
                let surface = run.trace.header?.environment.surface
                let svg = TimelineSVG.svg(TouchTimeline(records: run.trace.records, deliveriesLog: run.deliveriesLog),
                                          findings: run.findings,
                                          surface: (Double(surface?.width ?? 1280), Double(surface?.height ?? 720)))
                figures += "<figure data-compositor=\"\(escape(column.kind.rawValue))\"><figcaption>\(escape(name)) · "
                    + escape(caption(column, comparison, result, run: run)) + "</figcaption>\n"
                    + inlineSVG(svg)
                if let picture = run.outputScreenshot ?? run.clientScreenshot, let uri = dataURI(picture) {
                    figures += "<img alt=\"\(escape(name)) after \(escape(script.name))\" src=\"\(uri)\"/>\n"
                }
                figures += "</figure>\n"
            case .notInjectable(let items)?:
                figures += "<figure data-compositor=\"\(escape(column.kind.rawValue))\"><figcaption>\(escape(name)): not injectable here: "
                    + escape(items.map(\.description).joined(separator: "; ")) + "</figcaption></figure>\n"
            case .notSupported(let reason)?:
                figures += "<figure data-compositor=\"\(escape(column.kind.rawValue))\"><figcaption>\(escape(name)): \(escape(reason))</figcaption></figure>\n"
            case .failed(let message)?:
                figures += "<figure data-compositor=\"\(escape(column.kind.rawValue))\"><figcaption>\(escape(name)): failed: \(escape(message))</figcaption></figure>\n"
            case nil:
                break
            }
        }
        out += "<div class=\"side\">\n\(figures)</div>\n"
        guard !comparison.variants.isEmpty else { return out }
        let count = comparison.variants.map(\.signatures.count).max() ?? 0
        let differing = Set(comparison.differingFrames)
        let rows = (0..<count).map { index in
            [(String(index), nil)] + comparison.variants.map { variant -> (String, String?) in
                (index < variant.signatures.count ? variant.signatures[index] : "(none)", differing.contains(index) ? "differ" : nil)
            }
        }
        let headings = ["frame"] + comparison.variants.map { "\($0.label): " + $0.kinds.map(\.displayName).joined(separator: ", ") }
        out += "<h3>Frames</h3>\n" + table(headings, rows)
        return out
    }

    /// "stream A · A1 R4", or with repeats "run 2 of 3 · stream A 3/3 · A1 3/3, R4 1/3 (unstable)".
    private static func caption(_ column: MatrixColumn, _ comparison: ScriptComparison, _ result: MatrixResult,
                                run: MatrixRun) -> String {
        guard result.repeatCount > 1, let cell = column.cells[comparison.script.name] else {
            let variant = comparison.variant(of: column.kind)?.label ?? "?"
            return "stream \(variant)" + (run.ruleIDs.isEmpty ? "" : " · " + run.ruleIDs.joined(separator: " "))
        }
        return "run \(cell.usualRunNumber ?? 1) of \(cell.outcomes.count) · stream "
            + MatrixReport.summaryCell(column, comparison.script, comparison, result)
    }

    // MARK: - Pieces

    private static func table(_ headings: [String], _ rows: [[(String, String?)]]) -> String {
        var out = "<table>\n<tr>" + headings.map { "<th>\(escape($0))</th>" }.joined() + "</tr>\n"
        for row in rows {
            out += "<tr>" + row.map { text, style in
                "<td" + (style.map { " class=\"\($0)\"" } ?? "") + ">\(escape(text))</td>"
            }.joined() + "</tr>\n"
        }
        return out + "</table>\n"
    }

    private static func p(_ text: String) -> String { "<p>\(escape(text))</p>\n" }

    /// An SVG document without its XML declaration, to sit inside the page.
    static func inlineSVG(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.range(of: "?>") else { return svg }
        return String(svg[end.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines) + "\n"
    }

    /// A PNG file as a data: URI.
    static func dataURI(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { "data:image/png;base64," + $0.base64EncodedString() }
    }

    static func escape(_ text: String) -> String { TimelineSVG.escape(text) }
}
