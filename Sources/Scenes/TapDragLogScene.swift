#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchKit

// MARK: - Tap-and-drag log (seed 001 §4.2.5)

/// A pad that classifies each finished touch as a tap or a drag and keeps a log of them.
///
/// Rule: a touch is a drag once it has moved farther than the active profile's
/// slop from where it began; otherwise, when it ends, it is a tap (with its
/// tapCount). Cancelled touches are logged as cancelled. Each entry leaves a
/// mark: a dot where a tap landed, a bar from a drag's start to its end.
public final class TapDragLogScene: Scene {
    public static let info = SceneInfo(
        name: "taplog",
        summary: "logs every finished touch as a tap (with tapCount) or a drag beyond the profile's slop",
        seed: "seed 001 §4.2.5 (tap-and-drag log)")

    public let window: Window
    /// The logging pad, filling the window.
    public let pad: TapDragLogView

    public init(context: SceneContext) {
        window = Window(frame: Rect(origin: .zero, size: context.size), name: "window")
        window.backgroundColor = Color(rgb: 0x18202a)
        pad = TapDragLogView(frame: Rect(origin: .zero, size: context.size))
        window.addSubview(pad)
    }

    public func resize(to size: Size) {
        window.frame = Rect(origin: .zero, size: size)
        pad.frame = Rect(origin: .zero, size: size)
    }

    public func snapshot() -> SceneSnapshot {
        SceneSnapshot(views: namedViewFrames(), facts: [
            "log": pad.log.joined(separator: "; "),
            "taps": String(pad.log.filter { $0.hasPrefix("tap") }.count),
            "drags": String(pad.log.filter { $0.hasPrefix("drag") }.count),
        ])
    }
}

/// The pad: remembers where each touch began and whether it has left the slop circle.
public final class TapDragLogView: View {
    /// How many marks stay on screen; older ones are removed (the log keeps every entry).
    public static let visibleMarks = 32
    /// Diameter of a tap's dot, logical px.
    public static let tapDotSize = 16.0
    /// Thickness of a drag's bar, logical px.
    public static let dragBarThickness = 6.0
    /// Mark colours.
    public static let tapColor = Color(rgb: 0x4fc3f7), dragColor = Color(rgb: 0xffb74d)

    /// Every finished touch, oldest first: "tap 1 at X Y", "drag from X Y to X Y", "cancelled at X Y".
    public private(set) var log: [String] = []
    private var starts: [ObjectIdentifier: (point: Point, dragging: Bool)] = [:]
    private var marks: [View] = []

    /// Creates the pad; it follows every finger.
    public override init(frame: Rect = .zero, name: String? = "taplog") {
        super.init(frame: frame, name: name)
        isMultipleTouchEnabled = true
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { starts[ObjectIdentifier(touch)] = (touch.location(in: self), false) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        let slop = window?.application?.profile.slop.value ?? ThresholdProfile.uikit.slop.value
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)], !start.dragging else { continue }
            if distance(start.point, touch.location(in: self)) > slop {
                starts[ObjectIdentifier(touch)]?.dragging = true
            }
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for touch in sortedByID(touches) {
            guard let start = starts.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
            let end = touch.location(in: self)
            if start.dragging {
                log.append("drag from \(FactText.point(start.point)) to \(FactText.point(end))")
                addMark(bar(from: start.point, to: end))
            } else {
                log.append("tap \(touch.tapCount) at \(FactText.point(end))")
                addMark(dot(at: end))
            }
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        for touch in sortedByID(touches) where starts.removeValue(forKey: ObjectIdentifier(touch)) != nil {
            log.append("cancelled at \(FactText.point(touch.location(in: self)))")
        }
    }

    // MARK: - Marks

    private func sortedByID(_ touches: Set<Touch>) -> [Touch] {
        touches.sorted { ($0.id, $0.serial) < ($1.id, $1.serial) }
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    private func dot(at point: Point) -> View {
        let side = Self.tapDotSize
        let mark = View(frame: Rect(x: point.x - side / 2, y: point.y - side / 2, width: side, height: side),
                        name: "_mark")
        mark.backgroundColor = Self.tapColor
        mark.cornerRadius = side / 2
        return mark
    }

    /// A bar from `a` to `b`: a thin view rotated about its centre to the drag's direction.
    private func bar(from a: Point, to b: Point) -> View {
        let length = max(distance(a, b), Self.dragBarThickness)
        let mark = View(frame: Rect(x: 0, y: 0, width: length, height: Self.dragBarThickness), name: "_mark")
        mark.center = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        mark.transform = AffineTransform(rotationAngle: atan2(b.y - a.y, b.x - a.x))
        mark.backgroundColor = Self.dragColor
        mark.cornerRadius = Self.dragBarThickness / 2
        return mark
    }

    private func addMark(_ mark: View) {
        mark.isUserInteractionEnabled = false
        addSubview(mark)
        marks.append(mark)
        if marks.count > Self.visibleMarks { marks.removeFirst().removeFromSuperview() }
    }
}
