import TouchKit

// MARK: - Last finger (Event Handling Guide for iOS, listing 3-7)

/// A multitouch view that notices when the last finger of a sequence lifts.
public final class LastFingerScene: Scene {
    public static let info = SceneInfo(
        name: "lastfinger",
        summary: "detects when the last finger of a multitouch sequence lifts",
        seed: "Event Handling Guide for iOS, listing 3-7 (determining when the last touch has ended)")

    /// Inset of the view from the window edges, logical px: a margin where touches land on the window.
    public static let margin = 80.0
    /// The window's background colour.
    public static let background = Color(rgb: 0x212121)

    public let window: Window
    /// The view running listing 3-7.
    public let pad: LastFingerView

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Self.background
        pad = LastFingerView(frame: .zero)
        window.addSubview(pad)
        resize(to: context.size)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        pad.frame = Rect(x: Self.margin, y: Self.margin,
                         width: max(0, size.width - 2 * Self.margin), height: max(0, size.height - 2 * Self.margin))
    }

    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "sequencesEnded": String(pad.sequencesEnded),
            "endedCalls": pad.endedCalls.map { "\($0.ended)/\($0.forView)" }.joined(separator: ","),
            "inSequence": String(pad.isInSequence),
        ])
    }
}

/// Listing 3-7: in `touchesEnded`, the sequence is over when the ended set holds every touch
/// `event.touches(for: self)` still has (`touches.count == event.touches(for: self).count`).
///
/// isMultipleTouchEnabled is true, so every finger on the view takes part. The
/// view is lit from the first finger down until the sequence ends (or is cancelled).
public final class LastFingerView: View {
    /// Colour while no sequence runs.
    public static let idleColor = Color(rgb: 0x455a64)
    /// Colour while a sequence runs.
    public static let activeColor = Color(rgb: 0x00897b)

    /// Sequences whose last finger lifted.
    public private(set) var sequencesEnded = 0
    /// Every touchesEnded call: the ended set's size and `event.touches(for: self).count`.
    public private(set) var endedCalls: [(ended: Int, forView: Int)] = []
    /// True from a sequence's first finger until its last finger lifts or the touches are cancelled.
    public private(set) var isInSequence = false

    /// Creates the view with multiple touch enabled.
    public init(frame: Rect) {
        super.init(frame: frame, name: "lastfinger")
        isMultipleTouchEnabled = true
        backgroundColor = Self.idleColor
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        isInSequence = true
        backgroundColor = Self.activeColor
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        let forView = event.touches(for: self).count
        endedCalls.append((touches.count, forView))
        if touches.count == forView {
            sequencesEnded += 1
            endSequence()
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        // A cancel ends the sequence without its last finger lifting: not counted.
        if touches.count == event.touches(for: self).count { endSequence() }
    }

    private func endSequence() {
        isInSequence = false
        backgroundColor = Self.idleColor
    }
}
