// MARK: - How often the HUD's text follows streaming input

/// Paces the HUD text that changes with every input event (the raw-event log, the frame count,
/// the recognizer states, the toolkit models' gestures, the latency and prediction lines) to at most one update per `interval`.
///
/// Why: redrawing those panels with every frame made each frame's damage several times the
/// size of the finger's, which the compositor composites too: under weston it lengthened every
/// repaint by about 0.13 ms and moved its frame callbacks later, so the HUD cost a touch's latency
/// in the tool that measures it. Four updates a second is the pace of a meter's readout, and about
/// the fastest changing text can be read at (ten cost a third of a drag's CPU time, measured
/// with `gesture-bench latency`). Finger
/// labels, key commands and the window's size are not paced: they are shown with the next frame.
/// Text held back is shown by `recheck`, so the newest always appears within `interval`.
struct HUDTextPace {
    /// Shortest time between two updates of the paced text (s).
    static let interval = 0.25

    /// The paced text last shown, and when.
    private var shown: (snapshot: HUDSnapshot, time: Double)?

    /// True while the paced text last shown is held (within `interval` of showing it): the paced
    /// fields of a fresh snapshot need not be made then, `snapshot` replaces them.
    func isHolding(now: Double) -> Bool {
        guard let shown else { return false }
        return now < shown.time + Self.interval && now >= shown.time
    }

    /// What the HUD lays out at `now` for the newest state `fresh`, and when to look again
    /// (`recheck`: nil unless newer paced text is held back).
    mutating func snapshot(_ fresh: HUDSnapshot, now: Double) -> (snapshot: HUDSnapshot, recheck: Double?) {
        guard let shown, now < shown.time + Self.interval, now >= shown.time else {
            self.shown = (fresh, now)
            return (fresh, nil)
        }
        var held = fresh
        held.log = shown.snapshot.log
        held.frameCount = shown.snapshot.frameCount
        held.recognizers = shown.snapshot.recognizers
        held.latency = shown.snapshot.latency
        held.prediction = shown.snapshot.prediction
        held.toolkitModels = shown.snapshot.toolkitModels
        return (held, held == fresh ? nil : shown.time + Self.interval)
    }
}
