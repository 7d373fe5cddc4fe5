// MARK: - Several frames delivered as one

extension InputFrame {
    /// `frames` as a host delivers them when it paces delivery to repaints (as UIKit does, once
    /// per display refresh): each run of frames that only move touches folds into one frame.
    ///
    /// A frame folds into the one before it when both are a single pass of `moved` and
    /// `stationary` inputs; a frame in which a touch begins, ends or is cancelled, or that has
    /// several passes, is delivered as it is (a phase change is never merged away). The folded
    /// frame has the last frame's timestamp; each touch's `coalesced` samples are those of every
    /// folded frame, in order, each keeping its own time (`coalescedTimes` is filled in), so
    /// `Event.coalescedTouches(for:)` shows every motion and the last equals the location.
    public static func folding(_ frames: [InputFrame]) -> [InputFrame] {
        var result: [InputFrame] = []
        for frame in frames {
            if let last = result.last, let folded = last.folding(frame) {
                result[result.count - 1] = folded
            } else {
                result.append(frame)
            }
        }
        return result
    }

    /// True when the frame is one pass that only moves touches (or changes their contact).
    var onlyMoves: Bool {
        passes.count == 1 && passes[0].allSatisfy { $0.phase == .moved || $0.phase == .stationary }
    }

    /// This frame and `later` as one; nil when either must be delivered on its own.
    func folding(_ later: InputFrame) -> InputFrame? {
        guard onlyMoves, later.onlyMoves else { return nil }
        var pass = passes[0].map { $0.timed(at: timestamp) }
        for input in later.passes[0] {
            let next = input.timed(at: later.timestamp)
            guard let index = pass.firstIndex(where: { $0.id == input.id }) else {
                pass.append(next)
                continue
            }
            var merged = next
            switch (pass[index].phase, next.phase) {
            case (.moved, .moved):
                merged.coalesced = pass[index].coalesced + next.coalesced
                merged.coalescedTimes = pass[index].coalescedTimes + next.coalescedTimes
            case (.moved, _):
                // A contact change after motion: the motion's samples stay, the contact is the newest.
                merged.phase = .moved
                merged.coalesced = pass[index].coalesced
                merged.coalescedTimes = pass[index].coalescedTimes
            default:
                break
            }
            if merged.majorRadius == 0 { merged.majorRadius = pass[index].majorRadius }
            merged.orientation = merged.orientation ?? pass[index].orientation
            pass[index] = merged
        }
        return InputFrame(timestamp: later.timestamp, passes: [pass])
    }
}

extension TouchInput {
    /// The input with a time for every sample: its own, or `time` (the frame's) where it had none.
    func timed(at time: Double) -> TouchInput {
        guard coalescedTimes.count != coalesced.count else { return self }
        var copy = self
        copy.coalescedTimes = Array(repeating: time, count: coalesced.count)
        return copy
    }
}
