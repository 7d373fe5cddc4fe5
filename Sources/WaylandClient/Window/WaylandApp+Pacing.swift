import CWaylandProtocols

// MARK: - Frame timing

extension WaylandApp {
    /// Connects the pacer to wp_presentation (when bound) and its reports to the delegate.
    func startPacing() {
        // The input wait's margin is 50 µs, Linux's default slack on a sleep's end: without it,
        // `waitForEvents` could wake that much after the time it was given.
        _ = gs_set_timer_slack(1)
        pacer.presentation = presentationGlobal
        pacer.onPresentation = { [unowned self] frame in delegate?.waylandApp(self, didPresent: frame) }
    }

    /// True when a frame should be drawn in this loop pass; when the pacer wants a later moment,
    /// arms one loop timer for it (the pass it wakes calls this again). The delegate prepares the
    /// frame first, when `FramePreparation` says.
    func frameIsDue() throws -> Bool {
        if let frameTimer { loop.cancel(frameTimer) }
        frameTimer = nil
        guard var decision = pacer.decision(loopNow: loop.now) else { return false }
        // A frame drawn early is prepared as if it waited: there is time for it.
        let start = pacer.aimedStart(loopNow: loop.now) ?? decision.start(now: loop.now)
        if pacer.preparation.shouldPrepare(now: loop.now, start: start, nextInput: pacer.cadence.earliestNext) {
            try prepareFrame()
            guard let after = pacer.decision(loopNow: loop.now) else { return false }
            decision = after
        }
        if case .draw = decision, let until = pacer.inputWait(loopNow: loop.now) {
            // Input is due within the slack: poll for it rather than sleep (a sleep can wake too
            // late). It is drawn in the pass that reads it; without it, the timer draws at `until`.
            waitForEvents(until: until)
            frameTimer = loop.schedule(at: until) { [unowned self] in frameTimer = nil }
            return false
        }
        switch decision {
        case .draw: return true
        case .wait(let until):
            let wake = pacer.preparation.wakeup(start: until)
            frameTimer = loop.schedule(at: wake) { [unowned self] in frameTimer = nil }
            return false
        }
    }
}

extension FrameDecision {
    /// When the frame starts, `now` when it is due now.
    func start(now: Double) -> Double {
        switch self {
        case .draw: return now
        case .wait(let until): return until
        }
    }
}
