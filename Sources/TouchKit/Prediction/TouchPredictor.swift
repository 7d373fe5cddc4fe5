// MARK: - Where a touch will be

/// Extrapolates a touch to a later time from its recent samples, for `Event.predictedTouches(for:)`.
///
/// The rule, whole:
/// - The samples used are the touch's last `window` seconds, going back from the newest only
///   while consecutive samples are less than `maximumGap` apart: motion after a pause does not
///   inherit the velocity from before it.
/// - Velocity and acceleration at the newest sample come from a weighted least-squares fit per
///   axis (a parabola from 4 samples spanning at least `minimumQuadraticSpan`, else a line),
///   weights halving every `halfLife` seconds into the past: wl_touch times are whole
///   milliseconds, so a fit over several samples is steadier than the last difference.
/// - The prediction starts at the newest sample (the delivered location, not the fitted one)
///   and moves by v·h + ½·k·a·h² for the lead h, a speeding up weighted by
///   `accelerationWeight` (a fitted parabola overshoots on noise), a slowing down whole (the fit
///   lags a finger that slows to rest, so halving it carried minimum-jerk strokes past their end). It moves at most
///   `maximumSpeedGain` times as far as the slower of two speeds would take it: over the last
///   `recentSpan` (a chord at least `minimumRecentSpan` long, else nothing is predicted), and
///   the median of the steps between samples at least `minimumStep` apart. Samples that arrive
///   in a burst share a millisecond and can throw a fit; neither of those.
/// - Stops: nothing is predicted when the fitted speed, or the speed over the last
///   `recentSpan` of samples, is below `minimumSpeed` (a finger coming to rest stops reporting
///   motion, so its last steps are short). A decelerating fit is extrapolated only until the
///   moment it would stand still, never past it.
/// - Turns: the direction over the last `recentSpan` is compared with the fitted velocity; the
///   displacement is scaled by the cosine of the angle between them, and nothing is predicted
///   past `maximumTurn` (a reversal: the fit still points the old way).
/// - Nothing is predicted from one sample, for a lead that is not positive, or for a lead longer
///   than `maximumLead` (the finger has not reported for that long: it is probably still). A lead
///   longer than `longestLead` is predicted that far only: a stop that no sample announced shows
///   as the prediction's overshoot, the finger's speed times the lead, and a frame shown at the
///   next repaint needs about one refresh of lead.
///
/// Pure: the same samples and target give the same prediction (replays draw the same frames).
public struct TouchPredictor: Hashable, Sendable {
    /// The lead used when the host gives no presentation time: one refresh at 60 Hz, about when
    /// the frame a compositor is about to take shows what was delivered just before it (s).
    public static let defaultLead = 1.0 / 60
    /// How far back samples are fitted (s).
    public var window = 0.05
    /// A pause this long between samples starts a new motion (s).
    public var maximumGap = 0.035
    /// Weights halve every this many seconds into the past.
    public var halfLife = 0.02
    /// A parabola is fitted only to samples spanning at least this (s); shorter runs get a line.
    public var minimumQuadraticSpan = 0.02
    /// The fraction of the fitted acceleration extrapolated.
    public var accelerationWeight = 0.5
    /// At most this times the distance the velocity alone predicts.
    public var maximumSpeedGain = 1.5
    /// Below this speed the finger counts as stopping (logical px/s).
    public var minimumSpeed = 25.0
    /// The span of the newest samples whose direction and speed show a turn or a stop (s).
    public var recentSpan = 0.012
    /// Below this span those samples say nothing reliable, and nothing is predicted (s).
    public var minimumRecentSpan = 0.004
    /// Steps between samples shorter than this do not count towards the typical speed (s).
    public var minimumStep = 0.002
    /// Beyond this angle between recent direction and fitted velocity nothing is predicted (radians).
    public var maximumTurn = 1.2
    /// Beyond this lead nothing is predicted (s).
    public var maximumLead = 0.05
    /// Predictions reach at most this far past the newest sample (s): a 60 Hz refresh and a little.
    public var longestLead = 0.018
    /// Time between predicted samples (s); the last is always at the target.
    public var spacing = 0.004

    /// A predictor with the constants above.
    public init() {}

