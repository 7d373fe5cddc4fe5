import Foundation
import TouchKit
import TouchStream

// MARK: - Scrolling in report.md, toolkits.html and results.json

/// The scrolling part of a toolkits run's reports: per toolkit its agreement, per stroke its frames (real offset
/// against the model's), rest and flings, and in the page a chart of offset against time.
public enum ScrollReport {
    /// One stroke in results.json (times in ms after the stroke's injection began; offsets in px).
    public struct Stroke: Codable, Sendable {
        public var toolkit: String
        public var name: String
        public var source: String
        public var agrees: Bool
        public var start: UInt32
        public var startOffset: Double
        public var realRest: Double
        public var modelRest: Double
        public var realFlings: [Double]
        /// The model's GtkGestureSwipe velocity at each lift that flung (px/s of the offset).
        public var modelFlings: [Double]
        /// The model's fling starting velocities (the lift's plus what an interrupted fling lent).
        public var modelFlingStarts: [Double]
        public var differingFrames: Int
        public var worstFrame: Double
        public var frames: [ScrollFramePoint]
    }

    /// One toolkit in results.json.
    public struct Toolkit: Codable, Sendable {
        public var toolkit: String
        public var version: String?
        public var model: String?
        public var status: String
        public var problem: String?
        public var strokes: Int
        public var agreeing: Int
        public var agreement: Double
        public var seconds: Double
        public var cases: [Stroke]
    }

    /// results.json's `scroll` entries.
    public static func document(_ results: [ScrollToolkitResult]) -> [Toolkit] {
        results.map { toolkit in
            Toolkit(toolkit: toolkit.oracle.toolkit, version: toolkit.version, model: toolkit.modelName,
                    status: toolkit.problem == nil ? "ran" : "could-not-run", problem: toolkit.problem,
                    strokes: toolkit.cases.count, agreeing: toolkit.agreeing, agreement: (toolkit.agreement * 10).rounded() / 10,
                    seconds: (toolkit.seconds * 10).rounded() / 10, cases: toolkit.cases.map { item in
                        Stroke(toolkit: toolkit.oracle.toolkit, name: item.testCase.name, source: item.testCase.source,
                               agrees: item.agrees, start: item.start, startOffset: item.startOffset, realRest: item.realRest,
                               modelRest: round3(item.modelRest), realFlings: item.realFlings,
                               modelFlings: item.modelFlings.map { round3($0.measured) },
                               modelFlingStarts: item.modelFlings.map { round3($0.velocity) }, differingFrames: item.differingFrames,
                               worstFrame: round3(item.worstFrame),
                               frames: item.frames.map { ScrollFramePoint(time: $0.time, real: $0.real, model: round3($0.model), agrees: $0.agrees) })
                    })
        }
    }

    static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// The rule, one paragraph.
    static let rule = "Compared per stroke: the offset of every frame the toolkit drew (its frame clock's time) with the "
        + "model's at that time, within \(Int(ScrollCaseResult.frameTolerance)) px or \(Int(ScrollCaseResult.frameShare * 100)) % "
        + "of the distance scrolled so far, and the resting offset within \(Int(ScrollCaseResult.restTolerance)) px or "
        + "\(Int(ScrollCaseResult.restShare * 100)) % of the whole distance."

    static let header = ["toolkit", "version", "model", "strokes", "agree", "agreement", "seconds"]

    static func rows(_ results: [ScrollToolkitResult]) -> [[String]] {
        results.map { toolkit in
            [toolkit.oracle.displayName, toolkit.version ?? "—", toolkit.modelName ?? "—",
             toolkit.problem == nil ? String(toolkit.cases.count) : "could not run", String(toolkit.agreeing),
             ToolkitsReport.percent(toolkit.agreement), String(Int(toolkit.seconds.rounded()))]
        }
    }

    static func line(_ item: ScrollCaseResult) -> [String] {
        [item.testCase.name, item.agrees ? "agrees" : "differs", String(item.frames.count), String(item.differingFrames),
         String(format: "%.1f", item.worstFrame), String(format: "%.1f / %.1f", item.realRest - item.startOffset, item.modelRest - item.startOffset),
         item.realFlings.map { String(Int($0.rounded())) }.joined(separator: ", ").ifEmpty("—") + " / "
            + item.modelFlings.map { String(Int($0.measured.rounded())) }.joined(separator: ", ").ifEmpty("—")]
    }

    static let strokeHeader = ["stroke", "", "frames", "frames off", "worst px", "rest real / model (px scrolled)",
                               "lift velocity px/s real / model"]

    /// report.md's section (empty when nothing scrolled).
    public static func markdown(_ results: [ScrollToolkitResult]) -> String {
        guard !results.isEmpty else { return "" }
        var text = "## Scrolling\n\n" + ToolkitsReport.markdownTable(header, rows(results)) + "\n" + rule + "\n\n"
        for toolkit in results {
            if let problem = toolkit.problem { text += "- **\(toolkit.oracle.toolkit)** could not scroll: \(problem)\n\n"; continue }
            let ordered = toolkit.cases.filter { !$0.agrees } + toolkit.cases.filter(\.agrees)
            text += "### \(toolkit.oracle.displayName) \(toolkit.version ?? "") scrolling, disagreements first\n\n"
            text += ToolkitsReport.markdownTable(strokeHeader, ordered.map(line)) + "\n"
        }
        return text
    }

