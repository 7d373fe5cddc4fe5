// MARK: - Arena

/// Runs a window's gesture recognizers ahead of its views (the window's `GestureRecognitionStage`).
///
/// Win rule: a touch belongs, for its whole life, to the enabled recognizers of
/// its hit view and that view's ancestors (deepest first) that could take it when
/// it began; the first of them to recognize (or begin) wins, and every other
/// recognizer sharing a touch with it fails (or, if it had begun, is cancelled)
/// unless a delegate allows simultaneous recognition; a recognizer that requires
/// another's failure waits for it. Views get a touch's phases late while an
/// undecided recognizer delays them (delaysTouchesBegan, delaysTouchesEnded),
/// never again once a recognizer that cancels touches in view has taken it.
public final class GestureArena: GestureRecognitionStage {
    /// A view call held back, with the touch's state then, so the late call shows what happened at the time.
    struct HeldDelivery {
        /// The arena pass the call belongs to (late calls keep pass order).
        let pass: UInt64
        let method: TouchMethod
        let snapshot: TouchSnapshot
    }

    /// What the arena knows about a touch that has recognizers; dropped once its view is done with it.
    final class TouchRecord {
        let touch: Touch
        let recognizers: [GestureRecognizer]
        /// View calls not yet made, oldest first.
        var held: [HeldDelivery] = []
        init(touch: Touch, recognizers: [GestureRecognizer]) {
            self.touch = touch
            self.recognizers = recognizers
        }
        /// True while the touch's began is still held: its view has never seen it.
        var viewHasNotSeenBegan: Bool { held.first?.method == .touchesBegan }
    }

    /// Recognizers with a gesture in progress (not yet reset), in the order they joined.
    public internal(set) var engaged: [GestureRecognizer] = []
    var records: [Touch: TouchRecord] = [:]
    weak var window: Window?
    /// The event being delivered, nil between events (timers).
    var currentEvent: Event?
    /// Number of the current (or last) pass.
    var passNumber: UInt64 = 0

    /// Creates an empty arena.
    public init() {}

    // MARK: - One pass

    /// Feeds the window's changed touches to recognizers and returns those its views must not get now.
    public func window(_ window: Window, willDeliver event: Event) -> Set<Touch> {
        self.window = window
        passNumber += 1
        currentEvent = event
        defer { currentEvent = nil }
        // With no recognizer engaged, no touch record and no new touch over a recognizer, every
        // step below is a no-op: skip them (the common case of a window without recognizers).
        if engaged.isEmpty, records.isEmpty, !event.orderedTouches.contains(where: { touch in
            touch.phase == .began && touch.window === window && hasRecognizers(over: touch.view) }) {
            return []
        }
        let changed = event.orderedTouches.filter { $0.window === window && $0.phase != .stationary }
        bind(changed.filter { $0.phase == .began })
        feed(changed, event)
        let lifted = changed.filter { $0.phase == .ended || $0.phase == .cancelled }
        for recognizer in engaged { recognizer.trackedTouches.removeAll { lifted.contains($0) } }
        failAbandoned()
        releaseHeld(in: event)
        let held = holdBack(changed)
        dropFinishedRecords()
        resetFinished()
        return held
    }

    /// Gives each new touch to the recognizers over its hit view that can take it.
    private func bind(_ began: [Touch]) {
        for touch in began where records[touch] == nil {
            let candidates = recognizers(over: touch.view).filter { recognizer in
                recognizer.isEnabled && (recognizer.state.isActive
                    || (recognizer.state == .possible && recognizer.pendingRecognition == nil))
            }
            guard !candidates.isEmpty else { continue }
            records[touch] = TouchRecord(touch: touch, recognizers: candidates)
            for recognizer in candidates {
                recognizer.trackedTouches.append(touch)
                recognizer.gestureTouches.insert(touch)
                recognizer.arena = self
                if !engaged.contains(where: { $0 === recognizer }) { engaged.append(recognizer) }
            }
            // A finger joining a gesture already under way is the winner's from the start.
            if candidates.contains(where: { $0.state.isActive && $0.cancelsTouchesInView }) {
                takeFromViews([touch])
            }
        }
    }

    /// The recognizers of `view` and its ancestors, deepest first, each view's in the order added.
    private func recognizers(over view: View?) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var current = view
        while let node = current {
            result += node.gestureRecognizers
            current = node.superview
        }
        return result
    }

    /// True when `view` or one of its ancestors has a gesture recognizer.
    private func hasRecognizers(over view: View?) -> Bool {
        var current = view
        while let node = current {
            if !node.gestureRecognizers.isEmpty { return true }
            current = node.superview
        }
        return false
    }

    /// Calls each undecided or active recognizer's touch methods with its touches of this pass, phase by phase.
    private func feed(_ changed: [Touch], _ event: Event) {
        for recognizer in engaged {
            let mine = changed.filter { recognizer.trackedTouches.contains($0) }
            guard !mine.isEmpty else { continue }
            for method in TouchMethod.allCases {
                guard recognizer.state == .possible || recognizer.state.isActive else { break }
                let inPhase = Set(mine.filter { $0.phase == method.phase })
                if !inPhase.isEmpty { recognizer.receive(method, inPhase, with: event) }
            }
        }
    }

    // MARK: - Between events

    /// After a timer fired or a recognizer was detached: deliver what is no longer held back, reset finished recognizers.
    func settleBetweenEvents() {
        guard currentEvent == nil else { return }
        failAbandoned()
        releaseHeld(in: nil)
        dropFinishedRecords()
        resetFinished()
    }

    /// Forgets touches that have lifted and whose views have had every call meant for them.
    private func dropFinishedRecords() {
        for (touch, record) in records where record.held.isEmpty && (touch.phase == .ended || touch.phase == .cancelled) {
            records[touch] = nil
        }
    }

    /// Safety rule: a recognizer still possible when its last touch has lifted, with no timer running
    /// and no recognition waiting, fails (so it cannot delay its touches' ends forever).
    private func failAbandoned() {
        for recognizer in engaged where recognizer.state == .possible && recognizer.trackedTouches.isEmpty
            && recognizer.timers.isEmpty && recognizer.pendingRecognition == nil {
            recognizer.transition(to: .failed, reason: .notMet("touches lifted undecided"))
        }
    }

    /// Resets recognizers whose gesture is over and whose touches have all lifted.
    private func resetFinished() {
        let done = engaged.filter { $0.state.isFinished && $0.trackedTouches.isEmpty }
        guard !done.isEmpty else { return }
        engaged.removeAll { recognizer in done.contains { $0 === recognizer } }
        for recognizer in done { recognizer.resetForNextGesture() }
        reconsiderWaiting()
    }
}
