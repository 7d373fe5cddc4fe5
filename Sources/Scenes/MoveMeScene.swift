import TouchKit

// MARK: - MoveMe (Event Handling Guide for iOS, listing 3-6)

/// A placard the finger drags; on lift it bounces back to the centre, a cancel puts it back at once,
/// and a double tap outside it shows the next string.
///
/// The container view handles every touch (the placard forwards to it, as in
/// Apple's sample); while the bounce runs, the container ignores touches.
public final class MoveMeScene: Scene {
    public static let info = SceneInfo(
        name: "moveme",
        summary: "drag the placard; it bounces back to the centre on lift; double tap outside changes its text",
        seed: "Event Handling Guide for iOS, listing 3-6 (MoveMe)")

    public let window: Window
    /// The full-window view whose touches* methods implement the listing.
    public let container: MoveMeView

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Color(rgb: 0x263238)
        container = MoveMeView(frame: Rect(origin: .zero, size: context.size), clock: context.clock)
        window.addSubview(container)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        container.frame = Rect(origin: .zero, size: size)
        container.recentre()
    }

    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "placardText": container.placardText,
            "placardScale": String(container.placard.transform.a),
            "animating": String(container.isAnimating),
        ])
    }
}

/// The MoveMe container: listing 3-6's touchesBegan/Moved/Ended/Cancelled.
public final class MoveMeView: View {
    /// The strings the placard cycles through on a double tap outside it.
    public static let placardStrings = ["Welcome to", "MoveMe", "Double tap", "outside to change"]
    /// Placard size, logical px.
    public static let placardSize = Size(width: 240, height: 80)
    /// Scale the placard grows to while a finger holds it (the sample's pulse settles at 1.1).
    public static let heldScale = 1.1
    /// Duration of the bounce back to the centre, seconds (the sample uses a keyframe animation of about this length).
    public static let bounceDuration = 0.5

    /// The dragged placard.
    public let placard: View
    /// The placard's current string.
    public private(set) var placardText = MoveMeView.placardStrings[0]
    private var textIndex = 0
    private let clock: TouchClock
    private var bounce: ClockAnimation?

    /// Creates the container with its placard at the centre.
    public init(frame: Rect, clock: TouchClock) {
        self.clock = clock
        placard = View(frame: Rect(origin: .zero, size: Self.placardSize), name: "placard")
        placard.backgroundColor = Color(rgb: 0xffb300)
        placard.cornerRadius = Self.placardSize.height / 2
        super.init(frame: frame, name: "moveme")
        addSubview(placard)
        recentre()
    }

    /// True while the bounce back to the centre runs.
    public var isAnimating: Bool { bounce?.isRunning ?? false }

    /// Puts the placard at the centre with no transform.
    public func recentre() {
        bounce?.cancel()
        placard.center = Point(x: bounds.midX, y: bounds.midY)
        placard.transform = .identity
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        guard touch.view === placard else {
            // Listing 3-6: a double tap outside the placard changes its string.
            if touch.tapCount == 2 { showNextString() }
            return
        }
        placard.transform = AffineTransform(scaleX: Self.heldScale, y: Self.heldScale)
        placard.center = touch.location(in: self)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first, touch.view === placard else { return }
        placard.center = touch.location(in: self)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first, touch.view === placard else { return }
        bounceBackToCentre()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        // Listing 3-6: a cancel restores the centre and the identity transform at once.
        recentre()
        isUserInteractionEnabled = true
    }

    private func showNextString() {
        textIndex = (textIndex + 1) % Self.placardStrings.count
        placardText = Self.placardStrings[textIndex]
    }

    private func bounceBackToCentre() {
        let from = placard.center, to = Point(x: bounds.midX, y: bounds.midY)
        let fromScale = placard.transform.a
        // As the sample, the container takes no touches while the placard flies back.
        isUserInteractionEnabled = false
        bounce = ClockAnimation(clock: clock, duration: Self.bounceDuration, step: { [unowned self] t in
            let k = ClockAnimation.easeOutBack(t)
            placard.center = Point(x: from.x + (to.x - from.x) * k, y: from.y + (to.y - from.y) * k)
            let scale = fromScale + (1 - fromScale) * t
            placard.transform = AffineTransform(scaleX: scale, y: scale)
        }, completion: { [unowned self] in
            placard.transform = .identity
            isUserInteractionEnabled = true
        })
    }
}
