import TouchKit
import TouchStream

// MARK: - A toolkit model fed a received stream

/// Runs a toolkit model over wl_touch records as replay does: frames assembled by
/// ``ReplayAssembler`` (so weston's missing frame after the last up is inferred the same way),
/// each fed in order, then the model's timers advanced to `end`.
public enum ModelReplay {
    /// Everything `model` recognises for `records`, with timers run up to `end` (seconds on the
    /// wl_touch clock; nil: one second after the last frame). `cancelTimes` (aligned with `records`,
    /// ms) says when each untimed cancel really came: the model's timers run up to then before it
    /// gets the cancel, as the real toolkit's ran on the wall clock.
    public static func gestures(_ model: inout any ToolkitModel, records: [RawRecord], cancelTimes: [Double?] = [],
                                end: Double? = nil) -> [ToolkitGesture] {
        guard cancelTimes.contains(where: { $0 != nil }) else {
            return gestures(&model, frames: ReplayAssembler.assemble(records: records).frames, end: end)
        }
        var replay = ReplayAssembler()
        var out: [ToolkitGesture] = []
        var last = 0.0
        let feed = { (outputs: [AssemblyOutput], model: inout any ToolkitModel) -> [ToolkitGesture] in
            outputs.frames.flatMap { frame in last = frame.timestamp; return model.feed(frame) }
        }
        for (index, record) in records.enumerated() {
            if index < cancelTimes.count, let time = cancelTimes[index] {
                // What is pending goes first, as the live loop delivered it before the cancel came.
                var pending: [AssemblyOutput] = []
                replay.flushIfIdle(into: &pending)
                out += feed(pending, &model)
                out += model.advance(to: max(time / 1000, last))
            }
            var outputs: [AssemblyOutput] = []
            replay.push(record, into: &outputs)
            out += feed(outputs, &model)
        }
        var rest: [AssemblyOutput] = []
        replay.finish(into: &rest)
        out += feed(rest, &model)
        out += model.advance(to: max(end ?? last + settleSeconds, last))
        return out
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
