import TouchKit

// MARK: - Intercepting touches by overriding hitTest (Event Handling Guide for iOS, Multitouch Events)

/// Two identical panels with a child each; the right panel overrides `hitTest(_:with:)`
/// to return itself for any point inside it, so its child never receives a touch.
public final class HitTestScene: Scene {
    public static let info = SceneInfo(
        name: "hittest",
        summary: "a superview that overrides hitTest to take its subviews' touches; a plain one beside it",
        seed: "Event Handling Guide for iOS, Multitouch Events: intercepting touches by overriding hit-testing")

    /// Side of each square panel in a window large enough, logical px.
    public static let panelSide = 400.0
    /// A child's side as a fraction of its panel's; children sit in their panel's centre.
    public static let childFraction = 0.5
    /// Gap between the panels and between a panel and the window edge, logical px.
    public static let gap = 80.0
    /// The window's background colour.
    public static let background = Color(rgb: 0x1b1b1b)

    public let window: Window
    /// The panel with UIKit's default hit testing.
    public let plain: TrackingView
    /// Its child, which receives touches landing on it.
    public let plainChild: TrackingView
    /// The panel that swallows its subviews' touches.
    public let swallowing: SwallowingView
    /// Its child, which never receives a touch.
    public let swallowedChild: TrackingView

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Self.background
        // resize(to:) sizes and places the panels and their children.
        let panel = Rect.zero, child = Rect.zero
        plain = TrackingView(frame: panel, name: "plain", color: Color(rgb: 0x37474f))
        plainChild = TrackingView(frame: child, name: "plainChild", color: Color(rgb: 0x8bc34a))
        swallowing = SwallowingView(frame: panel, name: "swallowing", color: Color(rgb: 0x4e342e))
        swallowedChild = TrackingView(frame: child, name: "swallowedChild", color: Color(rgb: 0xff7043))
        plain.addSubview(plainChild)
        swallowing.addSubview(swallowedChild)
        window.addSubview(plain)
        window.addSubview(swallowing)
        resize(to: context.size)
    }

    /// Centres the pair in the window, shrinking the panels when two of them and their gaps do not fit.
    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        let side = max(0, min(Self.panelSide, (size.width - 3 * Self.gap) / 2, size.height - 2 * Self.gap))
        let offset = (Self.gap + side) / 2
        let childSide = side * Self.childFraction, inset = (side - childSide) / 2
        for (panel, child, x) in [(plain as View, plainChild, size.width / 2 - offset),
                                  (swallowing as View, swallowedChild, size.width / 2 + offset)] {
            panel.frame = Rect(x: x - side / 2, y: (size.height - side) / 2, width: side, height: side)
            child.frame = Rect(x: inset, y: inset, width: childSide, height: childSide)
        }
    }

    public func snapshot() -> SceneSnapshot {
        var facts: [String: String] = [:]
        for view in [plain, plainChild, swallowing, swallowedChild] {
            facts["\(view.name).received"] = view.receivedFact
        }
        return SceneSnapshot(views: namedViewFrames(), facts: facts)
    }
}

/// A panel whose `hitTest(_:with:)` returns itself for any point inside it (and nil outside),
/// so touches on its subviews are bound to the panel instead.
///
/// It keeps the default checks (hidden, alpha, user interaction, point inside),
/// so it is still skipped wherever an ordinary view would be.
public final class SwallowingView: TrackingView {
    public override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard acceptsHits, self.point(inside: point, with: event) else { return nil }
        return self
    }
}