    /// toolkits.html's section (empty when nothing scrolled): the table, then each stroke with its chart.
    public static func html(_ results: [ScrollToolkitResult]) -> String {
        guard !results.isEmpty else { return "" }
        var body = "<h2>Scrolling</h2>\n" + table(header, rows(results)) + "<p>\(ToolkitsHTML.escape(rule)) "
            + "Charts: px scrolled against ms after the stroke began; the real toolkit as a line, the model as dots "
            + "(red: off by more than the tolerance).</p>\n"
        for toolkit in results {
            if let problem = toolkit.problem {
                body += "<p><b>\(ToolkitsHTML.escape(toolkit.oracle.toolkit))</b> could not scroll: \(ToolkitsHTML.escape(problem))</p>\n"
                continue
            }
            let ordered = toolkit.cases.filter { !$0.agrees } + toolkit.cases.filter(\.agrees)
            body += "<h3>\(ToolkitsHTML.escape(toolkit.oracle.displayName)) \(ToolkitsHTML.escape(toolkit.version ?? "")) scrolling</h3>\n"
            body += table(strokeHeader, ordered.map(line))
            for item in ordered {
                body += "<section class=\"\(item.agrees ? "agree" : "differ")\"><h4>\(ToolkitsHTML.escape(item.testCase.name)) "
                    + "(\(item.agrees ? "agrees" : "differs"))</h4>\n<p>\(ToolkitsHTML.escape(item.testCase.summary))</p>\n"
                    + ScrollChart.svg([(toolkit.oracle.displayName, item)]) + "</section>\n"
            }
        }
        return body
    }

    private static func table(_ header: [String], _ rows: [[String]]) -> String {
        "<table><tr>" + header.map { "<th>\(ToolkitsHTML.escape($0))</th>" }.joined() + "</tr>\n"
            + rows.map { "<tr>" + $0.map { "<td>\(ToolkitsHTML.escape($0))</td>" }.joined() + "</tr>\n" }.joined() + "</table>\n"
    }

    /// Per scrolling toolkit, `<toolkit>-scroll/oracle.jsonl` (its lines as printed) and `wayland-debug.log`.
    static func writeLogs(_ results: [ScrollToolkitResult], into folder: String) throws {
        for toolkit in results {
            guard let recording = toolkit.recording else { continue }
            let sub = "\(folder)/\(toolkit.oracle.toolkit)-scroll"
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            try OutputTarget.write(recording.gestureLog, to: sub + "/oracle.jsonl")
            try OutputTarget.write(recording.debugLog, to: sub + "/wayland-debug.log")
        }
    }
}

/// Offset against time as inline SVG: one line per toolkit's real frames, its model's as dots of the same colour,
/// so several toolkits can share one chart of the same stroke.
public enum ScrollChart {
    static let width = 520.0, height = 220.0, margin = 40.0
    static let colours = ["#1f5fbf", "#c0561b", "#2e8b3e", "#8a3fb5"]

    /// The chart of each (name, stroke) pair, px scrolled from each stroke's start against ms after it began.
    public static func svg(_ series: [(name: String, stroke: ScrollCaseResult)]) -> String {
        let points = series.flatMap { name, stroke in stroke.frames.flatMap { [($0.time, $0.real - stroke.startOffset), ($0.time, $0.model - stroke.startOffset)] } }
        let times = points.map(\.0), values = points.map(\.1) + [0]
        let t0 = 0.0, t1 = max(times.max() ?? 1, 1)
        let v0 = values.min() ?? 0, v1 = max(values.max() ?? 1, v0 + 1)
        func x(_ t: Double) -> String { String(format: "%.1f", margin + (t - t0) / (t1 - t0) * (width - 2 * margin)) }
        func y(_ v: Double) -> String { String(format: "%.1f", height - margin + -(v - v0) / (v1 - v0) * (height - 2 * margin)) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
            + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\">\n"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"#fff\" stroke=\"#ccc\"/>\n"
        svg += "<text x=\"4\" y=\"14\" font-size=\"11\">\(Int(v1.rounded())) px</text>"
            + "<text x=\"4\" y=\"\(Int(height - margin + 4))\" font-size=\"11\">\(Int(v0.rounded())) px</text>"
            + "<text x=\"\(Int(width - margin - 40))\" y=\"\(Int(height - 6))\" font-size=\"11\">\(Int(t1.rounded())) ms</text>\n"
        for (index, (name, stroke)) in series.enumerated() {
            let colour = colours[index % colours.count]
            let line = stroke.frames.map { "\(x($0.time)),\(y($0.real - stroke.startOffset))" }.joined(separator: " ")
            svg += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\" points=\"\(line)\"><title>\(ToolkitsHTML.escape(name)) (real)</title></polyline>\n"
            for frame in stroke.frames {
                svg += "<circle cx=\"\(x(frame.time))\" cy=\"\(y(frame.model - stroke.startOffset))\" r=\"2.2\" "
                    + "fill=\"\(frame.agrees ? colour : "#d00")\"/>"
            }
            svg += "\n<text x=\"\(Int(margin + 4))\" y=\"\(14 + 13 * index)\" font-size=\"11\" fill=\"\(colour)\">"
                + "\(ToolkitsHTML.escape(name)): line real, dots model</text>\n"
        }
        return svg + "</svg>\n"
    }
}
