import TouchKit

// MARK: - Drag views (seed 003, recipe 1)

/// Overlapping cards; touching one brings it to the front, and the finger drags it.
public final class DragViewScene: Scene {
    public static let info = SceneInfo(
        name: "dragview",
        summary: "overlapping views; the touched one comes to the front (bringSubviewToFront) and is dragged",
        seed: "seed 003, recipe 1 (dragging views: bring to front, move by the touch offset)")

    /// Each card's size, logical px.
    public static let cardSize = Size(width: 200, height: 200)
    /// Offset between neighbouring cards' origins, logical px: enough to overlap by half.
    public static let cardStep = 100.0
    /// The cards' names and colours, back to front at start.
    public static let cards: [(name: String, color: Color)] = [
        ("card1", Color(rgb: 0xef5350)), ("card2", Color(rgb: 0x66bb6a)), ("card3", Color(rgb: 0x42a5f5)),
    ]
    /// The window's background colour.
    public static let background = Color(rgb: 0x212121)

    public let window: Window
    /// The cards, in creation order (not stacking order: see `window.subviews`).
    public let views: [DragView]

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Self.background
        views = Self.cards.map { card in
            let view = DragView(frame: Rect(origin: .zero, size: Self.cardSize), name: card.name)
            view.backgroundColor = card.color
            return view
        }
        views.forEach(window.addSubview)
        resize(to: context.size)
    }

    /// Lays the cards out diagonally around the window's centre, each overlapping the next.
    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        let middle = Double(views.count - 1) / 2
        for (index, view) in views.enumerated() {
            let shift = (Double(index) - middle) * Self.cardStep
            view.center = Point(x: size.width / 2 + shift, y: size.height / 2 + shift)
        }
    }

    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "order": window.subviews.map(\.name).joined(separator: ","),
        ])
    }
}

/// The recipe's view: on touchesBegan it remembers where in itself the finger landed and comes
/// to the front; on touchesMoved it shifts its frame so that point stays under the finger.
///
/// isMultipleTouchEnabled stays false, so a second finger on a card already
/// being dragged is withheld from it; each card follows its own first finger.
public final class DragView: View {
    private var startLocation: Point?

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        startLocation = touch.location(in: self)
        superview?.bringSubviewToFront(self)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first, let start = startLocation else { return }
        let now = touch.location(in: self)
        var moved = frame
        moved.origin.x += now.x - start.x
        moved.origin.y += now.y - start.y
        frame = moved
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) { startLocation = nil }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { startLocation = nil }
}
