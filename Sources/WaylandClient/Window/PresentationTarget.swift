// MARK: - When the next frame will be seen

extension RepaintPredictor {
    /// When the frame drawn for input arriving at `now` should be presented (presentation
    /// clock); nil without a usable phase (no presentation yet, or none for an interval).
    ///
    /// It is the first repaint after `now` whose deadline a frame rendered from now can still
    /// make; when a frame is in flight, the input goes into the one after it, a repaint later
    /// than that frame's. The deadline is the latest it is known to lie (`deadlineBound`), not
    /// where commits are aimed: a request later in the cycle is drawn at once, and makes the
    /// repaint whenever it beats the real deadline (measured: aiming at `targetOffset` put a
    /// fifth of the frames a whole interval later than they came).
    func expectedPresentation(now: Double) -> Double? {
        guard let lastPresented, let interval, interval > 0, now - lastPresented < 2 * interval,
              let offset = deadlineBound ?? targetOffset else { return nil }
        let cycles = max(0, ((now - lastPresented) / interval).rounded(.down))
        var previous = lastPresented + cycles * interval
        if now + renderEstimate + Self.wakeupSlack > previous + offset { previous += interval }
        if let inFlight, let reference = inFlight.reference, reference + interval >= previous {
            previous = max(previous, reference + interval)
        }
        return previous + interval
    }
}

extension WaylandApp {
    /// When the frame that shows input arriving now is expected on screen (CLOCK_MONOTONIC
    /// seconds, the clock of input timestamps), from wp_presentation feedback; nil without
    /// wp_presentation or before its feedback gives a phase.
    public var nextPresentationTime: Double? {
        guard let presentation = pacer.presentation else { return nil }
        let now = presentation.now()
        guard let expected = pacer.predictor.expectedPresentation(now: now) else { return nil }
        return expected + (EventLoop.monotonicNow() - now)
    }
}
