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
        var body = "<h1>Compositor matrix</h1>\n"
        body += p("\(result.scripts.count) scripts on \(result.columns.count) compositors in "
            + "\(Int(result.seconds.rounded())) s; scene \(result.scene), profile \(result.profile). "
            + MatrixReport.verdict(result))
        body += compositors(result) + summary(result) + findings(result)
        for comparison in result.comparisons { body += section(comparison, result) }
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
        rows.append(["status"] + result.columns.map { $0.unavailable ?? "ran" })
        rows.append(["window"] + result.columns.map { column in
            guard let size = column.windowSize, let origin = column.windowOrigin else { return "-" }
            return "\(size.width)×\(size.height) at \(MatrixReport.number(origin.x)),\(MatrixReport.number(origin.y))"
        })
        rows.append(["injects"] + result.columns.map { $0.unavailable == nil ? $0.capabilities.names.joined(separator: ", ") : "-" })
        return "<h2>Compositors</h2>\n" + table([""] + result.columns.map(\.kind.displayName), rows.map { $0.map { ($0, nil) } })
    }

    private static func summary(_ result: MatrixResult) -> String {
        let rows = result.comparisons.map { comparison -> [(String, String?)] in
            let agreement = MatrixReport.agreement(comparison)
            return [(comparison.script.name, nil)]
                + result.columns.map { column in
                    let text = MatrixReport.summaryCell(column, comparison.script, comparison)
                    return (text, text.hasPrefix("not injectable") || text == "-" ? "na" : nil)
                }
                + [(agreement, agreement.hasPrefix("differ") ? "differ" : agreement == "agree" ? "agree" : nil)]
        }
        return "<h2 id=\"summary\">Scripts × compositors</h2>\n"
            + table(["script"] + result.columns.map(\.kind.displayName) + ["across compositors"], rows)
    }

    private static func findings(_ result: MatrixResult) -> String {
        let rows = MatrixReport.findingsByRule(result).map { entry in
            [(MatrixReport.title(entry.id), nil)] + entry.scripts.map { ($0.joined(separator: ", "), $0.isEmpty ? nil : "differ") }
        }
        guard !rows.isEmpty else { return "<h2>Findings</h2>\n" + p("No findings on any compositor.") }
        return "<h2 id=\"findings\">Findings: rule × compositor</h2>\n" + table(["rule"] + result.columns.map(\.kind.displayName), rows)
    }

    private static func section(_ comparison: ScriptComparison, _ result: MatrixResult) -> String {
        let script = comparison.script
        var out = "<h2 id=\"script-\(escape(script.name))\">\(escape(script.name)): \(escape(script.summary))</h2>\n"
        out += "<pre>\(escape(script.text))</pre>\n" + p("Across compositors: " + MatrixReport.agreement(comparison))
        var figures = ""
        for column in result.columns {
            let name = column.kind.displayName
            switch column.cells[script.name] {
            case .ran(let run)?:
                let surface = run.trace.header?.environment.surface
                let svg = TimelineSVG.svg(TouchTimeline(records: run.trace.records, deliveriesLog: run.deliveriesLog),
                                          findings: run.findings,
                                          surface: (Double(surface?.width ?? 1280), Double(surface?.height ?? 720)))
                let variant = comparison.variant(of: column.kind)?.label ?? "?"
                figures += "<figure data-compositor=\"\(escape(column.kind.rawValue))\"><figcaption>\(escape(name)) · stream \(variant)"
                    + (run.ruleIDs.isEmpty ? "" : " · " + escape(run.ruleIDs.joined(separator: " "))) + "</figcaption>\n"
                    + inlineSVG(svg)
                if let picture = run.outputScreenshot ?? run.clientScreenshot, let uri = dataURI(picture) {
                    figures += "<img alt=\"\(escape(name)) after \(escape(script.name))\" src=\"\(uri)\"/>\n"
                }
                figures += "</figure>\n"
            case .notInjectable(let items)?:
                figures += "<figure data-compositor=\"\(escape(column.kind.rawValue))\"><figcaption>\(escape(name)): not injectable here: "
                    + escape(items.map(\.description).joined(separator: "; ")) + "</figcaption></figure>\n"
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
