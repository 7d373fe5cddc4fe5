// MARK: - Gesture recognizer seam

/// Where gesture recognizers plug into a window's delivery (`GestureArena` is TouchKit's implementation).
///
/// `Window.sendEvent` hands every event to the stage before any view sees it
/// (DESIGN §5: Application → Window → recognizers → view). The stage answers
/// with the touches its views must not receive in this pass (delayed ones);
/// to take touches away from views for good (cancelsTouchesInView) it calls
/// `Window.cancelViewDelivery(of:with:)`.
public protocol GestureRecognitionStage: AnyObject {
    /// Sees `event` before `window`'s views do; returns touches to hold back from views in this pass.
    func window(_ window: Window, willDeliver event: Event) -> Set<Touch>
}

// MARK: - Window

/// The root of a view tree, as UIWindow: it delivers touches to views and collects damage.
///
/// Delivery rule: per hit view (in the order the views' first touches appear in
/// the pass) and per phase, one call with the set of that view's touches in that
/// phase, in the order began, moved, ended, cancelled; stationary touches are
/// never delivered. Whether a view receives a touch is decided once, when the
/// touch begins (see `deliverTouches(of:holdingBack:)`).
open class Window: View {
    /// The application this window belongs to (its next responder).
    public internal(set) weak var application: Application?
    /// Gesture recognizers' entry point: by default an arena running the views' recognizers; nil delivers straight to views.
    public var gestureStage: GestureRecognitionStage? = GestureArena()

    private var damage: [Rect] = []

    /// Creates a window; `frame` places it in the surface (usually at the origin).
    public override init(frame: Rect = .zero, name: String? = nil) {
        super.init(frame: frame, name: name)
        // UIKit windows ignore isMultipleTouchEnabled: they take every touch that reaches them.
        isMultipleTouchEnabled = true
    }

    /// The application: unhandled touches end there.
    open override var next: Responder? { application }

    // MARK: - Event delivery

    /// Delivers `event`'s touches that began in this window: gesture stage first, then views.
    open func sendEvent(_ event: Event) {
        let held = gestureStage?.window(self, willDeliver: event) ?? []
        deliverTouches(of: event, holdingBack: held)
    }

    /// Calls the bound views' touch methods for this window's changed touches, except `held`.
    ///
    /// A touch seen for the first time is delivered to its view only if
    /// (1) the view has isMultipleTouchEnabled, or tracks no other touch, and
    /// (2) exclusive touch: an exclusive view takes it only if no other view of the
    /// window tracks a finger, a non-exclusive view only if no exclusive view
    /// tracks one. A refused touch is withheld for its whole life (not re-routed)
    /// and stays in `event.allTouches`. "Tracks" means: has a delivered touch in
    /// this event, including touches ending in this pass and touches decided
    /// earlier in the same pass.
    public final func deliverTouches(of event: Event, holdingBack held: Set<Touch> = []) {
        // Views are compared by identity number: each comparison of View references would retain and release both.
        var deliverable: [(touch: Touch, view: ObjectIdentifier)] = []
        deliverable.reserveCapacity(event.orderedTouches.count)
        for touch in event.orderedTouches where touch.window === self && touch.phase != .stationary {
            if touch.delivery == .undecided { decideDelivery(of: touch, in: event) }
            guard touch.delivery == .delivered, held.isEmpty || !held.contains(touch), let view = touch.view else { continue }
            deliverable.append((touch, ObjectIdentifier(view)))
        }
        // Each view is served at its first touch, with its later ones; a scan of the few touches
        // of a pass costs less than building per-view buckets.
        for index in deliverable.indices {
            let (touch, viewID) = deliverable[index]
            guard !deliverable[..<index].contains(where: { $0.view == viewID }), let view = touch.view else { continue }
            let later = deliverable[(index + 1)...].contains { $0.view == viewID }
            // One touch (the usual case: one finger per view) is one call; no phase sorting needed.
            if !later, let method = TouchMethod(phase: touch.phase) {
                view.deliver(method, [touch], with: event)
                continue
            }
            let touches = deliverable[index...].filter { $0.view == viewID }.map(\.touch)
            for method in TouchMethod.allCases {
                let inPhase = touches.filter { $0.phase == method.phase }
                if !inPhase.isEmpty { view.deliver(method, Set(inPhase), with: event) }
            }
        }
    }

    /// Sends `touchesCancelled` to the views tracking `touches` and withholds those touches from them for good.
    public final func cancelViewDelivery(of touches: Set<Touch>, with event: Event) {
        var buckets: [(view: View, touches: Set<Touch>)] = []
        for touch in event.orderedTouches where touches.contains(touch) && touch.delivery == .delivered {
            touch.delivery = .withheld(.cancelledInView)
            guard let view = touch.view else { continue }
            if let index = buckets.firstIndex(where: { $0.view === view }) {
                buckets[index].touches.insert(touch)
            } else {
                buckets.append((view, [touch]))
            }
        }
        for (view, set) in buckets { view.deliver(.touchesCancelled, set, with: event) }
    }

    private func decideDelivery(of touch: Touch, in event: Event) {
        guard let view = touch.view else {
            withhold(touch, .noHitView, event)
            return
        }
        let trackingViews = event.orderedTouches.compactMap { other -> View? in
            guard other !== touch, other.window === self, other.delivery == .delivered else { return nil }
            return other.view
        }
        if !view.isMultipleTouchEnabled && trackingViews.contains(where: { $0 === view }) {
            withhold(touch, .multipleTouchDisabled, event)
        } else if view.isExclusiveTouch && trackingViews.contains(where: { $0 !== view }) {
            withhold(touch, .exclusiveTouch, event)
        } else if !view.isExclusiveTouch && trackingViews.contains(where: { $0.isExclusiveTouch }) {
            withhold(touch, .exclusiveTouch, event)
        } else {
            touch.delivery = .delivered
        }
    }

    private func withhold(_ touch: Touch, _ reason: WithholdReason, _ event: Event) {
        touch.delivery = .withheld(reason)
        event.recorder?.recordWithheld(touch, reason: reason, event: event)
    }

    // MARK: - Damage

    /// True when something was damaged since the last `takeDamage()`.
    public var needsDisplay: Bool { !damage.isEmpty }

    /// Returns the damaged window-space rectangles (none inside another) and clears them.
    public func takeDamage() -> [Rect] {
        defer { damage.removeAll() }
        return damage
    }

    /// Marks the whole window as damaged.
    public func setNeedsDisplay() {
        addDamage(localToWindow.boundingBox(of: bounds))
    }

    /// Adds a window-space rectangle to the damage, dropping rectangles it covers.
    public func addDamage(_ rect: Rect) {
        guard !rect.isEmpty, !damage.contains(where: { $0.encloses(rect) }) else { return }
        damage.removeAll { rect.encloses($0) }
        damage.append(rect)
    }
}
