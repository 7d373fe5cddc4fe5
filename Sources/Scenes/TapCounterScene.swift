import TouchKit

// MARK: - Tap counter (Event Handling Guide for iOS, listing 3-1; seed 001 §4.2.4)

/// A pad that counts single, double and triple taps from `touch.tapCount` when each touch ends.
public final class TapCounterScene: Scene {
    public static let info = SceneInfo(
        name: "tapcounter",
        summary: "counts single, double and triple taps from touch.tapCount on touchesEnded",
        seed: "Event Handling Guide for iOS, listing 3-1 (detecting a double tap); seed 001 §4.2.4 (tap count)")

    /// The pad's size, logical px.
    public static let padSize = Size(width: 480, height: 320)
    /// The window's background colour.
    public static let background = Color(rgb: 0x1c1f26)

    public let window: Window
    /// The counting pad, centred in the window.
    public let pad: TapCounterView

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Self.background
        pad = TapCounterView(frame: Rect(origin: .zero, size: Self.padSize))
        window.addSubview(pad)
        resize(to: context.size)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        pad.center = Point(x: size.width / 2, y: size.height / 2)
    }

    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "singles": String(pad.singles), "doubles": String(pad.doubles), "triples": String(pad.triples),
            "lastTapCount": String(pad.lastTapCount),
        ])
    }
}

/// Listing 3-1's view: on `touchesEnded` it reads each touch's `tapCount`.
///
/// Rule: every ended touch is counted under its own tap count, so a double tap
/// counts one single (its first touch) and then one double, exactly as UIKit
/// reports the taps; a fourth or later tap of a sequence changes only
/// `lastTapCount`. Cancelled touches are not taps. The pad's colour shows the
/// last tap count.
public final class TapCounterView: View {
    /// Pad colour before any tap, then after a single, double and triple tap.
    public static let colors = [Color(rgb: 0x546e7a), Color(rgb: 0x1e88e5), Color(rgb: 0x43a047), Color(rgb: 0xfb8c00)]
    /// Pad colour after a fourth or later tap.
    public static let beyondColor = Color(rgb: 0xd81b60)
    /// The pad's corner radius, logical px.
    public static let padCornerRadius = 24.0
    /// The longest sequence the pad tells apart.
    public static let longestCountedSequence = 3

    /// Touches that ended with tapCount 1.
    public private(set) var singles = 0
    /// Touches that ended with tapCount 2.
    public private(set) var doubles = 0
    /// Touches that ended with tapCount 3.
    public private(set) var triples = 0
    /// The tap count of the latest ended touch (0 before any).
    public private(set) var lastTapCount = 0

    /// Creates the pad with its no-tap colour.
    public init(frame: Rect) {
        super.init(frame: frame, name: "tapcounter")
        backgroundColor = Self.colors[0]
        cornerRadius = Self.padCornerRadius
    }

    // The pad consumes every phase, so nothing reaches the window or the application.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for touch in touches.sorted(by: { $0.serial < $1.serial }) {
            switch touch.tapCount {
            case 1: singles += 1
            case 2: doubles += 1
            case 3: triples += 1
            default: break
            }
            lastTapCount = touch.tapCount
        }
        backgroundColor = lastTapCount <= Self.longestCountedSequence ? Self.colors[lastTapCount] : Self.beyondColor
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
}
