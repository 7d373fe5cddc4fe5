// MARK: - When the next input is expected

/// The rhythm of the input stream: touchscreens report at a fixed rate (and the benchmark's
/// drag injects at one), so after one input burst the next one is due about one gap later.
///
/// The frame path uses it twice: a frame is prepared at the input after which no more is expected
/// before the preparation must be done (`FramePreparation`), and it is committed at once when no
/// more input is expected before its commit target: nothing newer could be in it, and a loop
/// wakeup at the target, which a busy machine can delay past the compositor's deadline, is saved.
///
/// Times are seconds on the loop's clock; nothing here reads a clock.
struct InputCadence: Equatable {
    /// Input events closer together than this are one burst (one wl_touch.frame, or several
    /// frames read at once), not the cadence (s).
    static let burstGap = 0.5e-3
    /// How much earlier than the shortest recent gap the next burst may still come (s).
    static let tolerance = 0.25e-3
    /// Gaps kept: a drag's rhythm, and a change of it noticed within a few bursts.
    static let historyLength = 8

    /// When the latest input arrived.
    private(set) var lastInput: Double?
    /// Recent gaps between bursts (s), newest last.
    private var gaps: [Double] = []

    /// An input event arrived at `time`.
    mutating func inputArrived(at time: Double) {
        if let lastInput, time - lastInput > Self.burstGap { gaps.append(time - lastInput, keepingLast: Self.historyLength) }
        lastInput = time
    }

    /// The earliest the next burst is expected: the latest input plus the shortest recent gap,
    /// less `tolerance`; nil until there is a rhythm to go by (`historyLength / 2` gaps).
    var earliestNext: Double? {
        guard let lastInput, gaps.count >= Self.historyLength / 2, let shortest = gaps.min() else { return nil }
        return lastInput + shortest - Self.tolerance
    }

    /// True when no input is expected before `time` (false without a rhythm: input may come any time).
    func expectsNoInput(before time: Double) -> Bool {
        earliestNext.map { $0 > time } ?? false
    }
}
