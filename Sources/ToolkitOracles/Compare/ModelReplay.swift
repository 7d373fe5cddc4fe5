import TouchKit
import TouchStream

// MARK: - A toolkit model fed a received stream

/// Runs a toolkit model over wl_touch records as replay does: frames assembled by
/// ``ReplayAssembler`` (so weston's missing frame after the last up is inferred the same way),
/// each fed in order, then the model's timers advanced to `end`.
public enum ModelReplay {
    /// Everything `model` recognises for `records`, with timers run up to `end` (seconds on the
    /// wl_touch clock; nil: one second after the last frame).
    public static func gestures(_ model: inout any ToolkitModel, records: [RawRecord], end: Double? = nil) -> [ToolkitGesture] {
        gestures(&model, frames: ReplayAssembler.assemble(records: records).frames, end: end)
    }

    /// Everything `model` recognises for `frames`, then with timers run up to `end`.
    public static func gestures(_ model: inout any ToolkitModel, frames: [InputFrame], end: Double? = nil) -> [ToolkitGesture] {
        var out: [ToolkitGesture] = []
        for frame in frames { out += model.feed(frame) }
        let last = frames.last?.timestamp ?? 0
        out += model.advance(to: max(end ?? last + settleSeconds, last))
        return out
    }

    /// Past every toolkit timer the models know (Qt's 800 ms long press is the longest), seconds.
    public static let settleSeconds = 1.0
}
