import TouchKit

// MARK: - Real offsets against the model's

/// One drawn frame: the toolkit's offset and the model's at its time.
public struct ScrollFramePoint: Codable, Hashable, Sendable {
    /// ms after the stroke's injection began (the frame clock's time).
    public var time: Double
    public var real: Double
    public var model: Double
    public var agrees: Bool
}

/// One stroke through one toolkit and its scroll model.
public struct ScrollCaseResult: Sendable {
    /// A frame's offset agrees within this many px, or ``frameShare`` of the distance scrolled so far.
    public static let frameTolerance = 2.0, frameShare = 0.02
    /// The resting offset agrees within this many px, or ``restShare`` of the whole distance scrolled.
    public static let restTolerance = 4.0, restShare = 0.02

    public var testCase: OracleCase
    /// When its injection began (wl_touch clock, ms).
    public var start: UInt32
    /// The offset before the stroke (the toolkit's last frame before it).
    public var startOffset: Double
    /// Every frame the toolkit drew during the stroke and the quiet gap after it.
    public var frames: [ScrollFramePoint]
    /// Where each came to rest.
    public var realRest: Double, modelRest: Double
    /// The fling velocities (px/s of the offset): the toolkit's GtkGestureSwipe at each lift (negated), the model's.
    public var realFlings: [Double]
    public var modelFlings: [ScrollFling]
    /// The touch events the toolkit received (ms after `start`).
    public var events: [ScrollTouchEvent]

    /// The frames that differ beyond the tolerance.
    public var differingFrames: Int { frames.count { !$0.agrees } }
    /// True when the resting offsets agree.
    public var restAgrees: Bool { Self.within(realRest, modelRest, from: startOffset, Self.restTolerance, Self.restShare) }
    /// Every frame and the rest agree.
    public var agrees: Bool { differingFrames == 0 && restAgrees }
    /// The largest |real − model| over the frames (px).
    public var worstFrame: Double { frames.map { abs($0.real - $0.model) }.max() ?? 0 }

    static func within(_ real: Double, _ model: Double, from start: Double, _ pixels: Double, _ share: Double) -> Bool {
        abs(real - model) <= max(pixels, share * abs(real - start))
    }

    /// Compares a stroke's frames (times in ms after `start`) with the model's prediction.
    static func compare(_ testCase: OracleCase, start: UInt32, startOffset: Double, events: [ScrollTouchEvent],
                        frames: [(time: Double, offset: Double, lastTouch: Double?, tickTouch: Double?)], flingClocks: [Double],
                        pressClocks: [Double] = [], vsyncs: [Double] = [], touchClocks: [ScrollTouchClock] = [],
                        realFlings: [Double], model: any ToolkitScrollModel) -> ScrollCaseResult {
        let input = ScrollModelInput(startOffset: startOffset, events: events,
                                     frames: frames.map { ScrollFrame(time: $0.time, lastTouch: $0.lastTouch, touchBeforeTime: $0.tickTouch) },
                                     flingClocks: flingClocks, pressClocks: pressClocks, vsyncs: vsyncs, touchClocks: touchClocks)
        let prediction = model.predict(input)
        let points = zip(frames, prediction.offsets).map { frame, predicted in
            ScrollFramePoint(time: (frame.time * 1000).rounded() / 1000, real: frame.offset, model: predicted,
                             agrees: within(frame.offset, predicted, from: startOffset, frameTolerance, frameShare))
        }
        return ScrollCaseResult(testCase: testCase, start: start, startOffset: startOffset, frames: points,
                                realRest: frames.last?.offset ?? startOffset, modelRest: prediction.resting,
                                realFlings: realFlings, modelFlings: prediction.flings, events: events)
    }
}

/// One toolkit's scrolling run.
public struct ScrollToolkitResult: Sendable {
    public var oracle: ToolkitOracle
    /// The scroll model's name, nil when this build has none.
    public var modelName: String?
    /// The toolkit's version from its ready line; nil when it did not start.
    public var version: String?
    /// Why it could not run, one line.
    public var problem: String?
    public var cases: [ScrollCaseResult] = []
    /// The oracle's lines as printed and its WAYLAND_DEBUG log, for the run's folder.
    public var recording: OracleRecording?
    public var seconds = 0.0

    /// Strokes where model and toolkit agree.
    public var agreeing: Int { cases.count { $0.agrees } }
    /// Agreement as a percentage of the strokes (0 with none).
    public var agreement: Double { cases.isEmpty ? 0 : Double(agreeing) * 100 / Double(cases.count) }
}