    /// Positions from just after the newest sample to `target` (s; to `longestLead` past the
    /// sample when the target is later), oldest first, each with its time; empty when there is
    /// nothing to predict from.
    public func predict(_ history: TouchMotionHistory, at target: Double) -> [(time: Double, location: Point)] {
        guard let motion = fit(history), target > motion.time, target - motion.time <= maximumLead else { return [] }
        let lead = min(target - motion.time, longestLead)
        var result: [(time: Double, location: Point)] = []
        var step = 1
        while Double(step) * spacing < lead - spacing / 4 {
            let time = motion.time + Double(step) * spacing
            result.append((time, motion.location(after: time - motion.time)))
            step += 1
        }
        result.append((motion.time + lead, motion.location(after: lead)))
        return result
    }

    /// The motion to extrapolate at the newest sample; nil when there is none.
    func fit(_ history: TouchMotionHistory) -> Extrapolation? {
        let times = history.times, locations = history.locations
        guard let newest = times.last, let anchor = locations.last else { return nil }
        var first = times.count - 1
        while first > 0, newest - times[first - 1] <= window, times[first] - times[first - 1] < maximumGap { first -= 1 }
        let span = newest - times[first]
        guard times.count - first >= 2, span > 0 else { return nil }
        let samples = first..<times.count
        let quadratic = times.count - first >= 4 && span >= minimumQuadraticSpan
        guard let x = Self.fit(samples.map { times[$0] - newest }, samples.map { locations[$0].x },
                               halfLife: halfLife, quadratic: quadratic),
              let y = Self.fit(samples.map { times[$0] - newest }, samples.map { locations[$0].y },
                               halfLife: halfLife, quadratic: quadratic) else { return nil }
        let velocity = (x: x.velocity, y: y.velocity)
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        guard speed >= minimumSpeed else { return nil }
        // The newest samples' own direction and speed: a stop or a turn shows there first.
        var recent = times.count - 2
        while recent > first, newest - times[recent] < recentSpan { recent -= 1 }
        let recentTime = newest - times[recent]
        // Whole-millisecond times make a shorter chord's speed unreliable (a burst of samples
        // delivered late can share a millisecond).
        guard recentTime >= minimumRecentSpan else { return nil }
        let recentVelocity = (x: (anchor.x - locations[recent].x) / recentTime, y: (anchor.y - locations[recent].y) / recentTime)
        let recentSpeed = (recentVelocity.x * recentVelocity.x + recentVelocity.y * recentVelocity.y).squareRoot()
        guard recentSpeed >= minimumSpeed else { return nil }
        let cosine = (recentVelocity.x * velocity.x + recentVelocity.y * velocity.y) / (recentSpeed * speed)
        guard cosine >= Self.cosine(maximumTurn) else { return nil }
        // A deceleration is extrapolated whole: damping it carries the finger on past where it slows to rest.
        let slowing = x.acceleration * velocity.x + y.acceleration * velocity.y < 0
        let weight = slowing ? 1 : accelerationWeight
        let acceleration = (x: x.acceleration * weight, y: y.acceleration * weight)
        // Decelerating: extrapolate up to the moment the fitted motion stands still, not past it.
        let along = (acceleration.x * velocity.x + acceleration.y * velocity.y) / speed
        let stop = along < 0 ? speed / -along : Double.infinity
        // Bounded by the typical step's speed, not the fit's: samples that arrive in a burst (a
        // loaded compositor, or the client, catching up) share a millisecond and throw a fit,
        // not the median of the steps between samples.
        let typical = Self.medianStepSpeed(times: times[samples], locations: locations[samples], shortest: minimumStep)
        let bound = min(recentSpeed, typical ?? recentSpeed) * maximumSpeedGain
        return Extrapolation(time: newest, anchor: anchor, velocity: velocity, acceleration: acceleration,
                             scale: cosine, stop: stop, maximumDistancePerSecond: bound)
    }

    /// The median speed of the steps between consecutive samples at least `shortest` apart.
    static func medianStepSpeed(times: ArraySlice<Double>, locations: ArraySlice<Point>, shortest: Double) -> Double? {
        var speeds: [Double] = []
        for (t, p) in zip(zip(times, times.dropFirst()), zip(locations, locations.dropFirst())) where t.1 - t.0 >= shortest {
            let dx = p.1.x - p.0.x, dy = p.1.y - p.0.y
            speeds.append((dx * dx + dy * dy).squareRoot() / (t.1 - t.0))
        }
        guard !speeds.isEmpty else { return nil }
        speeds.sort()
        return speeds[speeds.count / 2]
    }

