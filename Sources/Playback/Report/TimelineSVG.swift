import FoundationEssentials
import TouchStream

// MARK: - The timeline picture

/// Draws a ``TouchTimeline`` as SVG: a row of frame ticks, a row of findings, one lane per touch
/// id with x (blue) and y (orange) over time — one polyline pair per touch sequence — downs as
/// circles, ups as squares, cancels as red lines across every lane, and one band row per recognizer.
///
/// Elements carry classes (`frame`, `finding`, `touch-x`, `touch-y`, `down`, `up`, `cancel`,
/// `recognizer-state`) and `data-` attributes so tests and scripts can read the picture back.
public enum TimelineSVG {
    /// Picture width in px.
    public static let width = 960.0
    /// Room for lane labels on the left, px.
    static let labelWidth = 90.0
    static let rightMargin = 20.0
    /// Heights, px: the tick rows, a touch lane, a recognizer band row.
    static let tickRowHeight = 22.0, laneHeight = 110.0, bandHeight = 20.0

    /// The SVG text for `timeline`; coordinates are scaled to `surface` (logical px) in each lane.
    public static func svg(_ timeline: TouchTimeline, findings: [Finding], surface: (width: Double, height: Double))
        -> String {
        let ids = timeline.touchIDs
        let recognizers = timeline.bands.reduce(into: [String]()) { if !$0.contains($1.recognizer) { $0.append($1.recognizer) } }
        let lanesTop = 2 * tickRowHeight + 10
        let bandsTop = lanesTop + Double(ids.count) * laneHeight
        let height = bandsTop + Double(recognizers.count) * bandHeight + 30
        let time = { (t: Double) in labelWidth + (t - timeline.start) / (timeline.end - timeline.start) * (width - labelWidth - rightMargin) }
        var body: [String] = []
        body.append(text(4, tickRowHeight - 6, "frames"))
        for t in timeline.frameTimes {
            body.append("<line class=\"frame\" x1=\"\(n(time(t)))\" y1=\"4\" x2=\"\(n(time(t)))\" y2=\"\(n(tickRowHeight - 4))\" stroke=\"#888\"/>")
        }
        body.append(text(4, 2 * tickRowHeight - 6, "findings"))
        for finding in findings {
            guard let recordTime = timeline.time(ofRecord: finding.recordIndex) else { continue }
            let x = time(recordTime), y = 2 * tickRowHeight - 4
            let color = finding.category == .violation ? "#d00" : "#d80"
            body.append("<path class=\"finding\" data-rule=\"\(escape(finding.ruleID))\" d=\"M\(n(x)) \(n(y)) l-5 -12 h10 z\" fill=\"\(color)\"><title>\(escape(finding.description))</title></path>")
        }
        for (lane, id) in ids.enumerated() {
            let top = lanesTop + Double(lane) * laneHeight
            body.append(lanes(timeline, id: id, top: top, surface: surface, time: time))
        }
        for t in timeline.cancelTimes {
            body.append("<line class=\"cancel\" x1=\"\(n(time(t)))\" y1=\"\(n(lanesTop))\" x2=\"\(n(time(t)))\" y2=\"\(n(bandsTop))\" stroke=\"#d00\" stroke-dasharray=\"4 2\"/>")
        }
        for (row, name) in recognizers.enumerated() {
            let top = bandsTop + Double(row) * bandHeight
            body.append(text(4, top + 14, name))
            for band in timeline.bands where band.recognizer == name {
                let x = time(band.start), w = max(time(band.end) - x, 1)
                body.append("<rect class=\"recognizer-state\" data-recognizer=\"\(escape(name))\" data-state=\"\(escape(band.state))\" x=\"\(n(x))\" y=\"\(n(top + 2))\" width=\"\(n(w))\" height=\"\(n(bandHeight - 4))\" fill=\"\(stateColor(band.state))\"><title>\(escape(name)): \(escape(band.state))</title></rect>")
            }
        }
        // Relative to the first record: a compositor's times count from its boot (10^6 ms and more).
        body.append(text(labelWidth, height - 8, "0 ms (wl_touch time \(n(timeline.start)))"))
        if timeline.omittedSequences > 0 || timeline.omittedBands > 0 {
            // A long trace: say what the picture leaves out rather than draw a million lanes.
            body.append(text(labelWidth + 120, height - 8, "middle of the trace left out: \(timeline.omittedSequences) touch sequences, \(timeline.omittedBands) recognizer states"))
        }
        body.append("<text x=\"\(n(width - rightMargin))\" y=\"\(n(height - 8))\" font-size=\"11\" text-anchor=\"end\">+\(n(timeline.end - timeline.start)) ms</text>")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="sans-serif">
            <rect width="100%" height="100%" fill="white"/>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    /// One touch id's lane: label, axis box, and per sequence x and y polylines with down/up marks.
    private static func lanes(_ timeline: TouchTimeline, id: Int32, top: Double,
                              surface: (width: Double, height: Double), time: (Double) -> Double) -> String {
        let plotTop = top + 6, plotHeight = laneHeight - 12
        func place(_ value: Double, _ extent: Double) -> Double { plotTop + plotHeight * (1 - min(max(value / extent, 0), 1)) }
        var out = [text(4, top + laneHeight / 2, "id \(id)"),
                   "<rect x=\"\(n(labelWidth))\" y=\"\(n(plotTop))\" width=\"\(n(width - labelWidth - rightMargin))\" height=\"\(n(plotHeight))\" fill=\"none\" stroke=\"#ddd\"/>"]
        for sequence in timeline.sequences where sequence.id == id {
            for (axis, color, extent, value) in [("x", "#1f77b4", surface.width, \TouchTimeline.Sample.x),
                                                 ("y", "#ff7f0e", surface.height, \TouchTimeline.Sample.y)] {
                var points = sequence.samples.map { "\(n(time($0.time))),\(n(place($0[keyPath: value], extent)))" }
                if let last = sequence.samples.last, sequence.endTime > last.time {
                    points.append("\(n(time(sequence.endTime))),\(n(place(last[keyPath: value], extent)))")
                }
                out.append("<polyline class=\"touch-\(axis)\" data-id=\"\(id)\" points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"/>")
            }
            if let first = sequence.samples.first {
                out.append("<circle class=\"down\" data-id=\"\(id)\" cx=\"\(n(time(first.time)))\" cy=\"\(n(place(first.x, surface.width)))\" r=\"4\" fill=\"#2a2\"/>")
            }
            if sequence.end == .up, let last = sequence.samples.last {
                out.append("<rect class=\"up\" data-id=\"\(id)\" x=\"\(n(time(sequence.endTime) - 4))\" y=\"\(n(place(last.x, surface.width) - 4))\" width=\"8\" height=\"8\" fill=\"#222\"/>")
            }
        }
        return out.joined(separator: "\n")
    }

    private static func stateColor(_ state: String) -> String {
        switch state {
        case "possible": "#eee"
        case "began", "changed": "#9cf"
        case "recognized", "ended": "#9d9"
        case "failed": "#f99"
        case "cancelled": "#fc9"
        default: "#ccc"
        }
    }

    private static func text(_ x: Double, _ y: Double, _ content: String) -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"11\">\(escape(content))</text>"
    }

    /// A coordinate with at most two decimals.
    private static func n(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }

    /// Text escaped for XML content and attributes.
    public static func escape(_ text: String) -> String {
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
