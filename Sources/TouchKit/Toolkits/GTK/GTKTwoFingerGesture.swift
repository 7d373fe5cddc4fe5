// MARK: - GtkGestureZoom and GtkGestureRotate (gtkgesturezoom.c, gtkgesturerotate.c, GTK 4.8)

/// n-points 2: recognised exactly while two sequences are down and no third is held, so it begins when the second
/// finger lands, ends when either lifts or a third lands, and begins again at the next event once a third lifts.
struct GTKTwoFingerGesture: GTKGestureRecognizer {
    enum Measure { case zoom, rotate }

    let measure: Measure
    var name: String { measure == .zoom ? "GtkGestureZoom" : "GtkGestureRotate" }
    var core = GTKGestureCore(nPoints: 2)
    /// Distance (zoom) or angle in radians (rotate) when recognised.
    var initial = 0.0
    /// Scale (zoom) or angle delta in radians (rotate) at the last update, as the last ::scale-changed/::angle-changed.
    var latest = 0.0

    init(_ measure: Measure) {
        self.measure = measure
        latest = measure == .zoom ? 1 : 0
    }

    /// The two active sequences' distance, or gtkgesturerotate.c's angle: (2π − atan2(dx, dy)) mod 2π.
    func value() -> Double? {
        let ids = core.activeSequences
        guard ids.count >= 2, let a = core.location(ids[0]), let b = core.location(ids[1]) else { return nil }
        let dx = a.x - b.x, dy = a.y - b.y
        switch measure {
        case .zoom:
            return (dx * dx + dy * dy).squareRoot()
        case .rotate:
            return (2 * Double.pi - Self.atan2(dx, dy)).truncatingRemainder(dividingBy: 2 * Double.pi)
        }
    }

    mutating func began(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        initial = value() ?? 0
        latest = measure == .zoom ? 1 : 0
        return [ToolkitGesture(kind: measure == .zoom ? .pinchBegin : .rotateBegin, time: event.time, recognizer: name)]
    }

    mutating func updated(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        guard let now = value() else { return [] }
        switch measure {
        case .zoom:
            if now != 0 && initial != 0 { latest = now / initial }
        case .rotate:
            latest = now - initial
        }
        return []
    }

    mutating func ended(_ sequence: Int32, event: GTKTouchEvent) -> [ToolkitGesture] {
        switch measure {
        case .zoom:
            return [ToolkitGesture(kind: .pinchEnd, time: event.time, recognizer: name, scale: latest)]
        case .rotate:
            return [ToolkitGesture(kind: .rotateEnd, time: event.time, recognizer: name, angle: latest * 180 / Double.pi)]
        }
    }

    /// atan2(y, x) in (-π, π] without importing a math library (TouchKit imports nothing): two half-angle
    /// reductions bring |t| under tan(π/16), where a few series terms are exact to double precision.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x == 0 { return y > 0 ? Double.pi / 2 : (y < 0 ? -Double.pi / 2 : 0) }
        var t = abs(y / x)
        let inverted = t > 1
        if inverted { t = 1 / t }
        for _ in 0..<2 { t /= 1 + (1 + t * t).squareRoot() }
        var term = t, sum = 0.0
        for n in 0..<12 {
            sum += term / Double(2 * n + 1) * (n % 2 == 0 ? 1 : -1)
            term *= t * t
        }
        var angle = 4 * sum
        if inverted { angle = Double.pi / 2 - angle }
        if x < 0 { angle = Double.pi - angle }
        return y < 0 ? -angle : angle
    }
}
