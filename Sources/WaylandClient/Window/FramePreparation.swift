// MARK: - When the delegate prepares a frame

/// Decides when the delegate prepares the next frame (`WaylandAppDelegate.waylandApp(_:prepare:)`):
/// work such as an overlay's layout, which need not wait for the newest input, kept out of the time
/// between the frame's last input read and its commit.
///
/// Policy: prepare as soon as no more input is expected before the preparation must be done
/// (`lead` before the frame starts): at once when there is no input rhythm to go by, else at the
/// input after which the next one (`InputCadence`) would come later than that. An input
/// that comes sooner than expected prepares again if there is still time. When the expected
/// input does not come, a loop wakeup `lead` before the frame prepares it; a frame due now
/// prepares first. A steady input stream so needs no wakeup of its own for preparing. Input that
/// comes within `lead` of the frame's start is in the frame's render, not in its preparation.
///
/// Times are seconds on the loop's clock; nothing here reads a clock.
struct FramePreparation: Equatable {
    /// Preparations faster than this run in the frame's own pass: a wakeup costs more (s).
    static let inlineLimit = 0.02e-3
    /// Samples kept of preparation times.
    static let historyLength = 8

    /// Prepared since the last commit and since the last input.
    private(set) var isPrepared = false
    /// Prepared at least once since the last commit.
    private(set) var isPreparedOnce = false
    /// Recent preparation durations (s), newest last.
    private var durations: [Double] = []

    /// How long before a frame starts it must be prepared (s): the slowest recent preparation
    /// plus the loop's wakeup slack; 0 when preparing is cheaper than `inlineLimit`.
    var lead: Double {
        let slowest = durations.max() ?? 0
        return slowest < Self.inlineLimit ? 0 : slowest + RepaintPredictor.wakeupSlack
    }

    /// An input event arrived: what was prepared no longer shows it.
    mutating func inputArrived() { isPrepared = false }

    /// The delegate prepared the frame; it took `seconds`.
    mutating func prepared(seconds: Double) {
        isPrepared = true
        isPreparedOnce = true
        durations.append(seconds, keepingLast: Self.historyLength)
    }

    /// A frame was committed or skipped: the next one is prepared anew.
    mutating func frameEnded() {
        isPrepared = false
        isPreparedOnce = false
    }

    /// True when the frame that starts at `start` should be prepared at `now`, given when the
    /// next input is expected at the earliest (nil: no rhythm to go by).
    func shouldPrepare(now: Double, start: Double, nextInput: Double?) -> Bool {
        guard !isPrepared else { return false }
        let deadline = start - lead
        // Too late to prepare again: input since then is the render's (preparing would delay it).
        if now >= deadline { return !isPreparedOnce }
        // No more input expected before the deadline: this is the newest the preparation will see.
        return nextInput.map { $0 > deadline } ?? true
    }

    /// When the loop must wake for the frame that starts at `start`: to prepare it, or to draw it.
    func wakeup(start: Double) -> Double { isPreparedOnce ? start : start - lead }
}
