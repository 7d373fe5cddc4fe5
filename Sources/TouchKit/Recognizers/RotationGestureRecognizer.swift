#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Rotation

/// Recognizes two fingers turning around each other (continuous), as UIRotationGestureRecognizer.
///
/// Rule: with two fingers down (further fingers are ignored), `rotation` is the
/// accumulated turn of the line from the first finger to the second since the
/// second landed, in radians, positive clockwise on screen (y points down, as
/// UIKit). It begins once the fingers have travelled `startArc` points along
/// the circle around their midpoint (|rotation| × span / 2), reports changed on
/// every move, and ends when fewer than two fingers remain. Before beginning it
/// fails when the fingers lift first.
open class RotationGestureRecognizer: GestureRecognizer {
    /// Fingers a rotation uses.
    public static let fingers = 2

    private var startOverride: Double?

    /// Points of arc the fingers must travel before the rotation begins: the profile's slop unless set.
    public var startArc: Double {
        get { startOverride ?? profile.slop.value }
        set { startOverride = newValue }
    }

    /// The accumulated turn in radians since the second finger landed (settable, as UIKit).
    public var rotation = 0.0
    /// Radians per second.
    public var velocity: Double { tracker.velocity.x }

    private var lastAngle: Double?
    private var tracker = VelocityTracker()

    /// A rotation is continuous.
    open override var isContinuous: Bool { true }

    /// Logged: rotation (radians) and velocity (radians per second).
    open override var measurements: [RecognizerMeasurement] {
        [RecognizerMeasurement("rotation", rotation), RecognizerMeasurement("velocity", velocity)]
    }

    /// The angle of the line from the first tracked finger to the second, and their distance.
    private func pair() -> (angle: Double, span: Double)? {
        guard trackedTouches.count >= Self.fingers else { return nil }
        let a = trackedTouches[0].windowLocation, b = trackedTouches[1].windowLocation
        return (angle(from: a, to: b), distance(a, b))
    }

    // MARK: - Touches

    /// Takes the line between the fingers when the second finger lands.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if lastAngle == nil, let pair = pair() {
            lastAngle = pair.angle
            tracker.add(time: now, x: rotation, y: 0)
        }
    }

    /// Accumulates the turn; begins past the start arc, then reports every move as a change.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let previous = lastAngle, let pair = pair() else { return }
        rotation += normalized(pair.angle - previous)
        lastAngle = pair.angle
        tracker.add(time: now, x: rotation, y: 0)
        if state.isActive {
            transition(to: .changed, reason: .moved)
        } else if abs(rotation) * pair.span / 2 >= startArc {
            transition(to: .began, reason: .recognized(
                "arc \(JSONText.number(abs(rotation) * pair.span / 2)) ≥ \(JSONText.number(startArc))"))
        }
    }

    /// Carries on with a new pair, ends a begun rotation, fails an unbegun one when all lift.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        let remaining = trackedTouches.filter { !touches.contains($0) }
        if remaining.count >= Self.fingers {
            // The pair changed: measure further turns from the new pair's line.
            lastAngle = angle(from: remaining[0].windowLocation, to: remaining[1].windowLocation)
        } else if state.isActive {
            transition(to: .ended, reason: .touchesLifted)
        } else if state == .possible, remaining.isEmpty {
            transition(to: .failed, reason: lastAngle == nil
                ? .touchCount(actual: 1, required: "\(Self.fingers)")
                : .notMet("lifted before turning \(JSONText.number(startArc)) points of arc"))
        }
    }

    /// Forgets the turn and the velocity samples.
    open override func reset() {
        rotation = 0
        lastAngle = nil
        tracker.removeAll()
    }

    /// The direction of the line from `a` to `b` in radians.
    private func angle(from a: Point, to b: Point) -> Double {
        atan2(b.y - a.y, b.x - a.x)
    }

    /// `angle` brought into (-π, π]: the shorter way round between two samples.
    private func normalized(_ angle: Double) -> Double {
        var result = angle
        while result > .pi { result -= 2 * .pi }
        while result <= -.pi { result += 2 * .pi }
        return result
    }
}
