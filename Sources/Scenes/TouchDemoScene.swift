import TouchKit

// MARK: - TouchDemo (seed 001 §4.2.8)

/// Four coloured squares, one per corner; each follows its own finger and stays inside the window.
///
/// Each square keeps UIKit's default `isMultipleTouchEnabled = false`, so it
/// follows only the first finger that lands on it; other fingers drag the others.
public final class TouchDemoScene: Scene {
    public static let info = SceneInfo(
        name: "touchdemo",
        summary: "four coloured squares, one per corner, each dragged by its own finger",
        seed: "seed 001 §4.2.8 (TouchDemo)")

    /// Side of each square, logical px.
    public static let squareSide = 120.0
    /// Gap between a square and its corner of the window, logical px.
    public static let cornerMargin = 40.0
    /// Corner radius of each square, logical px.
    public static let squareCornerRadius = 12.0
    /// The squares' names and colours, corner order: top left, top right, bottom left, bottom right.
    public static let squares: [(name: String, color: Color)] = [
        ("red", Color(rgb: 0xe53935)), ("green", Color(rgb: 0x43a047)),
        ("blue", Color(rgb: 0x1e88e5)), ("yellow", Color(rgb: 0xfdd835)),
    ]
    /// The window's background colour.
    public static let background = Color(rgb: 0x202124)

    public let window: Window
    /// The draggable squares, in `squares` order.
    public let views: [DraggableView]

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Self.background
        views = Self.squares.map { square in
            let view = DraggableView(frame: .zero, name: square.name)
            view.backgroundColor = square.color
            view.cornerRadius = Self.squareCornerRadius
            return view
        }
        views.forEach(window.addSubview)
        resize(to: context.size)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        let side = Self.squareSide, margin = Self.cornerMargin
        let far = (x: size.width - margin - side, y: size.height - margin - side)
        let origins = [Point(x: margin, y: margin), Point(x: far.x, y: margin),
                       Point(x: margin, y: far.y), Point(x: far.x, y: far.y)]
        for (view, origin) in zip(views, origins) {
            view.frame = Rect(origin: origin, size: Size(width: side, height: side))
        }
    }
}

/// A view dragged by the delta between a touch's location and its previous location
/// (seed listing 3-3), kept wholly inside its superview.
open class DraggableView: View {
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first(where: { $0.view === self }), let container = superview else { return }
        let now = touch.location(in: container), before = touch.previousLocation(in: container)
        var moved = center
        moved.x += now.x - before.x
        moved.y += now.y - before.y
        center = clamped(moved, in: container.bounds)
    }

    /// The centre nearest to `proposed` that keeps the frame inside `limits`.
    func clamped(_ proposed: Point, in limits: Rect) -> Point {
        let halfW = frame.width / 2, halfH = frame.height / 2
        return Point(x: min(max(proposed.x, limits.minX + halfW), limits.maxX - halfW),
                     y: min(max(proposed.y, limits.minY + halfH), limits.maxY - halfH))
    }
}
