// MARK: - DragHandler (one point, target null)

extension Qt64Model {
    /// QQuickDragHandler::handlePointerEventImpl while inactive: it passively grabs its point and
    /// activates (grabbing it exclusively) once the point is past the drag threshold on either
    /// axis from its press; never on an event that releases a point.
    mutating func dragHandle() {
        let pairs = refreshCurrentPoints(.drag)
        guard !drag.active else { return }
        var allOver = !event.isEnd
        var minAngle = 361.0, maxAngle = -361.0
        var chosen: [Qt64Point] = []
        for (point, _) in pairs {
            if !allOver { break }
            chosen.append(point)
            addPassiveGrab(.drag, point)
            let dx = point.position.x - point.pressPosition.x, dy = point.position.y - point.pressPosition.y
            let angle = atan2Degrees(dy, dx)
            minAngle = min(minAngle, angle)
            maxAngle = max(maxAngle, angle)
            let limit = Qt64Settings.dragThreshold.value
            if !(abs(dx) > limit || abs(dy) > limit) { allOver = false }
        }
        guard allOver, !chosen.isEmpty else { return }
        var spread = maxAngle - minAngle
        if spread > 180 { spread = 360 - spread }
        if spread < Qt64Settings.dragAngleTolerance.value, grabPoints(.drag, chosen) {
            setActive(.drag, true)
        }
    }
}

/// std::atan2(y, x) * 180 / M_PI, in pure Swift (TouchKit imports nothing): two half-angle
/// reductions bring the argument under tan(π/16), where five series terms are exact to 1e-9.
func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    if x == 0, y == 0 { return 0 }
    func atan(_ t: Double) -> Double {
        if abs(t) > 1 { return (t > 0 ? Double.pi / 2 : -Double.pi / 2) - atan(1 / t) }
        var u = t
        for _ in 0..<2 { u /= 1 + (1 + u * u).squareRoot() }
        let u2 = u * u
        let series = u * (1 - u2 * (1.0 / 3 - u2 * (1.0 / 5 - u2 * (1.0 / 7 - u2 / 9))))
        return 4 * series
    }
    var radians: Double
    if x > 0 {
        radians = atan(y / x)
    } else if x < 0 {
        radians = atan(y / x) + (y >= 0 ? Double.pi : -Double.pi)
    } else {
        radians = y > 0 ? Double.pi / 2 : -Double.pi / 2
    }
    if radians > Double.pi { radians -= 2 * Double.pi }
    return radians * 180 / Double.pi
}
