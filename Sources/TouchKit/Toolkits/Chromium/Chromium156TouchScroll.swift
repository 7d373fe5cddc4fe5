#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Chromium 156's touch scrolling of a page (Linux, Aura, Ozone/Wayland)

/// Chromium 156 scrolling a page's root scroller under one finger, vertical only, as the page's
/// requestAnimationFrame sees window.scrollY: the gesture detector's slop and first scroll delta, the
/// compositor's resampling of the drag to each frame, the lift's LSQ2 velocity, the browser's physics-based fling
/// curve ticked at begin-frame times (with fling boosting), and a touch-down stopping the fling.
/// Values and their sources: docs/toolkits/chromium-156.md, "Scrolling".
public struct Chromium156TouchScroll: ToolkitScrollModel {
    public let name = "chromium-156"
    public let toolkit = "chromium"

    /// gesture_configuration.cc max_touch_move_in_pixels_for_click_: the touch slop (px).
    public var touchSlop = 15.0
    /// gesture_detector.cc kSlopEpsilon and kExpandSlopFactorForZeroTouchMajor (4 on the square, so 2 on the
    /// distance: wl_touch reports no contact size): a scroll starts past (slop + ε) × 2 from the down.
    public var slopEpsilon = 0.05, slopExpansion = 2.0
    /// velocity_tracker.cc LSQ2 (gesture_configuration_aura.cc LSQ2_RESTRICTED): horizon, history, stop gaps (ms).
    public var velocityHorizon = 100.0, velocityHistory = 20, moveStoppedGap = 40.0, upStoppedGap = 80.0
    /// gesture_configuration.cc min_fling_velocity_, max_fling_velocity_ (px/s).
    public var minimumFlingVelocity = 30.0, maximumFlingVelocity = 17000.0
    /// linear_resampling.cc / input_predictor.h: the drag is resampled to frame time + kResampleLatency (−5 ms),
    /// predicting at most min(kResampleMaxPrediction 8 ms, half the last event interval) past the last event, from
    /// two events at least kResampleMinDelta (2 ms) apart and within kMaxTimeDelta (20 ms) of each other.
    public var resampleLatency = -5.0, resampleMaxPrediction = 8.0, resampleMinDelta = 2.0, resampleMaxGap = 20.0
    /// Measured: a frame's resampling sees the motions Chromium read up to this long after the frame's time (ms).
    public var inputLead = 0.0
    /// Measured: the page's frame shows the fling the browser ticked this long before the frame's time (ms).
    public var flingLag = 0.0
    /// Measured: the page's frame shows the fling as the browser ticked it at the frame before (its scroll update
    /// reaches the renderer after that frame's input was dispatched).
    public var flingOnPreviousFrame = true
    /// Measured: when the page's frames are further apart than one display frame, the compositor still ran the
    /// frames between (resampling the drag, applying the fling) at the display's rate.
    public var fillsMissedFrames = true
    /// Measured: a fling brings the drag's resampled offset up to the finger's (see `State.startFling`).
    public var flingCatchesUp = true
    /// fling_scheduler.cc GetPixelsPerInch (input::kDefaultPixelsPerInch) and physics_based_fling_curve.cc.
    public var pixelsPerInch = 96.0
    /// physics_based_fling_curve.cc kDefaultPhysicalDeceleration (inch/ms²), kDefaultPixelDeceleration (px/s),
    /// kMaxCurveDurationForFling (s), kDefaultP1X/P1Y/P2X/P2Y, kDefaultBoundsMultiplier.
    public var physicalDeceleration = 2.7559e-5, pixelDeceleration = 2300.0, maxCurveDuration = 2.0
    public var p1 = (x: 0.2, y: 1.0), p2 = (x: 0.55, y: 1.0), boundsMultiplier = 3.0
    /// The root widget's viewport (the kiosk output): a fling travels at most boundsMultiplier × its height.
    public var viewportHeight = 720.0
    /// fling_controller.cc kFrameDelta, kMaxMicrosecondsFromFlingTimestampToFirstProgress, kMinInertialScrollDelta.
    public var frameDelta = 1000.0 / 60, firstProgressWindow = 2000.0 / 60, minInertialDelta = 0.1
    /// fling_booster.cc kMinBoostFlingSpeedSquare, kMinBoostTouchScrollSpeedSquare (as speeds), kFlingBoostTimeoutDelay.
    public var minBoostFlingSpeed = 350.0, minBoostScrollSpeed = 150.0, boostTimeout = 50.0
    /// The frame interval assumed past the toolkit's last reported frame (60 Hz), ms.
    public var restingFrameInterval = 1000.0 / 60