    private static func cosine(_ angle: Double) -> Double {
        // cos by its series is enough for the angles used (≤ π/2) and keeps TouchKit free of imports.
        let a2 = angle * angle
        return 1 - a2 / 2 + a2 * a2 / 24 - a2 * a2 * a2 / 720 + a2 * a2 * a2 * a2 / 40320
    }

    /// Weighted least squares of `values` over `times` (s, ≤ 0, the newest 0): the fitted
    /// first and second derivatives at 0; nil when the system is singular.
    static func fit(_ times: [Double], _ values: [Double], halfLife: Double,
                    quadratic: Bool) -> (velocity: Double, acceleration: Double)? {
        // Moments Σw·t^k (k = 0…4) and Σw·t^k·v (k = 0…2); values relative to the newest, for precision.
        var m = [Double](repeating: 0, count: 5), r = [Double](repeating: 0, count: 3)
        let base = values.last ?? 0
        for (t, value) in zip(times, values) {
            let w = Self.halving(-t / halfLife)
            var power = w
            for k in 0..<5 {
                m[k] += power
                if k < 3 { r[k] += power * (value - base) }
                power *= t
            }
        }
        if !quadratic {
            let det = m[0] * m[2] - m[1] * m[1]
            guard abs(det) > 1e-18 else { return nil }
            return ((m[0] * r[1] - m[1] * r[0]) / det, 0)
        }
        // Normal equations of c0 + c1·t + c2·t², solved by Cramer's rule.
        let a = [[m[0], m[1], m[2]], [m[1], m[2], m[3]], [m[2], m[3], m[4]]]
        func det3(_ q: [[Double]]) -> Double {
            q[0][0] * (q[1][1] * q[2][2] - q[1][2] * q[2][1]) - q[0][1] * (q[1][0] * q[2][2] - q[1][2] * q[2][0])
                + q[0][2] * (q[1][0] * q[2][1] - q[1][1] * q[2][0])
        }
        let det = det3(a)
        guard abs(det) > 1e-24 else { return nil }
        func replaced(_ column: Int) -> [[Double]] {
            a.enumerated().map { row, entries in entries.enumerated().map { $0.offset == column ? r[row] : $0.element } }
        }
        return (det3(replaced(1)) / det, 2 * det3(replaced(2)) / det)
    }

    /// 2^-x for x ≥ 0, without Foundation.
    static func halving(_ x: Double) -> Double {
        // exp(-x·ln 2) by its series after range reduction: x = n + f, 2^-x = 2^-n · 2^-f.
        let whole = x.rounded(.down)
        let f = (x - whole) * 0.6931471805599453
        var term = 1.0, sum = 1.0
        for k in 1...12 {
            term *= -f / Double(k)
            sum += term
        }
        return whole > 1000 ? 0 : sum * Double(sign: .plus, exponent: -Int(whole), significand: 1)
    }
}

// MARK: - The fitted motion

/// The motion a prediction follows from the newest sample.
struct Extrapolation {
    /// The newest sample's time (s) and location.
    var time: Double
    var anchor: Point
    var velocity: (x: Double, y: Double)
    /// Weighted acceleration.
    var acceleration: (x: Double, y: Double)
    /// Displacement scale at a turn (cosine of the turn angle).
    var scale: Double
    /// When (s after `time`) a decelerating motion would stand still; infinity otherwise.
    var stop: Double
    /// Longest distance per second of lead.
    var maximumDistancePerSecond: Double

    /// Where the motion is `lead` seconds after the newest sample.
    func location(after lead: Double) -> Point {
        let h = min(lead, stop)
        var dx = velocity.x * h + acceleration.x * h * h / 2
        var dy = velocity.y * h + acceleration.y * h * h / 2
        let distance = (dx * dx + dy * dy).squareRoot()
        let limit = maximumDistancePerSecond * lead
        if distance > limit, distance > 0 {
            dx *= limit / distance
            dy *= limit / distance
        }
        return Point(x: anchor.x + dx * scale, y: anchor.y + dy * scale)
    }
}
