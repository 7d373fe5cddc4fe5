// MARK: - Who recognizes

extension GestureArena {
    /// `recognizer` asks to leave possible for `target` (began or ended): now, after a required failure, or never.
    func requestRecognition(_ recognizer: GestureRecognizer, to target: GestureRecognizerState,
                            reason: TransitionReason) {
        guard recognizer.pendingRecognition == nil else { return }   // already waiting
        let required = requirements(of: recognizer)
        if let winner = required.first(where: { $0.state != .possible && $0.state != .failed }) {
            recognizer.transition(to: .failed, reason: .otherRecognized(winner.name))
        } else if let blocker = required.first(where: { $0.state == .possible }) {
            recognizer.pendingRecognition = (target, reason)
            recognizer.log(from: .possible, to: .possible, reason: .waitingForFailure(of: blocker.name))
        } else {
            recognize(recognizer, to: target, reason: reason)
        }
    }

    /// Applies a recognition: delegate veto, rivals already under way, then the win's effects on others and views.
    private func recognize(_ recognizer: GestureRecognizer, to target: GestureRecognizerState,
                           reason: TransitionReason) {
        recognizer.pendingRecognition = nil
        if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false {
            recognizer.transition(to: .failed, reason: .delegateDeclined)
            return
        }
        let rivals = competitors(of: recognizer).filter { !simultaneous(recognizer, $0) }
        if let active = rivals.first(where: { $0.state.isActive }) {
            recognizer.transition(to: .failed, reason: .otherRecognized(active.name))
            return
        }
        recognizer.commit(target, reason: reason)
        for rival in rivals where rival.state == .possible {
            rival.transition(to: .failed, reason: .otherRecognized(recognizer.name))
        }
        for waiting in engaged where waiting.pendingRecognition != nil
            && requirements(of: waiting).contains(where: { $0 === recognizer }) {
            waiting.transition(to: .failed, reason: .otherRecognized(recognizer.name))
        }
        if recognizer.cancelsTouchesInView {
            takeFromViews(recognizer.gestureTouches)
        }
        recognizer.sendActions()
    }

    /// `failed` just failed: recognizers waiting for it may recognize now.
    func recognizerFailed(_ failed: GestureRecognizer) {
        reconsiderWaiting(after: failed)
    }

    /// Re-evaluates every waiting recognizer: it recognizes once nothing it requires is undecided.
    func reconsiderWaiting(after failed: GestureRecognizer? = nil) {
        for waiting in engaged {
            guard let pending = waiting.pendingRecognition, waiting.state == .possible else { continue }
            let required = requirements(of: waiting)
            if let winner = required.first(where: { $0.state != .possible && $0.state != .failed }) {
                waiting.transition(to: .failed, reason: .otherRecognized(winner.name))
            } else if !required.contains(where: { $0.state == .possible }) {
                let reason = failed.map { TransitionReason.requiredRecognizerFailed($0.name) } ?? pending.reason
                recognize(waiting, to: pending.state, reason: reason)
            }
        }
    }

    // MARK: - Relations

    /// Engaged recognizers `recognizer` must see fail first: `require(toFail:)` and both delegates' answers.
    func requirements(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        engaged.filter { other in
            other !== recognizer && !other.gestureTouches.isEmpty && (
                recognizer.requiredToFail.contains { $0.value === other }
                || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true)
        }
    }

    /// Engaged recognizers sharing at least one touch of the current gesture with `recognizer`.
    func competitors(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        engaged.filter { $0 !== recognizer && !$0.gestureTouches.isDisjoint(with: recognizer.gestureTouches) }
    }

    /// True when either recognizer's delegate lets the two recognize at the same time.
    func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }
}