    /// The model with Chromium 156's values.
    public init() {}

    public func predict(_ input: ScrollModelInput) -> ScrollPrediction {
        // Chromium stamps each event with the moment it read it (Ozone/Wayland), not with its wl_touch time.
        let events = input.events.map { event in
            var read = event
            read.time = event.received ?? event.time
            return read
        }
        var state = State(model: self, offset: input.startOffset)
        var offsets: [Double] = []
        offsets.reserveCapacity(input.frames.count)
        var previous: Double?
        for frame in input.frames {
            // A gap of missed page frames: the compositor's frames went on at the display's rate in between
            // (resampling the drag, applying the fling) though the page drew none.
            if fillsMissedFrames, var virtual = previous {
                while frame.time - virtual > 1.5 * restingFrameInterval {
                    virtual += restingFrameInterval
                    state.frame(at: virtual, events: events)
                }
            }
            state.frame(at: frame.time, events: events)
            offsets.append(state.offset)
            previous = frame.time
        }
        // Past the last frame: the rest of the events, then 60 Hz frames until the fling ends (10 s at most).
        var clock = input.frames.last?.time ?? 0
        let end = max(clock, events.last?.time ?? 0) + 10_000
        repeat {
            clock += restingFrameInterval
            state.frame(at: clock, events: events)
        } while clock < end && (state.next < events.count || state.fling != nil)
        return ScrollPrediction(offsets: offsets, resting: state.offset, flings: state.flings)
    }

    // MARK: - The fling curve

    /// ui::PhysicsBasedFlingCurve for a vertical velocity: the distance a constant deceleration would travel
    /// (capped by the bounds), covered along a cubic bezier in min(v / kDefaultPixelDeceleration, 2 s).
    struct Curve {
        let distance: Double
        let duration: Double
        let bezier: CubicBezier

        init(velocity: Double, boost: Double, model: Chromium156TouchScroll) {
            let deceleration = model.pixelsPerInch * model.physicalDeceleration  // px/ms²
            let speed = abs(velocity) / 1000  // px/ms
            let travelled = speed * speed / (2 * deceleration)
            let bound = (model.viewportHeight * model.boundsMultiplier * boost).rounded(.down)
            distance = (velocity < 0 ? -1 : 1) * min(travelled, bound)
            duration = min(model.maxCurveDuration, abs(velocity) / model.pixelDeceleration)
            let slope = abs(velocity * duration / distance)
            var p1 = model.p1
            if slope * p1.x < 1 { p1.y = p1.x * slope } else { p1.x = p1.y / slope }
            bezier = CubicBezier(p1.x, p1.y, model.p2.x, model.p2.y)
        }

        /// The offset `elapsed` seconds in, and whether the curve is still running.
        func offset(at elapsed: Double) -> (Double, Bool) {
            guard elapsed >= 0 else { return (0, true) }
            let progress = elapsed / duration
            guard progress < 1 else { return (distance, false) }
            return (distance * bezier.solve(progress), true)
        }
    }

    /// gfx::CubicBezier from (0, 0) to (1, 1): y at a given x.
    struct CubicBezier {
        let ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double

        init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            cx = 3 * x1
            bx = 3 * (x2 - x1) - cx
            ax = 1 - cx - bx
            cy = 3 * y1
            by = 3 * (y2 - y1) - cy
            ay = 1 - cy - by
        }

