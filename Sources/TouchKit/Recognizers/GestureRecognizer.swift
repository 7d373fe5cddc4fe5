// MARK: - Gesture recognizer

/// A handle returned by `GestureRecognizer.addTarget(_:)`, for removing that action.
public struct GestureTarget: Hashable, Sendable {
    let rawValue: UInt64
}

/// Turns touches into one gesture, as UIGestureRecognizer; subclasses implement the touch methods.
///
/// Attached to a view, it sees the touches hitting that view or its subviews
/// before the view does (the window's `GestureArena` runs it). Subclasses move
/// the state only with `transition(to:reason:)`; the arena decides whether a
/// recognition happens now, later (waiting for another recognizer's failure)
/// or not at all (another recognizer won, the delegate declined), and resets
/// the recognizer to possible once the gesture is over and its touches lifted.
/// Timers run on the application's injected clock, never on wall time.
open class GestureRecognizer {
    /// The name the deliveries log uses for this recognizer.
    public var name: String
    /// The current state (see `GestureRecognizerState` for the legal moves).
    public internal(set) var state: GestureRecognizerState = .possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// A disabled recognizer is given no new touches; disabling it mid-gesture fails (or cancels) that gesture.
    public var isEnabled = true {
        didSet { if oldValue, !isEnabled { abandonGesture(.detached("disabled")) } }
    }
    /// On recognition, touches not yet delivered are withheld from views and delivered ones get touchesCancelled.
    public var cancelsTouchesInView = true
    /// While possible, began (and later) phases of its touches are held back from views; dropped on recognition, delivered on failure.
    public var delaysTouchesBegan = false
    /// While possible, ended phases of its touches are held back from views; cancelled on recognition, delivered on failure.
    public var delaysTouchesEnded = true
    /// Vetoes the start and relates this recognizer to others.
    public weak var delegate: GestureRecognizerDelegate?
    /// Called with every transition as it is logged (reason and values included), whether or not a log is kept.
    public var onTransition: ((RecognizerTransition) -> Void)?

    /// True for recognizers that go began → changed → ended; false for discrete ones (possible → ended).
    open var isContinuous: Bool { false }

    // MARK: Arena bookkeeping

    /// Touches down that this recognizer tracks, in the order they arrived.
    var trackedTouches: [Touch] = []
    /// Every touch of the current gesture (down or lifted) since the last reset.
    var gestureTouches: Set<Touch> = []
    /// A recognition held back until the recognizers it requires have failed.
    var pendingRecognition: (state: GestureRecognizerState, reason: TransitionReason)?
    /// Recognizers that must fail before this one may recognize (`require(toFail:)`).
    var requiredToFail: [WeakRecognizer] = []
    /// Timers scheduled and not yet fired or cancelled.
    var timers: Set<TimerHandle> = []
    /// The arena running this recognizer's current gesture.
    weak var arena: GestureArena?
    private var lastWindowCentroid = Point.zero
    private var targets: [(target: GestureTarget, action: (GestureRecognizer) -> Void)] = []
    private var nextTarget: UInt64 = 0

    /// Creates a recognizer; without a name, the log uses the class name.
    public init(name: String? = nil) {
        self.name = name ?? String(describing: type(of: self))
    }

    // MARK: - Touches and location

    /// The touches down that this recognizer tracks, oldest first (lifting ones included during touchesEnded).
    public var touches: [Touch] { trackedTouches }

    /// The number of touches the recognizer tracks.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in `view`'s coordinates (nil: window); the last centroid once they lifted.
    public func location(in view: View?) -> Point {
        convertFromWindow(windowCentroid(of: trackedTouches) ?? lastWindowCentroid, to: view)
    }

