// MARK: - Frame timing

extension WaylandApp {
    /// Connects the pacer to wp_presentation (when bound) and its reports to the delegate.
    func startPacing() {
        pacer.presentation = presentationGlobal
        pacer.onPresentation = { [unowned self] frame in delegate?.waylandApp(self, didPresent: frame) }
    }

    /// True when a frame should be drawn in this loop pass; when the pacer wants a later moment,
    /// arms one loop timer for it (the pass it wakes calls this again).
    func frameIsDue() -> Bool {
        if let frameTimer { loop.cancel(frameTimer) }
        frameTimer = nil
        switch pacer.decision(loopNow: loop.now) {
        case nil: return false
        case .draw: return true
        case .wait(let until):
            frameTimer = loop.schedule(at: until) { [unowned self] in frameTimer = nil }
            return false
        }
    }
}
