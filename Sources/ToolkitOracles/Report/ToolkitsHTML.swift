import Foundation
import TouchKit

// MARK: - toolkits.html

/// The run as one self-contained XHTML page: the agreement table, every disagreement with the real
/// toolkit's and the model's gestures side by side, then every agreeing case. No script and no
/// external resource: it opens from disk with no network, and it is well-formed XML (tests parse it).
public enum ToolkitsHTML {
    /// The page.
    public static func page(_ result: ToolkitsResult) -> String {
        var body = "<h1>Real toolkits and their models</h1>\n"
        body += p(ToolkitsReport.summary(result)) + p(result.verdict)
        body += "<h2>Agreement</h2>\n" + table(ToolkitsReport.agreementHeader, ToolkitsReport.agreementRows(result).map { row in
            row.enumerated().map { index, cell in
                (cell, index == 5 ? (cell == "100.0 %" ? "agree" : "differ") : nil)
            }
        })
        for toolkit in result.toolkits {
            if let problem = toolkit.problem { body += p("<b>\(escape(toolkit.oracle.toolkit))</b> could not run: " + escape(problem), raw: true) }
        }
        let differing = result.toolkits.flatMap { toolkit in toolkit.cases.filter { !$0.comparison.agrees }.map { (toolkit, $0) } }
        body += "<h2>Disagreements (\(differing.count))</h2>\n"
        if differing.isEmpty { body += p("None.") }
        for (toolkit, item) in differing { body += section(toolkit, item) }
        body += scripts(result)
        body += "<h2>Agreeing corpus cases</h2>\n"
        for toolkit in result.toolkits where toolkit.problem == nil {
            let agreeing = toolkit.cases.filter { $0.comparison.agrees && $0.testCase.isCorpus }
            body += "<details><summary>\(escape(toolkit.oracle.displayName)) \(escape(toolkit.version ?? "")): \(agreeing.count) cases</summary>\n"
            for item in agreeing { body += section(toolkit, item) }
            body += "</details>\n"
        }
        body += ScrollReport.html(result.scroll)
        return """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>Real toolkits and their models</title>
            <style>
            body { font-family: sans-serif; margin: 1em 2em; }
            table { border-collapse: collapse; margin: 0.5em 0 1em; }
            th, td { border: 1px solid #ccc; padding: 2px 6px; font-size: 13px; vertical-align: top; }
            td.differ { background: #fde; } td.agree { background: #dfd; } td.off { background: #ffd; }
            section { border-left: 3px solid #ccc; padding-left: 8px; margin: 0.8em 0; }
            section.differ { border-color: #d66; }
            pre { background: #f6f6f6; padding: 6px; white-space: pre-wrap; }
            .side { display: flex; flex-wrap: wrap; gap: 16px; }
            .side figure { margin: 0; }
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// The script files, each with every toolkit's real and model gestures side by side.
    private static func scripts(_ result: ToolkitsResult) -> String {
        let names = ToolkitsReport.scriptNames(result)
        guard !names.isEmpty else { return "" }
        var html = "<h2>Scripts</h2>\n"
        for name in names {
            let items = result.toolkits.compactMap { toolkit in
                toolkit.cases.first { $0.testCase.name == name && !$0.testCase.isCorpus }.map { (toolkit, $0) }
            }
            guard let first = items.first?.1 else { continue }
            html += "<h3>\(escape(name))</h3>\n<pre>\(escape(first.testCase.script.trimmingCharacters(in: .whitespacesAndNewlines)))</pre>\n"
            html += "<div class=\"side\">\n"
            for (toolkit, item) in items {
                html += "<figure><figcaption>\(escape(toolkit.oracle.displayName)) \(escape(toolkit.version ?? "")): "
                    + (item.comparison.agrees ? "model agrees" : "model differs") + "</figcaption>\n"
                html += caseTable(toolkit, item) + "</figure>\n"
            }
            html += "</div>\n"
        }
        return html
    }

    private static func caseTable(_ toolkit: ToolkitResult, _ item: ToolkitCaseResult) -> String {
        let rows = ToolkitsReport.sideBySide(item).map { row -> [(String, String?)] in
            let mark = row[3]
            let cls: String? = mark.isEmpty ? nil : (mark.hasSuffix("only") ? "differ" : "off")
            return [(row[0], nil), (row[1], row[1] == "—" ? "differ" : nil), (row[2], row[2] == "—" ? "differ" : nil), (mark, cls)]
        }
        return rows.isEmpty ? p("Neither recognised anything.")
            : table(["ms", "\(toolkit.oracle.displayName) (real)", toolkit.modelName ?? "model", ""], rows)
    }

    private static func section(_ toolkit: ToolkitResult, _ item: ToolkitCaseResult) -> String {
        let agrees = item.comparison.agrees
        var html = "<section class=\"\(agrees ? "agree" : "differ")\">\n"
        html += "<h3>\(escape(toolkit.oracle.toolkit)) · \(escape(item.testCase.name))</h3>\n"
        html += p(escape(item.testCase.summary) + " <small>(\(escape(item.testCase.source)))</small>", raw: true)
        html += "<pre>\(escape(item.testCase.script.trimmingCharacters(in: .whitespacesAndNewlines)))</pre>\n"
        html += caseTable(toolkit, item)
        let updates = item.real.filter(\.kind.isUpdate).count, modelUpdates = item.model.filter(\.kind.isUpdate).count
        if updates + modelUpdates > 0 { html += p("Updates (not compared): real \(updates), model \(modelUpdates).") }
        return html + "</section>\n"
    }

    private static func table(_ header: [String], _ rows: [[(String, String?)]]) -> String {
        var html = "<table>\n<tr>" + header.map { "<th>\(escape($0))</th>" }.joined() + "</tr>\n"
        for row in rows {
            html += "<tr>" + row.map { cell, cls in
                "<td\(cls.map { " class=\"\($0)\"" } ?? "")>\(escape(cell))</td>"
            }.joined() + "</tr>\n"
        }
        return html + "</table>\n"
    }

    private static func p(_ text: String, raw: Bool = false) -> String {
        "<p>\(raw ? text : escape(text))</p>\n"
    }

    /// Text made safe for XHTML.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
