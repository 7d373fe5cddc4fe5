import TouchKit
import TouchStream

// MARK: - Strokes that stay inside the content

/// Refuses a run whose strokes would scroll the oracle's view to an end of its content: there GTK's overshoot
/// and edge rules take over, which a stroke is not meant to probe (and the next stroke would start elsewhere).
///
/// The strokes run one after another from ``startOffset`` without a reset, so each is replayed through the model
/// with its script's own times from where the one before it came to rest.
public enum ScrollTravel {
    /// The oracle's content height (px): oracles/gtk-scroll/oracle.py CONTENT_HEIGHT.
    public static let contentHeight = 200_000.0
    /// Where the oracle's view starts (px): START_OFFSET.
    public static let startOffset = 100_000.0
    /// The view's height: the private weston's output height.
    public static let pageHeight = Double(OracleSession.outputSize.height)

    /// Throws for the first stroke that would leave [0, content − page], naming its file and first touch's line.
    public static func check(_ strokes: [OracleCase], model: any ToolkitScrollModel) throws {
        var offset = startOffset
        let upper = contentHeight - pageHeight
        for stroke in strokes {
            let events = ScrollEvents.from(stroke.items)
            guard let end = events.last?.time else { continue }
            let prediction = model.predict(ScrollModelInput(startOffset: offset, events: events, frames: ScrollFrame.steady(through: end)))
            let reached = prediction.offsets + [prediction.resting]
            if let low = reached.min(), let high = reached.max(), low < 0 || high > upper {
                let past = low < 0 ? low : high
                throw OracleError("\(stroke.source):\(firstTouchLine(stroke.script)): the stroke would scroll the view to "
                    + "\(Int(past.rounded())) px, past the end of the \(Int(contentHeight)) px content "
                    + "(0…\(Int(upper)); it starts at \(Int(offset.rounded())) after the strokes before it)")
            }
            offset = prediction.resting
        }
    }

    private static func firstTouchLine(_ script: String) -> Int {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("down") } ?? 0) + 1
    }
}
