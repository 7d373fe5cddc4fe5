// MARK: - Presentation times on the trace's clock

/// Puts a CLOCK_MONOTONIC instant (wp_presentation's prediction of when a frame is seen) on the
/// clock of frame timestamps, so `Event.predictedTouches(for:)` can aim at it.
///
/// wl_touch times are milliseconds with an undefined base (DESIGN §4, S7), but weston, KWin,
/// mutter and wlroots stamp input with CLOCK_MONOTONIC (as `FrameInput` assumes): the offset
/// is taken from the newest record's raw time, modulo 2³² ms like the raw time itself. A
/// compositor on another clock gives an implausible offset, and then nothing is converted (the
/// event falls back to the default lead).
struct PresentationTargetClock {
    /// The largest believable gap between the newest input and the frame that shows it (s).
    static let plausibleLead = 0.25

    /// The newest wl_touch time (ms) and its trace time (s).
    private var latest: (raw: UInt32, trace: Double)?

    /// Notes a timed record: `raw` its wl_touch time, `trace` the trace clock's reading after it.
    mutating func note(raw: UInt32, trace: Double) { latest = (raw, trace) }

    /// `monotonic` (s) on the trace clock; nil before any timed record or when implausible.
    func traceTime(ofMonotonic monotonic: Double) -> Double? {
        guard let latest else { return nil }
        let milliseconds = monotonic * 1000
        let whole = milliseconds.rounded(.down)
        let wrapped = UInt32(truncatingIfNeeded: Int64(whole.truncatingRemainder(dividingBy: 4_294_967_296)))
        let ahead = (Double(Int32(bitPattern: wrapped &- latest.raw)) + (milliseconds - whole)) / 1000
        guard ahead >= 0, ahead <= Self.plausibleLead else { return nil }
        return latest.trace + ahead
    }
}
