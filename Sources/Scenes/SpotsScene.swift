import TouchKit

// MARK: - Spots (seed 002, TouchableView)

/// A canvas that shows a circle under every finger: it appears where the finger lands,
/// follows it, and disappears when the finger lifts or is cancelled.
public final class SpotsScene: CanvasScene<SpotsView>, Scene {
    public static let info = SceneInfo(
        name: "spots",
        summary: "a circle per finger that appears at the finger, follows it and disappears on lift or cancel",
        seed: "seed 002 (TouchableView: a spot per touch)")

    /// The window's background colour.
    public static let background = Color(rgb: 0x101418)

    public init(context: SceneContext) {
        super.init(context: context, background: Self.background) { SpotsView(frame: $0, clock: context.clock) }
    }

    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "spots": String(canvas.spotCount),
            "peakSpots": String(canvas.peakSpotCount),
            "spotsShown": String(canvas.spotsShown),
        ])
    }
}

/// The TouchableView: isMultipleTouchEnabled, one spot view per touch, keyed by the touch itself.
///
/// Spots are named "spot<ID>" after the compositor's touch id (unique among
/// fingers down together); they take no touches, so a finger landing on a spot
/// still reaches the canvas. A new spot grows in from `initialScale` over
/// `growDuration` on the scene's clock, so replays draw the same frames.
public final class SpotsView: View {
    /// Spot diameter, logical px.
    public static let spotDiameter = 88.0
    /// Scale a spot starts at before growing to full size.
    public static let initialScale = 0.5
    /// Time a spot takes to grow to full size, seconds.
    public static let growDuration = 0.15
    /// Spot fill colour.
    public static let spotColor = Color(rgb: 0x4fc3f7, alpha: 0.85)

    private let clock: TouchClock
    private var spots: [Touch: (view: View, growth: ClockAnimation)] = [:]

    /// Spots on the canvas now.
    public var spotCount: Int { spots.count }
    /// Most spots on the canvas at once.
    public private(set) var peakSpotCount = 0
    /// Spots shown so far (one per touch received).
    public private(set) var spotsShown = 0

    /// Creates the canvas with multiple touch enabled.
    public init(frame: Rect, clock: TouchClock) {
        self.clock = clock
        super.init(frame: frame, name: "spots")
        isMultipleTouchEnabled = true
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches.sorted(by: { $0.serial < $1.serial }) {
            let side = Self.spotDiameter
            let spot = View(frame: Rect(x: 0, y: 0, width: side, height: side), name: "spot\(touch.id)")
            spot.backgroundColor = Self.spotColor
            spot.cornerRadius = side / 2
            spot.isUserInteractionEnabled = false
            spot.center = touch.location(in: self)
            addSubview(spot)
            let growth = ClockAnimation(clock: clock, duration: Self.growDuration, step: { t in
                let scale = Self.initialScale + (1 - Self.initialScale) * t
                spot.transform = AffineTransform(scaleX: scale, y: scale)
            })
            spots[touch] = (spot, growth)
            spotsShown += 1
        }
        peakSpotCount = max(peakSpotCount, spots.count)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { spots[touch]?.view.center = touch.location(in: self) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) { removeSpots(of: touches) }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { removeSpots(of: touches) }

    private func removeSpots(of touches: Set<Touch>) {
        for touch in touches {
            guard let spot = spots.removeValue(forKey: touch) else { continue }
            spot.growth.cancel()
            spot.view.removeFromSuperview()
        }
    }
}