        func solve(_ x: Double) -> Double {
            var low = 0.0, high = 1.0, t = x
            for _ in 0..<100 {
                let value = ((ax * t + bx) * t + cx) * t
                if abs(value - x) < 1e-12 { break }
                if value < x { low = t } else { high = t }
                t = (low + high) / 2
            }
            return ((ay * t + by) * t + cy) * t
        }
    }

    // MARK: - Browser, gesture detector and compositor state

    struct Fling {
        var curve: Curve
        /// fling start time: the last scroll update's time (ms).
        var start: Double
        var started = false
        /// Curve offset already scrolled (finger direction, px).
        var sent = 0.0
        var lastProgress = -Double.infinity
        /// The velocity the booster sees (px/s, finger direction).
        var velocity: Double
    }

    struct State {
        let model: Chromium156TouchScroll
        var offset: Double
        var next = 0
        var flings: [ScrollFling] = []
        var fling: Fling?

        // Gesture detector.
        var down: (x: Double, y: Double)?
        var scrolling = false
        var lastY = 0.0
        var samples: [(time: Double, x: Double, y: Double)] = []
        var lastSampleTime = -Double.infinity

        // Compositor: the scroll the renderer has applied, the drag's accumulated finger travel and its resampling.
        var accumulated = 0.0
        var predicted = 0.0
        /// The finger travel of the scroll updates coalesced into the coming frame.
        var frameTravel = 0.0
        var pending = false
        var predictor: [(time: Double, position: Double)] = []

        // Fling booster.
        var boostCutoff: Double?
        var previousStarting = 0.0
        var boostCurrent = 0.0
        var lastBoostScroll: Double?

        init(model: Chromium156TouchScroll, offset: Double) {
            self.model = model
            self.offset = offset
        }

        /// One frame at `time`: the browser's fling tick at its begin frame, the events Chromium read before the
        /// compositor's frame, and the compositor's resampled drag.
        mutating func frame(at time: Double, events: [ScrollTouchEvent]) {
            let tick = model.flingOnPreviousFrame ? (previousFrame ?? time - model.restingFrameInterval) : time - model.flingLag
            defer { previousFrame = time }
            consume(events, through: min(tick, time + model.inputLead))
            tickFling(at: tick)
            consume(events, through: time + model.inputLead)
            if pending {
                pending = false
                applyResampled(frameTime: time)
            }
        }

        mutating func consume(_ events: [ScrollTouchEvent], through time: Double) {
            while next < events.count, events[next].time <= time {
                handle(events[next])
                next += 1
            }
        }

        /// FlingController::ProgressFling at a begin frame's time.
        mutating func tickFling(at time: Double) {
            guard var current = fling, time > current.lastProgress else { return }
            if !current.started {
                // The first tick more than two frames after the start moves the start to one frame before it.
                if time >= current.start + model.firstProgressWindow { current.start = time - model.frameDelta }
                if time <= current.start {
                    fling = current
                    return
                }
                current.started = true
            }
            let (position, active) = current.curve.offset(at: (time - current.start) / 1000)
            guard active else {
                // The curve's end: the fling stops without sending its last delta.
                fling = nil
                resetBooster()
                return
            }
            let delta = position - current.sent
            if abs(delta) > model.minInertialDelta {
                offset -= delta
                let since = time - (current.lastProgress.isFinite ? current.lastProgress : current.start)
                if since > 0 { current.velocity = delta * 1000 / since }
                current.sent = position
                boostCurrent = current.velocity
                current.lastProgress = time
            }
            fling = current
        }

        mutating func handle(_ event: ScrollTouchEvent) {
            switch event.kind {
            case .down:
                guard down == nil else { return }
                // GestureTapDown → GestureFlingCancel: the fling stops; the booster waits 50 ms for a scroll.
                if let current = fling {
                    fling = nil
                    boostCurrent = current.velocity
                    boostCutoff = event.time + model.boostTimeout
                    lastBoostScroll = nil
                }
                down = (event.x, event.y)
                scrolling = false
                lastY = event.y
                samples = [(event.time, event.x, event.y)]
                lastSampleTime = event.time
            case .motion:
                guard let origin = down else { return }
                addSample(event)
                if !scrolling {
                    let dx = event.x - origin.x, dy = event.y - origin.y
                    let slop = (model.touchSlop + model.slopEpsilon) * model.slopExpansion
                    guard dx * dx + dy * dy > slop * slop else { return }
                    scrolling = true
                    // gesture_provider.cc ComputeFirstScrollDelta: the slop is taken off the first delta.
                    let distance = (dx * dx + dy * dy).squareRoot()
                    let first = dy * max(0, distance - model.touchSlop) / distance
                    observeBoost(scrollBegin: event.time)
                    beginDrag()
                    scroll(by: first, at: event.time)
                } else if abs(event.y - lastY) > 0 {
                    scroll(by: event.y - lastY, at: event.time)
                }
                lastY = event.y
            case .up:
                guard down != nil else { return }
                down = nil
                guard scrolling else { return }
                scrolling = false
                if event.time - lastSampleTime >= model.upStoppedGap { samples.removeAll() }
                let velocity = min(max(estimateVelocity(), -model.maximumFlingVelocity), model.maximumFlingVelocity)
                if abs(velocity) > model.minimumFlingVelocity {
                    startFling(velocity, at: event.time)
                } else {
                    lastBoostScroll = nil
                }
            case .cancel:
                down = nil
                scrolling = false
                samples.removeAll()
            }
        }

        mutating func beginDrag() {
            accumulated = 0
            predicted = 0
            frameTravel = 0
            predictor.removeAll()
        }

        /// One GestureScrollUpdate of `dy` finger px at `time`: queued for the next frame's resampling.
        mutating func scroll(by dy: Double, at time: Double) {
            observeBoost(scrollUpdate: dy, at: time)
            accumulated += dy
            frameTravel += dy
            if let newest = predictor.first, time - newest.time > model.resampleMaxGap { predictor.removeAll() }
            predictor.insert((time, accumulated), at: 0)
            if predictor.count > 2 { predictor.removeLast() }
            pending = true
            lastScrollUpdate = time
        }

        var lastScrollUpdate = 0.0
        var previousFrame: Double?

        /// The renderer's frame: the drag's accumulated travel resampled to frame time − 5 ms (linear_resampling.cc).
        mutating func applyResampled(frameTime: Double) {
            var position = accumulated
            if predictor.count == 2 {
                let (a, b) = (predictor[0], predictor[1])
                let dt = a.time - b.time
                if dt >= model.resampleMinDelta {
                    let sample = min(frameTime + model.resampleLatency, a.time + min(model.resampleMaxPrediction, dt / 2))
                    position = a.position + (a.position - b.position) * (sample - a.time) / dt
                }
            }
            // scroll_predictor.cc: a resampled delta against the frame's own scroll updates is dropped.
            let delta = (position - predicted) * frameTravel < 0 ? 0 : position - predicted
            frameTravel = 0
            offset -= delta
            predicted += delta
        }

        mutating func addSample(_ event: ScrollTouchEvent) {
            if event.time - lastSampleTime >= model.moveStoppedGap { samples.removeAll() }
            lastSampleTime = event.time
            samples.append((event.time, event.x, event.y))
            if samples.count > model.velocityHistory { samples.removeFirst() }
        }

        /// LeastSquaresVelocityTrackerStrategy (degree 2, no weights, aligned-directions restriction): dy/dt at
        /// the newest sample of a quadratic fit over the samples within 100 ms of it.
        func estimateVelocity() -> Double {
            guard let newest = samples.last else { return 0 }
            var window: [(t: Double, x: Double, y: Double)] = []
            for sample in samples.reversed() {
                let age = newest.time - sample.time
                if age > model.velocityHorizon { break }
                window.append((-age / 1000, sample.x, sample.y))
            }
            guard window.count >= 2, let oldest = window.last else { return 0 }
            let degree = min(2, window.count - 1)
            guard let vy = Self.fitSlope(window.map { ($0.t, $0.y) }, degree: degree),
                  let vx = Self.fitSlope(window.map { ($0.t, $0.x) }, degree: degree) else { return 0 }
            let dx = newest.x - oldest.x, dy = newest.y - oldest.y
            if vx * dx + vy * dy < 0 { return 0 }
            return vy
        }

        /// The linear coefficient of a least-squares polynomial of `degree` through `points` (Gram-Schmidt QR).
        static func fitSlope(_ points: [(Double, Double)], degree: Int) -> Double? {
            let m = points.count, n = degree + 1
            var a = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
            for h in 0..<m {
                a[0][h] = 1
                for i in 1..<n { a[i][h] = a[i - 1][h] * points[h].0 }
            }
            var q = a
            var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
            for j in 0..<n {
                for i in 0..<j {
                    let dot = zip(q[j], q[i]).reduce(0) { $0 + $1.0 * $1.1 }
                    for h in 0..<m { q[j][h] -= dot * q[i][h] }
                }
                let norm = q[j].reduce(0) { $0 + $1 * $1 }.squareRoot()
                if norm < 0.000001 { return nil }
                for h in 0..<m { q[j][h] /= norm }
                for i in 0..<n { r[j][i] = i < j ? 0 : zip(q[j], a[i]).reduce(0) { $0 + $1.0 * $1.1 } }
            }
            var b = [Double](repeating: 0, count: n)
            for i in stride(from: n - 1, through: 0, by: -1) {
                b[i] = zip(q[i], points).reduce(0) { $0 + $1.0 * $1.1.1 }
                for j in stride(from: n - 1, to: i, by: -1) { b[i] -= r[i][j] * b[j] }
                b[i] /= r[i][i]
            }
            return b[1]
        }

        // MARK: Fling start and boosting (fling_controller.cc, fling_booster.cc)

        mutating func startFling(_ velocity: Double, at time: Double) {
            observeBoostTimeout(time)
            var boosted = velocity
            if shouldBoost(velocity) { boosted += previousStarting }
            resetBooster()
            previousStarting = boosted
            boostCurrent = boosted
            let boost = abs(boosted) / abs(velocity)
            let curve = Curve(velocity: boosted, boost: boost, model: model)
            // Measured: the drag's travel that resampling held back is not lost when a fling follows (the fling's
            // scroll updates, and those coalesced with them, are not resampled).
            if model.flingCatchesUp {
                offset -= accumulated - predicted
                predicted = accumulated
                pending = false
                frameTravel = 0
            }
            // The fling starts at the last scroll update's time, so the drag flows into it.
            fling = Fling(curve: curve, start: lastScrollUpdate, velocity: boosted)
            // The velocity as the offset's: the finger moving up (negative) scrolls the offset up.
            flings.append(ScrollFling(liftTime: time, measured: -velocity, velocity: -boosted))
        }

        func shouldBoost(_ velocity: Double) -> Bool {
            guard previousStarting != 0, let cutoff = boostCutoff, lastScrollUpdate <= cutoff else { return false }
            return previousStarting * velocity > 0 && abs(boostCurrent) >= model.minBoostFlingSpeed
                && abs(velocity) >= model.minBoostFlingSpeed
        }

        mutating func observeBoostTimeout(_ time: Double) {
            if let cutoff = boostCutoff, time > cutoff { resetBooster() }
        }

        mutating func observeBoost(scrollBegin time: Double) {
            guard previousStarting != 0 else { return }
            observeBoostTimeout(time)
            guard previousStarting != 0 else { return }
            boostCutoff = time + model.boostTimeout
        }

        mutating func observeBoost(scrollUpdate dy: Double, at time: Double) {
            guard previousStarting != 0 else { return }
            observeBoostTimeout(time)
            guard previousStarting != 0, boostCutoff != nil else { return }
            if previousStarting * dy <= 0 {
                resetBooster()
                return
            }
            if let last = lastBoostScroll, time - last >= 1, abs(dy) * 1000 / (time - last) < model.minBoostScrollSpeed {
                resetBooster()
                return
            }
            lastBoostScroll = time
            boostCutoff = time + model.boostTimeout
        }

        mutating func resetBooster() {
            boostCutoff = nil
            previousStarting = 0
            boostCurrent = 0
            lastBoostScroll = nil
        }
    }
}
