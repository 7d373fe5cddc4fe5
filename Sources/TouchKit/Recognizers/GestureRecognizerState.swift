// MARK: - States

/// A gesture recognizer's state, as UIGestureRecognizer.State.
///
/// Discrete recognizers (tap, swipe) go possible → ended (recognized) or
/// possible → failed. Continuous ones (long press, pan, pinch, rotation) go
/// possible → began → changed* → ended | cancelled, or possible → failed.
/// After ended, cancelled or failed, the arena resets the recognizer to
/// possible once all its touches have lifted. `transition(from:to:isContinuous:)`
/// is the only place that says which moves are legal.
public enum GestureRecognizerState: String, Sendable, Codable, CaseIterable {
    /// Watching touches; the gesture is neither recognized nor ruled out (the state after reset).
    case possible
    /// A continuous gesture was recognized and has started.
    case began
    /// A continuous gesture moved on.
    case changed
    /// The gesture finished: a discrete gesture is recognized, a continuous one ended normally.
    case ended
    /// A continuous gesture was cut short (a touch cancel, or another recognizer won).
    case cancelled
    /// The touches are not this gesture.
    case failed

    /// UIKit's alias: a discrete gesture's recognized state is `ended`.
    public static let recognized = GestureRecognizerState.ended

    /// True for ended, cancelled and failed: the gesture is over and waits for its touches to lift.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

    /// True for began and changed: a continuous gesture in progress.
    public var isActive: Bool { self == .began || self == .changed }

    /// Whether a recognizer may move from `old` to `new`; the one transition table.
    ///
    /// Moving to `possible` is the arena's reset and legal only from a finished state.
    public static func transition(from old: Self, to new: Self, isContinuous: Bool) -> TransitionCheck {
        switch (old, new) {
        case (.possible, .failed), (.ended, .possible), (.cancelled, .possible), (.failed, .possible):
            return .allowed
        case (.possible, .ended):
            return isContinuous ? .impossible("a continuous recognizer ends only after it began") : .allowed
        case (.possible, .began), (.began, .changed), (.changed, .changed),
             (.began, .ended), (.changed, .ended), (.began, .cancelled), (.changed, .cancelled):
            return isContinuous ? .allowed : .impossible("a discrete recognizer never begins, changes or is cancelled")
        default:
            return .impossible("\(old.rawValue) → \(new.rawValue) is not a recognizer transition")
        }
    }
}

/// The answer of `GestureRecognizerState.transition(from:to:isContinuous:)`.
public enum TransitionCheck: Hashable, Sendable {
    /// The move is legal.
    case allowed
    /// The move is a bug in the recognizer that asked for it; the text says why.
    case impossible(String)
}

// MARK: - Reasons

/// Why a recognizer changed state; written to the deliveries log as one phrase.
public enum TransitionReason: Hashable, Sendable, CustomStringConvertible {
    /// The recognizer's own rule was met; the text says which (e.g. "2 taps").
    case recognized(String)
    /// A continuous gesture's touches moved.
    case moved
    /// A continuous gesture's touches lifted.
    case touchesLifted
    /// A touch moved further than the allowed movement (points).
    case slopExceeded(distance: Double, limit: Double)
    /// A timer ran out; the text names it.
    case timerExpired(String)
    /// The number of touches is wrong for this recognizer.
    case touchCount(actual: Int, required: String)
    /// The recognizer's rule was not met; the text says how (e.g. "lifted before 0.5 s").
    case notMet(String)
    /// Recognition is held back until the named recognizer fails.
    case waitingForFailure(of: String)
    /// The named recognizer failed, so the held-back recognition happens now.
    case requiredRecognizerFailed(String)
    /// The named recognizer recognized, and the two may not recognize simultaneously (or this one required its failure).
    case otherRecognized(String)
    /// One of the recognizer's touches was cancelled.
    case touchCancelled
    /// The delegate's gestureRecognizerShouldBegin answered false.
    case delegateDeclined
    /// The recognizer was disabled or removed from its view mid-gesture; the text says which.
    case detached(String)
    /// The gesture is over and all its touches have lifted.
    case reset
    /// A recognizer asked for an impossible transition to this state; it was ignored.
    case impossibleTransitionIgnored(GestureRecognizerState)

    /// The reason as one stable phrase.
    public var description: String {
        switch self {
        case .recognized(let what): "recognized: \(what)"
        case .moved: "touches moved"
        case .touchesLifted: "touches lifted"
        case .slopExceeded(let distance, let limit):
            "slop exceeded: moved \(JSONText.number(distance)) > \(JSONText.number(limit))"
        case .timerExpired(let timer): "timer expired: \(timer)"
        case .touchCount(let actual, let required): "touch count: \(actual), needs \(required)"
        case .notMet(let why): "not met: \(why)"
        case .waitingForFailure(let other): "waiting for failure of \(other)"
        case .requiredRecognizerFailed(let other): "\(other) failed"
        case .otherRecognized(let other): "because \(other) recognized"
        case .touchCancelled: "cancelled by a touch cancel"
        case .delegateDeclined: "delegate declined to begin"
        case .detached(let how): "\(how) mid-gesture"
        case .reset: "reset"
        case .impossibleTransitionIgnored(let state): "impossible transition to \(state.rawValue) ignored"
        }
    }
}
