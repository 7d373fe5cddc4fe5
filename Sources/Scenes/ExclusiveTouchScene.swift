import TouchKit

// MARK: - Exclusive touch (Event Handling Guide for iOS, figure 3-5)

/// Views A, B and C side by side; A has isExclusiveTouch.
///
/// The rule (figure 3-5): a finger on A is delivered only if no other view is
/// tracking a finger, and while A tracks one, fingers on B or C are not
/// delivered. B and C, both non-exclusive, take fingers at the same time.
/// A refused finger is refused for its whole life, even after the other lifts.
public final class ExclusiveTouchScene: Scene {
    public static let info = SceneInfo(
        name: "exclusive",
        summary: "views A (exclusiveTouch), B and C: A never shares the window with another tracking view",
        seed: "Event Handling Guide for iOS, figure 3-5 (restricting event delivery with an exclusive-touch view)")

    /// Side of each square view in a window large enough, logical px.
    public static let side = 300.0
    /// Gap between neighbouring views and between a view and the window edge, logical px.
    public static let gap = 50.0
    /// The window's background colour.
    public static let background = Color(rgb: 0x303030)

    public let window: Window
    /// The exclusive view.
    public let a: TrackingView
    /// The two ordinary views.
    public let b: TrackingView, c: TrackingView

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Self.background
        // resize(to:) sizes and places the squares.
        a = TrackingView(frame: .zero, name: "A", color: Color(rgb: 0xc62828))
        a.isExclusiveTouch = true
        b = TrackingView(frame: .zero, name: "B", color: Color(rgb: 0x2e7d32))
        c = TrackingView(frame: .zero, name: "C", color: Color(rgb: 0x1565c0))
        [a, b, c].forEach(window.addSubview)
        resize(to: context.size)
    }

    /// Centres the row in the window, shrinking the squares when three of them and their gaps do not fit.
    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        let side = max(0, min(Self.side, (size.width - 4 * Self.gap) / 3, size.height - 2 * Self.gap))
        let step = side + Self.gap
        for (index, view) in [a, b, c].enumerated() {
            let centre = Point(x: size.width / 2 + Double(index - 1) * step, y: size.height / 2)
            view.frame = Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)
        }
    }

    public func snapshot() -> SceneSnapshot {
        var facts: [String: String] = [:]
        for view in [a, b, c] {
            facts["\(view.name).received"] = view.receivedFact
            facts["\(view.name).tracking"] = FactText.ids(view.tracking.sorted())
        }
        return SceneSnapshot(views: namedViewFrames(), facts: facts)
    }
}
