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
///   milliseconds, so a fit over several samples is steadier than the last difference. Times
///   whose steps agree are first put on the uniform grid they come from (a touchscreen's clock).
/// - The prediction starts at the newest sample (the delivered location, not the fitted one)
///   and moves by v·h + ½·k·a·h² for the lead h, a speeding up weighted by
///   `accelerationWeight`, a slowing down whole (the fit lags a finger that slows to rest).
/// - A hand's stroke speeds up and slows down smoothly, so its acceleration itself changes
///   (minimum-jerk motion), and a parabola carries it past where it slows: with at least
///   `cubicSamples` samples in the last `cubicWindow`, a cubic is fitted too, followed until its
///   speed along the motion falls to zero, and the prediction goes no further along the motion
///   than the cubic does (the parabola's path, shortened). It moves at most
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
    /// How far back samples are fitted by the parabola (s).
    public var window = 0.03
    /// A pause this long between samples starts a new motion (s).
    public var maximumGap = 0.035
    /// Weights halve every this many seconds into the past.
    public var halfLife = 0.01
    /// A parabola is fitted only to samples spanning at least this (s); shorter runs get a line.
    public var minimumQuadraticSpan = 0.02
    /// The fraction of a speeding-up acceleration extrapolated (the cubic bounds what it adds).
    public var accelerationWeight = 1.0
    /// How far back samples are fitted by the cubic (s).
    public var cubicWindow = 0.04
    /// The fewest samples a cubic is fitted to (four coefficients, and one more to smooth them).
    public var cubicSamples = 5
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
    public var longestLead = 0.0185
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
        let relative = WeightedPolynomialFit.regularized(samples.map { times[$0] - newest })
        guard let x = WeightedPolynomialFit.coefficients(relative, samples.map { locations[$0].x },
                                                         halfLife: halfLife, degree: quadratic ? 2 : 1),
              let y = WeightedPolynomialFit.coefficients(relative, samples.map { locations[$0].y },
                                                         halfLife: halfLife, degree: quadratic ? 2 : 1) else { return nil }
        let velocity = (x: x[1], y: y[1])
        let fitted = (x: quadratic ? 2 * x[2] : 0, y: quadratic ? 2 * y[2] : 0)
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
        let slowing = fitted.x * velocity.x + fitted.y * velocity.y < 0
        let weight = slowing ? 1 : accelerationWeight
        let acceleration = (x: fitted.x * weight, y: fitted.y * weight)
        // Decelerating: extrapolate up to the moment the fitted motion stands still, not past it.
        let along = (acceleration.x * velocity.x + acceleration.y * velocity.y) / speed
        let stop = along < 0 ? speed / -along : Double.infinity
        // Bounded by the typical step's speed, not the fit's: samples that arrive in a burst (a
        // loaded compositor, or the client, catching up) share a millisecond and throw a fit,
        // not the median of the steps between samples.
        let typical = Self.medianStepSpeed(times: times[samples], locations: locations[samples], shortest: minimumStep)
        let bound = min(recentSpeed, typical ?? recentSpeed) * maximumSpeedGain
        return Extrapolation(time: newest, anchor: anchor, velocity: velocity, acceleration: acceleration,
                             scale: cosine, stop: stop, maximumDistancePerSecond: bound,
                             cubic: cubicFit(history))
    }

    /// The cubic over the last `cubicWindow`: velocity, acceleration and jerk at the newest
    /// sample per axis; nil with fewer than `cubicSamples` samples since a pause.
    func cubicFit(_ history: TouchMotionHistory) -> Extrapolation.Cubic? {
        let times = history.times, locations = history.locations
        guard let newest = times.last else { return nil }
        var start = times.count - 1
        while start > 0, newest - times[start - 1] <= cubicWindow, times[start] - times[start - 1] < maximumGap { start -= 1 }
        guard times.count - start >= cubicSamples else { return nil }
        let samples = start..<times.count
        let relative = WeightedPolynomialFit.regularized(samples.map { times[$0] - newest })
        guard let x = WeightedPolynomialFit.coefficients(relative, samples.map { locations[$0].x }, halfLife: halfLife, degree: 3),
              let y = WeightedPolynomialFit.coefficients(relative, samples.map { locations[$0].y }, halfLife: halfLife, degree: 3)
        else { return nil }
        return Extrapolation.Cubic(velocity: (x[1], y[1]), acceleration: (2 * x[2], 2 * y[2]), jerk: (6 * x[3], 6 * y[3]))
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
    /// The cubic that bounds how far along the motion the prediction goes; nil when none was fitted.
    var cubic: Cubic?

    /// A fitted cubic's derivatives at the newest sample, per axis.
    struct Cubic {
        var velocity: (x: Double, y: Double)
        var acceleration: (x: Double, y: Double)
        var jerk: (x: Double, y: Double)

        /// How far the cubic goes along `direction` (a unit vector) in `lead` s, stopping where
        /// its speed along it falls to zero.
        func distance(along direction: (x: Double, y: Double), in lead: Double) -> Double {
            let v = velocity.x * direction.x + velocity.y * direction.y
            let a = acceleration.x * direction.x + acceleration.y * direction.y
            let j = jerk.x * direction.x + jerk.y * direction.y
            // v + a·t + j·t²/2 is first zero at the smallest positive root, if any.
            var end = lead
            if v <= 0 { return 0 }
            for root in Self.positiveRoots(j / 2, a, v) where root < end { end = root }
            return v * end + a * end * end / 2 + j * end * end * end / 6
        }

        /// The positive roots of p·t² + q·t + r.
        static func positiveRoots(_ p: Double, _ q: Double, _ r: Double) -> [Double] {
            if abs(p) < 1e-12 { return q != 0 && -r / q > 0 ? [-r / q] : [] }
            let discriminant = q * q - 4 * p * r
            guard discriminant >= 0 else { return [] }
            let root = discriminant.squareRoot()
            return [(-q - root) / (2 * p), (-q + root) / (2 * p)].filter { $0 > 0 }
        }
    }

    /// Where the motion is `lead` seconds after the newest sample.
    func location(after lead: Double) -> Point {
        let h = min(lead, stop)
        var dx = velocity.x * h + acceleration.x * h * h / 2
        var dy = velocity.y * h + acceleration.y * h * h / 2
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        if let cubic, speed > 0 {
            // Shorten the parabola's path, keeping its direction (and curvature), to the cubic's reach.
            let direction = (x: velocity.x / speed, y: velocity.y / speed)
            let along = dx * direction.x + dy * direction.y
            let reach = max(0, cubic.distance(along: direction, in: lead))
            if along > reach {
                let factor = along > 0 ? reach / along : 0
                dx *= factor
                dy *= factor
            }
        }
        let distance = (dx * dx + dy * dy).squareRoot()
        let limit = maximumDistancePerSecond * lead
        if distance > limit, distance > 0 {
            dx *= limit / distance
            dy *= limit / distance
        }
        return Point(x: anchor.x + dx * scale, y: anchor.y + dy * scale)
    }
}
