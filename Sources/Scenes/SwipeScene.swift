import TouchKit

// MARK: - Swipe tracker (Event Handling Guide for iOS, listing 3-2)

/// A horizontal swipe detector written with touches* methods, as listing 3-2.
///
/// A touch is a swipe once it has moved at least `horizontalSwipeDragMinimum`
/// along x while staying within `verticalSwipeDragMaximum` of its start in y;
/// each touch reports at most one swipe. The indicator jumps to the side swiped to.
public final class SwipeScene: Scene {
    public static let info = SceneInfo(
        name: "swipe",
        summary: "horizontal swipes detected from raw touches (>= 12 px along, <= 4 px across)",
        seed: "Event Handling Guide for iOS, listing 3-2 (tracking a swipe)")

    public let window: Window
    /// The full-window view running listing 3-2.
    public let tracker: SwipeTrackingView

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Color(rgb: 0x1b2631)
        tracker = SwipeTrackingView(frame: Rect(origin: .zero, size: context.size))
        window.addSubview(tracker)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        tracker.frame = Rect(origin: .zero, size: size)
        tracker.placeIndicator()
    }

    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "lastSwipe": tracker.lastSwipe?.rawValue ?? "none",
            "swipes": tracker.swipes.map(\.rawValue).joined(separator: ","),
        ])
    }
}

/// Listing 3-2's view: remembers where a touch began and classifies its motion.
public final class SwipeTrackingView: View {
    /// A recognised swipe's direction.
    public enum Direction: String, Sendable {
        case left, right
    }

    /// Minimum travel along x for a swipe, logical px (listing 3-2's HORIZ_SWIPE_DRAG_MIN).
    public static let horizontalSwipeDragMinimum = 12.0
    /// Maximum drift along y for a swipe, logical px (listing 3-2's VERT_SWIPE_DRAG_MAX).
    public static let verticalSwipeDragMaximum = 4.0
    /// Indicator size, logical px.
    public static let indicatorSide = 80.0
    /// Gap between the indicator and the window edge, logical px.
    public static let indicatorMargin = 40.0

    /// Every swipe recognised, oldest first.
    public private(set) var swipes: [Direction] = []
    /// The most recent swipe.
    public var lastSwipe: Direction? { swipes.last }
    /// Shows the last swipe's side.
    public let indicator: View
    private var start: Point?

    /// Creates the tracking view with its indicator centred.
    public init(frame: Rect) {
        indicator = View(frame: Rect(x: 0, y: 0, width: Self.indicatorSide, height: Self.indicatorSide),
                         name: "indicator")
        indicator.backgroundColor = Color(rgb: 0x80cbc4)
        indicator.cornerRadius = Self.indicatorSide / 2
        indicator.isUserInteractionEnabled = false
        super.init(frame: frame, name: "swipe")
        addSubview(indicator)
        placeIndicator()
    }

    /// Puts the indicator at the side of the last swipe (centre before any).
    public func placeIndicator() {
        let inset = Self.indicatorMargin + Self.indicatorSide / 2
        let x: Double = switch lastSwipe {
        case .left: bounds.minX + inset
        case .right: bounds.maxX - inset
        case nil: bounds.midX
        }
        indicator.center = Point(x: x, y: bounds.midY)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        start = touches.first?.location(in: self)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let begin = start, let touch = touches.first else { return }
        let now = touch.location(in: self)
        let along = now.x - begin.x, across = now.y - begin.y
        guard abs(along) >= Self.horizontalSwipeDragMinimum,
              abs(across) <= Self.verticalSwipeDragMaximum else { return }
        swipes.append(along > 0 ? .right : .left)
        // One swipe per touch: forget the start until the next touch begins.
        start = nil
        placeIndicator()
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) { start = nil }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { start = nil }
}
