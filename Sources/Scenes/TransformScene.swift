import TouchKit

// MARK: - Transform (issue 6 item 1: pinch, rotation and pan together)

/// One card that pinch, rotation and pan recognizers move together: scale, turn and drag at once.
///
/// The three recognizers sit on the card and a delegate lets any two of them
/// recognize simultaneously (without it, the first to begin would cancel the
/// others). The card's transform is scale, then rotation, then translation,
/// about its centre; the translation is in window points, so the card follows
/// the fingers' centroid. A cancelled gesture puts its own value back to what
/// it was when that gesture began.
public final class TransformScene: Scene {
    public static let info = SceneInfo(
        name: "transform",
        summary: "a card scaled, turned and dragged at once by simultaneous pinch, rotation and pan recognizers",
        seed: "issue 6 item 1; UIGestureRecognizerDelegate shouldRecognizeSimultaneouslyWith")

    /// The card's size before any transform, logical px.
    public static let cardSize = Size(width: 240, height: 160)
    /// The card's colour.
    public static let cardColor = Color(rgb: 0x26a69a)
    /// The card's corner radius, logical px.
    public static let cardCornerRadius = 12.0
    /// The window's background colour.
    public static let background = Color(rgb: 0x101418)

    public let window: Window
    /// The transformed card, centred in the window.
    public let card: View
    /// Scales the card.
    public let pinch = PinchGestureRecognizer(name: "pinch")
    /// Turns the card.
    public let rotation = RotationGestureRecognizer(name: "rotation")
    /// Drags the card.
    public let pan = PanGestureRecognizer(name: "pan")

    /// The card's scale.
    public private(set) var scale = 1.0
    /// The card's rotation, radians, clockwise on screen.
    public private(set) var angle = 0.0
    /// The card's translation, window points.
    public private(set) var translation = Point.zero

    private let simultaneity: SimultaneousRecognition
    private var scaleAtBegin = 1.0, angleAtBegin = 0.0, translationAtBegin = Point.zero

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Self.background
        card = View(frame: Rect(origin: .zero, size: Self.cardSize), name: "card")
        card.backgroundColor = Self.cardColor
        card.cornerRadius = Self.cardCornerRadius
        card.isMultipleTouchEnabled = true
        window.addSubview(card)
        simultaneity = SimultaneousRecognition([pinch, rotation, pan])
        for recognizer in [pinch, rotation, pan] as [GestureRecognizer] {
            recognizer.delegate = simultaneity
            card.addGestureRecognizer(recognizer)
        }
        pinch.addTarget { [weak self] _ in self?.pinchChanged() }
        rotation.addTarget { [weak self] _ in self?.rotationChanged() }
        pan.addTarget { [weak self] _ in self?.panChanged() }
        resize(to: context.size)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        card.center = Point(x: size.width / 2, y: size.height / 2)
    }

    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "scale": FactText.number(scale), "rotation": FactText.number(angle),
            "translation": FactText.point(translation),
        ])
    }

    // MARK: - Applying the gestures

    private func pinchChanged() {
        switch pinch.state {
        case .began:
            scaleAtBegin = scale
            scale = scaleAtBegin * pinch.scale
        case .cancelled: scale = scaleAtBegin
        default: scale = scaleAtBegin * pinch.scale
        }
        applyTransform()
    }

    private func rotationChanged() {
        switch rotation.state {
        case .began:
            angleAtBegin = angle
            angle = angleAtBegin + rotation.rotation
        case .cancelled: angle = angleAtBegin
        default: angle = angleAtBegin + rotation.rotation
        }
        applyTransform()
    }

    private func panChanged() {
        switch pan.state {
        case .began: translationAtBegin = translation
        case .cancelled: translation = translationAtBegin
        default: break
        }
        if pan.state != .cancelled {
            let moved = pan.translation(in: nil)
            translation = Point(x: translationAtBegin.x + moved.x, y: translationAtBegin.y + moved.y)
        }
        applyTransform()
    }

    /// Scale, then rotation, then translation, about the card's centre.
    private func applyTransform() {
        card.transform = AffineTransform(scaleX: scale, y: scale)
            .concatenating(AffineTransform(rotationAngle: angle))
            .concatenating(AffineTransform(translationX: translation.x, y: translation.y))
    }
}

// MARK: - Delegate

/// A delegate that lets the recognizers of one group recognize together (and no others).
public final class SimultaneousRecognition: GestureRecognizerDelegate {
    private let group: [GestureRecognizer]

    /// Creates a delegate for `group` (held strongly; recognizers hold their delegate weakly, so there is no cycle).
    public init(_ group: [GestureRecognizer]) {
        self.group = group
    }

    /// True when both recognizers belong to the group.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        group.contains { $0 === recognizer } && group.contains { $0 === other }
    }
}
