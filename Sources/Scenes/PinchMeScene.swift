import TouchKit

// MARK: - PinchMe (seed 001 §4.2.7: the distance between two fingers, from raw touches)

/// A canvas that draws a circle between the first two fingers, as wide as they are apart.
///
/// No recognizer: the canvas has isMultipleTouchEnabled and reads the touches
/// itself, as the seed's PinchMe does. The circle is centred on the two
/// fingers' midpoint with a diameter equal to their distance; it appears when
/// the second finger lands and hides when fewer than two remain. The "first
/// two" are the two oldest touches still down, so a third finger changes
/// nothing until one of the two lifts.
public final class PinchMeScene: Scene {
    public static let info = SceneInfo(
        name: "pinchme",
        summary: "a circle between two fingers whose diameter is their distance, read from raw touches",
        seed: "seed 001 §4.2.7 (PinchMe: two-finger distance with isMultipleTouchEnabled)")

    /// The window's background colour.
    public static let background = Color(rgb: 0x1a1d23)

    public let window: Window
    /// The full-window canvas.
    public let canvas: PinchMeView

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Self.background
        canvas = PinchMeView(frame: Rect(origin: .zero, size: context.size))
        window.addSubview(canvas)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        canvas.frame = Rect(origin: .zero, size: size)
    }

    /// Facts: `distance` (now, or when the pair last changed), `peakDistance`, `fingers` down, `pairs` measured.
    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "distance": FactText.number(canvas.distance), "peakDistance": FactText.number(canvas.peakDistance),
            "fingers": String(canvas.fingers.count), "pairs": String(canvas.pairs),
        ])
    }
}

/// The PinchMe canvas: tracks every finger and sizes `circle` to the first two.
public final class PinchMeView: View {
    /// The circle's fill colour.
    public static let circleColor = Color(rgb: 0xffca28, alpha: 0.8)

    /// The distance circle (hidden with fewer than two fingers).
    public let circle = View(name: "distanceCircle")
    /// Fingers down on the canvas, oldest first.
    public private(set) var fingers: [Touch] = []
    /// The first two fingers' distance, logical px: live while two are down, then the last value.
    public private(set) var distance = 0.0
    /// The largest distance measured.
    public private(set) var peakDistance = 0.0
    /// How many times a pair of fingers formed (a second finger landed, or a third became second).
    public private(set) var pairs = 0

    /// Creates the canvas with multiple touch enabled and the circle hidden.
    public init(frame: Rect) {
        super.init(frame: frame, name: "pinchme")
        isMultipleTouchEnabled = true
        circle.backgroundColor = Self.circleColor
        circle.isUserInteractionEnabled = false
        circle.isHidden = true
        addSubview(circle)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        let hadPair = fingers.count >= 2
        fingers.append(contentsOf: touches.sorted { $0.serial < $1.serial })
        if !hadPair, fingers.count >= 2 { pairs += 1 }
        update()
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) { update() }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) { lift(touches) }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { lift(touches) }

    private func lift(_ touches: Set<Touch>) {
        let pair = Array(fingers.prefix(2))
        fingers.removeAll { touches.contains($0) }
        if fingers.count >= 2, Array(fingers.prefix(2)) != pair { pairs += 1 }
        update()
    }

    /// Sizes and centres the circle on the first two fingers, or hides it.
    private func update() {
        guard fingers.count >= 2 else {
            circle.isHidden = true
            return
        }
        let a = fingers[0].location(in: self), b = fingers[1].location(in: self)
        let dx = b.x - a.x, dy = b.y - a.y
        distance = (dx * dx + dy * dy).squareRoot()
        peakDistance = max(peakDistance, distance)
        circle.frame = Rect(x: 0, y: 0, width: distance, height: distance)
        circle.cornerRadius = distance / 2
        circle.center = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        circle.isHidden = false
    }
}