    /// The location of the `index`th tracked touch in `view`'s coordinates.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        trackedTouches[index].location(in: view)
    }

    /// The mean window location of `touches`, nil when empty.
    func windowCentroid(of touches: [Touch]) -> Point? {
        guard !touches.isEmpty else { return nil }
        let sum = touches.reduce(Point.zero) { Point(x: $0.x + $1.windowLocation.x, y: $0.y + $1.windowLocation.y) }
        return Point(x: sum.x / Double(touches.count), y: sum.y / Double(touches.count))
    }

    /// Converts a window point to `view`'s coordinates (nil: unchanged).
    func convertFromWindow(_ point: Point, to view: View?) -> Point {
        guard let view else { return point }
        guard let window = self.view?.window ?? view.window else { return view.convert(point, from: nil) }
        return view.convert(point, from: window)
    }

    /// Converts a window-space vector to `view`'s coordinates (linear part only; nil: unchanged).
    func convertVectorFromWindow(_ vector: Point, to view: View?) -> Point {
        guard view != nil else { return vector }
        let origin = convertFromWindow(.zero, to: view), tip = convertFromWindow(vector, to: view)
        return Point(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    /// Converts a vector in `view`'s coordinates (nil: window) to window coordinates (linear part only).
    func convertVectorToWindow(_ vector: Point, from view: View?) -> Point {
        guard let view else { return vector }
        let origin = view.convert(Point.zero, to: nil), tip = view.convert(vector, to: nil)
        return Point(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    // MARK: - Environment

    /// The application whose window holds the view, if any.
    var application: Application? { view?.window?.application }

    /// The thresholds in force: the application's active profile (UIKit's when detached).
    public var profile: ThresholdProfile { application?.profile ?? .uikit }

    /// Seconds: the current event's timestamp during delivery, else the injected clock's time.
    public var now: Double { arena?.currentEvent?.timestamp ?? application?.clock.now ?? 0 }

    // MARK: - Relations and targets

    /// Makes this recognizer wait, before recognizing, until `other` has failed (it fails if `other` recognizes).
    public func require(toFail other: GestureRecognizer) {
        requiredToFail.removeAll { $0.value == nil || $0.value === other }
        requiredToFail.append(WeakRecognizer(value: other))
    }

    /// Adds an action called on recognition (discrete) or on began, changed, ended and cancelled (continuous).
    @discardableResult
    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) -> GestureTarget {
        nextTarget += 1
        let target = GestureTarget(rawValue: nextTarget)
        targets.append((target, action))
        return target
    }

    /// Removes an action added with `addTarget(_:)`.
    public func removeTarget(_ target: GestureTarget) {
        targets.removeAll { $0.target == target }
    }

    func sendActions() {
        for (_, action) in targets { action(self) }
    }

    // MARK: - Subclass hooks

    /// Touches of this recognizer that began; the default does nothing.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// Touches of this recognizer that moved; the default does nothing.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// Touches of this recognizer that lifted (still in `touches` during the call); the default does nothing.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// Touches of this recognizer that were cancelled; afterwards the recognizer fails or is cancelled.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
    /// Clears per-gesture state; called when the arena resets the recognizer to possible.
    open func reset() {}
    /// Values written with every transition (translation, scale…); none by default.
    open var measurements: [RecognizerMeasurement] { [] }

    /// Calls the touch method for `method`; a cancelled touch ends the gesture.
    func receive(_ method: TouchMethod, _ touches: Set<Touch>, with event: Event) {
        lastWindowCentroid = windowCentroid(of: trackedTouches) ?? lastWindowCentroid
        switch method {
        case .touchesBegan: touchesBegan(touches, with: event)
        case .touchesMoved: touchesMoved(touches, with: event)
        case .touchesEnded: touchesEnded(touches, with: event)
        case .touchesCancelled:
            touchesCancelled(touches, with: event)
            if state == .possible {
                transition(to: .failed, reason: .touchCancelled)
            } else if state.isActive {
                transition(to: .cancelled, reason: .touchCancelled)
            }
        }
    }

    // MARK: - State changes

    /// Asks to move to `new` for `reason`; leaving possible goes through the arena, which may defer or refuse it.
    ///
    /// An impossible move is a bug in the caller: it traps in debug builds and
    /// is logged and ignored in release builds.
    public final func transition(to new: GestureRecognizerState, reason: TransitionReason) {
        let check = new == .possible ? .impossible("only the arena resets a recognizer")
            : GestureRecognizerState.transition(from: state, to: new, isContinuous: isContinuous)
        if case .impossible(let why) = check {
            log(from: state, to: state, reason: .impossibleTransitionIgnored(new))
            assertionFailure("\(name): \(why)")
            return
        }
        if state == .possible, new == .began || new == .ended, let arena {
            arena.requestRecognition(self, to: new, reason: reason)
            return
        }
        commit(new, reason: reason)
        if new == .failed {
            arena?.recognizerFailed(self)
        } else {
            sendActions()
        }
    }

    /// Ends a gesture in progress from outside the touch stream: possible fails, began/changed are cancelled.
    func abandonGesture(_ reason: TransitionReason) {
        guard !gestureTouches.isEmpty || pendingRecognition != nil else { return }
        if state == .possible {
            transition(to: .failed, reason: reason)
        } else if state.isActive {
            transition(to: .cancelled, reason: reason)
        }
        arena?.settleBetweenEvents()
    }

    /// Sets the state and logs the move; the arena calls it once a transition is decided.
    func commit(_ new: GestureRecognizerState, reason: TransitionReason) {
        let old = state
        state = new
        if new != .possible { pendingRecognition = nil }
        log(from: old, to: new, reason: reason)
    }

    /// Writes one transition to the deliveries log.
    func log(from old: GestureRecognizerState, to new: GestureRecognizerState, reason: TransitionReason) {
        guard onTransition != nil || application?.recorder != nil else { return }
        let entry = RecognizerTransition(timestamp: now, recognizer: name, view: view?.name, from: old, to: new,
                                         reason: reason, values: measurements)
        application?.recorder?.record(.transition(entry))
        onTransition?(entry)
    }

    /// Back to possible for the next gesture: timers cancelled, touches forgotten, `reset()` called.
    func resetForNextGesture() {
        for timer in timers { application?.clock.cancel(timer) }
        timers.removeAll()
        let old = state
        state = .possible
        pendingRecognition = nil
        trackedTouches.removeAll()
        gestureTouches.removeAll()
        reset()
        log(from: old, to: .possible, reason: .reset)
    }

    // MARK: - Timers

    /// Runs `action` `delay` seconds from now on the injected clock; nil when the recognizer has no application.
    @discardableResult
    public final func scheduleTimer(after delay: Double, _ action: @escaping () -> Void) -> TimerHandle? {
        guard let clock = application?.clock else { return nil }
        var handle: TimerHandle?
        handle = clock.schedule(at: now + delay) { [weak self] in
            guard let self else { return }
            if let handle { self.timers.remove(handle) }
            action()
            self.arena?.settleBetweenEvents()
        }
        if let handle { timers.insert(handle) }
        return handle
    }

    /// Cancels a timer from `scheduleTimer(after:_:)`.
    public final func cancelTimer(_ handle: TimerHandle?) {
        guard let handle else { return }
        application?.clock.cancel(handle)
        timers.remove(handle)
    }
}

/// A weak reference to a recognizer, for failure requirements.
struct WeakRecognizer {
    weak var value: GestureRecognizer?
}
