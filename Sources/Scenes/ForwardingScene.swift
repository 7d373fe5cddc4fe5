import TouchKit

// MARK: - Forwarding to helper responders (Event Handling Guide for iOS, listing 3-8)

/// Two panels, each moved by a helper responder that the window feeds from `sendEvent`
/// before calling super; the panels themselves only outline while touched.
public final class ForwardingScene: Scene {
    public static let info = SceneInfo(
        name: "forwarding",
        summary: "a window subclass whose sendEvent forwards touches to helper responders, then calls super",
        seed: "Event Handling Guide for iOS, listing 3-8 (forwarding touch events to helper responder objects)")

    /// Each panel's size, logical px.
    public static let panelSize = Size(width: 320, height: 320)
    /// Gap between a panel and the window's vertical centre line, logical px.
    public static let panelGap = 80.0
    /// The window's background colour.
    public static let background = Color(rgb: 0x263238)

    /// The listing's window.
    public let window: Window
    /// The left and right panels.
    public let left: TrackingView, right: TrackingView
    /// The helpers, one per panel, in the order the window calls them.
    public let helpers: [DragHelper]

    public init(context: SceneContext) {
        let forwarding = ForwardingWindow(frame: Rect(origin: .zero, size: context.size), name: "window")
        forwarding.backgroundColor = Self.background
        left = TrackingView(frame: Rect(origin: .zero, size: Self.panelSize), name: "left", color: Color(rgb: 0x5e35b1))
        right = TrackingView(frame: Rect(origin: .zero, size: Self.panelSize), name: "right", color: Color(rgb: 0x00acc1))
        forwarding.addSubview(left)
        forwarding.addSubview(right)
        helpers = [DragHelper(observing: left, name: "leftHelper"), DragHelper(observing: right, name: "rightHelper")]
        forwarding.helpers = helpers
        window = forwarding
        resize(to: context.size)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        let offset = Self.panelGap + Self.panelSize.width / 2
        left.center = Point(x: size.width / 2 - offset, y: size.height / 2)
        right.center = Point(x: size.width / 2 + offset, y: size.height / 2)
    }

    public func snapshot() -> SceneSnapshot {
        var facts: [String: String] = ["left.received": left.receivedFact, "right.received": right.receivedFact]
        for helper in helpers { facts[helper.name] = helper.journal.joined(separator: " ") }
        return SceneSnapshot(views: namedViewFrames(), facts: facts)
    }
}

/// Listing 3-8's window: for each helper, it collects the event's touches bound to the helper's
/// view, sorts them by phase, calls the helper's touch methods, and then calls `super.sendEvent`.
///
/// Helpers see every touch bound to their view, also one the view itself never
/// receives (a second finger on a view without isMultipleTouchEnabled): the
/// window reads `event.allTouches`, which keeps withheld touches. The helper
/// calls go through `deliver`, so the deliveries log shows them (window coordinates).
public final class ForwardingWindow: Window {
    /// The helpers, called in this order before the views.
    public var helpers: [DragHelper] = []

    public override func sendEvent(_ event: Event) {
        for helper in helpers {
            let observed = event.allTouches.filter { $0.view === helper.observed }
            for method in TouchMethod.allCases {
                let inPhase = observed.filter { $0.phase == method.phase }
                if !inPhase.isEmpty { helper.deliver(method, inPhase, with: event) }
            }
        }
        super.sendEvent(event)
    }
}

/// A helper responder (the listing's transform gesture, reduced to a drag): it moves
/// its observed view by the motion of the earliest of its touches.
public final class DragHelper: Responder {
    /// The view whose touches the window forwards to this helper.
    public let observed: View
    /// What the helper received, one "method:ids" word per call ("began:0", "moved:0,1").
    public private(set) var journal: [String] = []

    /// Creates a helper for `view`.
    public init(observing view: View, name: String) {
        observed = view
        super.init(name: name)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) { note("began", touches) }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        note("moved", touches)
        guard let touch = touches.min(by: { $0.serial < $1.serial }), let container = observed.superview else { return }
        let now = touch.location(in: container), before = touch.previousLocation(in: container)
        observed.center = Point(x: observed.center.x + now.x - before.x, y: observed.center.y + now.y - before.y)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) { note("ended", touches) }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { note("cancelled", touches) }

    private func note(_ method: String, _ touches: Set<Touch>) {
        journal.append("\(method):\(FactText.ids(touches.map(\.id).sorted()))")
    }
}
