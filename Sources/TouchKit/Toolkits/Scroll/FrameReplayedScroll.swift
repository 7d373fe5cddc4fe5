// MARK: - Playing a stroke frame by frame

/// A scroll model's state as ``replayFrames(_:)`` drives it: touch events go in, frames tick it, the offset comes out.
protocol FrameReplayedScroll {
    /// The view's vertical offset (px).
    var offset: Double { get }
    /// Takes one touch event, as the toolkit handled it.
    mutating func handle(_ event: ScrollTouchEvent)
    /// Runs whatever animates up to a frame drawn at `time` (ms).
    mutating func tick(at time: Double)
}

extension FrameReplayedScroll {
    /// Plays `input` in order: before each frame, the events its touch stamp says the toolkit had handled, then the
    /// frame's tick; after the last frame, the events left. Returns the offset at each frame; what runs on past the
    /// last frame is the model's own rule, played by the caller.
    mutating func replayFrames(_ input: ScrollModelInput) -> [Double] {
        var next = 0
        var offsets: [Double] = []
        offsets.reserveCapacity(input.frames.count)
        for frame in input.frames {
            if let handled = frame.lastTouch {
                while next < input.events.count, input.events[next].time <= handled {
                    handle(input.events[next])
                    next += 1
                }
            }
            tick(at: frame.time)
            offsets.append(offset)
        }
        for event in input.events[next...] {
            handle(event)
        }
        return offsets
    }
}
