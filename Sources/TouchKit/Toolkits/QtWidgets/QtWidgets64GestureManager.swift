// MARK: - QGestureManager's bookkeeping for one gesture of one widget

/// What a recognizer answers for one event (QGestureRecognizer::Result, state part).
enum QtWidgets64Result { case ignore, mayBe, trigger, finish, cancel }

/// The state a gesture was last delivered with (Qt::GestureState; `none` is Qt::NoGesture).
enum QtWidgets64GestureState { case none, started, updated, finished, canceled }

/// QGestureManager::filterEventThroughContexts for one gesture: turns a recognizer's result into the states
/// delivered to the widget, and says when the recognizer is reset (QGestureManager::recycle).
///
/// Rules: a trigger starts an inactive gesture and updates an active one; a finish of a gesture that is not active
/// delivers a fake start first; a may-be of an active gesture silently makes its state finished (nothing is
/// delivered or reset, so its recognizer can still finish it later, with a fake start); a cancel delivers an active
/// gesture cancelled and resets it, and resets a may-be gesture silently.
struct QtWidgets64ManagedGesture {
    private(set) var state: QtWidgets64GestureState = .none
    private var active = false
    private var maybe = false

    /// The states delivered for `result`, and whether the recognizer is reset afterwards.
    mutating func apply(_ result: QtWidgets64Result) -> (delivered: [QtWidgets64GestureState], reset: Bool) {
        switch result {
        case .ignore:
            return ([], false)
        case .trigger:
            maybe = false
            state = active ? .updated : .started
            active = true
            return ([state], false)
        case .finish:
            let delivered: [QtWidgets64GestureState] = active ? [.finished] : [.started, .finished]
            clear()
            return (delivered, true)
        case .mayBe:
            // activeToMaybeGestures: the state becomes finished, but they are not among the gestures delivered.
            maybe = true
            if active {
                active = false
                state = .finished
            }
            return ([], false)
        case .cancel:
            if active {
                clear()
                return ([.canceled], true)
            }
            if maybe {
                clear()
                return ([], true)
            }
            return ([], false)
        }
    }

    private mutating func clear() {
        active = false
        maybe = false
        state = .none
    }
}
