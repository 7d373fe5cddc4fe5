#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - APZ's touch scrolling of a page (Firefox 153, desktop Linux)

/// Firefox 153's async pan and zoom (APZ) scrolling a page's root scroller under one finger, vertical only, as the
/// page's `window.scrollY` shows it at each requestAnimationFrame: the pan starts past the touch-start tolerance and
/// follows the finger from where it crossed it, the lift's SimpleVelocityTracker velocity starts a
/// DesktopFlingPhysics fling (accelerated by a fling it interrupted) sampled at every composite, a touch-down stops
/// it. Values and their sources: docs/toolkits/firefox.md, "Scrolling".
public struct Firefox153Scroll: ToolkitScrollModel {
    public let name = "firefox-153"
    /// APZ's DesktopFlingPhysics flings a 6 px/ms lift until it is under 0.01 px/ms: 3.2 s.
    public var longestFlingSeconds: Double { 3.2 }
    public let toolkit = "firefox"

    /// The screen's DPI as Firefox computes it under the harness weston (Firefox153Thresholds.harnessDPI).
    public var dpi = Firefox153Thresholds.harnessDPI
    /// apz.touch_start_tolerance (inches): the pan starts once the finger is this far from its down (Euclidean,
    /// not less: AsyncPanZoomController::OnTouchMove, TOUCHING).
    public var touchStartToleranceInches = Firefox153Thresholds.touchStartToleranceInches
    /// SimpleVelocityTracker.cpp MIN_VELOCITY_SAMPLE_TIME (ms): a move closer in time to the last sample adds none.
    public var minVelocitySampleTime = 5.0
    /// apz.velocity_relevance_time_ms: the lift averages the samples younger than this (ms).
    public var velocityRelevanceTime = 100.0
    /// apz.max_velocity_queue_size: the samples kept.
    public var velocityQueueSize = 5
    /// apz.fling_min_velocity_threshold (px/ms): a slower lift starts no fling (AttemptFling, not more).
    public var flingMinVelocity = 0.5
    /// apz.fling_stop_on_tap_threshold (px/ms): a touch block that begins while a fling is faster is "during a fast
    /// fling" (TouchBlockState), and InputQueue sends none of its events to the page.
    public var flingStopOnTapThreshold = 0.05
    /// apz.fling_friction (per ms): DesktopFlingPhysics multiplies the velocity by (1 − friction)^Δt at each sample.
    public var flingFriction = 0.002
    /// apz.fling_stopped_threshold (px/ms): a sample that finds the velocity at or under this ends the fling.
    public var flingStoppedThreshold = 0.01
    /// apz.fling_accel_*: FlingAccelerator adds the interrupted fling's starting velocity (base·v + supplemental·prev)
    /// when the new fling and the interrupted one were both at least `accelMinFlingVelocity`, the pan never slower
    /// than `accelMinPanVelocity`, and it began within `accelMaxPause` ms of its touch-down.
    public var accelBaseMultiplier = 1.0, accelSupplementalMultiplier = 1.0
    public var accelMinFlingVelocity = 1.5, accelMinPanVelocity = 0.8, accelMaxPause = 50.0
    /// The frame interval the model assumes past the last reported frame (60 Hz), ms.
    public var restingFrameInterval = 1000.0 / 60

    /// The model with Firefox 153's values at the harness DPI.
    public init() {}

    /// The touch-start tolerance in px.
    public var touchStartTolerance: Double { touchStartToleranceInches * dpi }

    /// The page's frame at T shows the APZ samples of the compositor's frame callbacks up to T + this (ms, measured).
    public var vsyncLead = 6.0
    /// A composite samples APZ's animations for a time this far after its frame callback's (ms, measured: the time the
    /// frame is expected on screen, WebRenderBridgeParent::SetAPZSampleTime).
    public var sampleAhead = 12.7
    /// The page's touch times can read up to this much before the event's wl_touch time (ms, measured: Gecko carries
    /// wl_touch times onto its clock through SystemTimeConverter, which can set them back): an event this close after
    /// the page's last touch counts as seen.
    public var touchTimeSlack = 2.0
    /// The page reads whole px: the main thread's scroll position, snapped to device px.
    public var reportsWholePixels = true

    public func predict(_ input: ScrollModelInput) -> ScrollPrediction {
        var state = State(model: self, offset: input.startOffset)
        // APZ samples its animations at each composite: at the compositor's frame callbacks when known, else at the
        // page's own frames.
        let samples = input.vsyncs.isEmpty ? input.frames.map { (seen: $0.time, time: $0.time) }
            : input.vsyncs.map { (seen: $0 - vsyncLead, time: $0 + sampleAhead) }
        var next = 0, sample = 0
        var offsets: [Double] = []
        offsets.reserveCapacity(input.frames.count)
        // The page misses its first touch block's touch events (docs/toolkits/firefox.md): a stroke it saw none of is
        // taken as handled by APZ as it came.
        let sawNone = !input.frames.contains { $0.lastTouch != nil }
        for frame in input.frames {
            let handled = frame.lastTouch.map { $0 + touchTimeSlack } ?? (sawNone ? frame.time : -Double.infinity)
            while true {
                // A touch block that begins during a fast fling reaches the page not at all (InputQueue drops its
                // events, "in fast motion"): its events are taken as handled as they came.
                let seenBy = next < input.events.count && (state.fastFling(at: input.events[next]) || state.unseenBlock)
                    ? frame.time : handled
                let event = next < input.events.count && input.events[next].time <= seenBy ? input.events[next] : nil
                let due = sample < samples.count && samples[sample].seen <= frame.time ? samples[sample] : nil
                if let event, due.map({ event.time <= $0.seen }) ?? true {
                    state.handle(event)
                    next += 1
                } else if let due {
                    state.sample(at: due.time)
                    sample += 1
                } else {
                    break
                }
            }
            offsets.append(reportsWholePixels ? state.offset.rounded() : state.offset)
        }
        while next < input.events.count {
            state.handle(input.events[next])
            next += 1
        }
        // A fling still running after the last reported frame: sampled on at 60 Hz until it stops (20 s at most).
        if let fling = state.fling {
            var clock = fling.clock
            let end = clock + 20_000
            while state.fling != nil, clock < end {
                clock += restingFrameInterval
                state.sample(at: clock)
            }
        }
        return ScrollPrediction(offsets: offsets, resting: reportsWholePixels ? state.offset.rounded() : state.offset,
                                flings: state.flings)
    }

    // MARK: - The APZC's state

    struct Fling {
        /// px/ms of the offset (positive: the offset grows).
        var velocity: Double
        /// The last sample's time (ms): at the start, the lift's (GetFrameTime is the time it is handled).
        var clock: Double
    }

    struct State {
        let model: Firefox153Scroll
        /// The APZC's visual scroll offset.
        var offset: Double
        var flings: [ScrollFling] = []
        var fling: Fling?
        /// The touch's id, TOUCHING or PANNING.
        var sequence: Int32?
        /// The current touch block began during a fast fling: the page sees none of it.
        var unseenBlock = false
        var panning = false
        /// mStartTouch, and Axis::mPos (the last position the axis took).
        var start = (x: 0.0, y: 0.0)
        var position = 0.0
        var downTime = 0.0
        /// mTouchStartRestingTimeBeforePan, mMinimumVelocityDuringPan.
        var restingBeforePan = 0.0
        var minimumPanVelocity: Double?
        /// SimpleVelocityTracker: the last sample's time and position, the velocities (time, px/ms) queued.
        var sampleTime = 0.0, samplePosition = 0.0
        var queue: [(time: Double, velocity: Double)] = []
        /// Axis::mVelocity while panning (px/ms, of the axis: positive as the finger moves up).
        var axisVelocity = 0.0
        /// FlingAccelerator: tracking after a fling started; the velocity it started with, the velocity it had when
        /// a touch-down cancelled it.
        var accelTracking = false
        var previousStarting = 0.0, previousCancel = 0.0

        init(model: Firefox153Scroll, offset: Double) {
            self.model = model
            self.offset = offset
        }

        /// True when `event` is a touch-down while a fling runs faster than apz.fling_stop_on_tap_threshold.
        func fastFling(at event: ScrollTouchEvent) -> Bool {
            guard event.kind == .down, sequence == nil, let fling else { return false }
            return abs(fling.velocity) > model.flingStopOnTapThreshold
        }

        mutating func handle(_ event: ScrollTouchEvent) {
            switch event.kind {
            case .down:
                guard sequence == nil else { return }
                unseenBlock = fastFling(at: event)
                // OnTouchStart in FLING: CancelAnimations → GenericFlingAnimation::Cancel tells the accelerator.
                if let current = fling {
                    previousCancel = current.velocity
                    fling = nil
                }
                sequence = event.id
                start = (event.x, event.y)
                position = event.y
                downTime = event.time
                panning = false
                axisVelocity = 0
                sampleTime = event.time
                samplePosition = event.y
                queue.removeAll()
            case .motion:
                guard event.id == sequence else { return }
                if panning {
                    track(event.y, event.time)
                    return
                }
                let dx = event.x - start.x, dy = event.y - start.y
                let length = (dx * dx + dy * dy).squareRoot()
                let tolerance = model.touchStartTolerance
                guard length >= tolerance else {
                    update(event.y, event.time)
                    return
                }
                // MaybeSplitTouchMoveEvent: the part up to the tolerance starts the pan, the rest scrolls; the split
                // point is a whole screen px (MultiTouchInput's mScreenPoint), short of the tolerance.
                let fraction = length > 0 ? tolerance / length : 1
                let crossing = start.y + (dy * fraction).rounded(.towardZero)
                update(crossing, event.time)
                panning = true
                restingBeforePan = event.time - downTime
                minimumPanVelocity = nil
                if crossing != event.y { track(event.y, event.time) }
            case .up:
                guard event.id == sequence else { return }
                sequence = nil
                unseenBlock = false
                guard panning else {
                    // OnTouchEnd in TOUCHING: no fling, and the accelerator forgets.
                    resetAccelerator()
                    return
                }
                panning = false
                // Axis::EndTouch: SimpleVelocityTracker::ComputeVelocity at the lift.
                var sum = 0.0, count = 0
                for sample in queue where event.time - sample.time < model.velocityRelevanceTime {
                    sum += sample.velocity
                    count += 1
                }
                queue.removeAll()
                let measured = count > 1 ? sum / Double(count) : sum
                startFling(measured, liftTime: event.time)
            case .cancel:
                guard sequence != nil else { return }
                sequence = nil
                panning = false
                queue.removeAll()
            }
        }

        /// Axis::UpdateWithTouchAtDevicePoint: the position, and a velocity sample unless too soon.
        mutating func update(_ y: Double, _ time: Double) {
            position = y
            guard time > sampleTime + model.minVelocitySampleTime else { return }
            let velocity = (samplePosition - y) / (time - sampleTime)
            sampleTime = time
            samplePosition = y
            queue.append((time, velocity))
            if queue.count > model.velocityQueueSize { queue.removeFirst() }
            axisVelocity = velocity
        }

        /// TrackTouch: the offset follows the finger from the axis's last position.
        mutating func track(_ y: Double, _ time: Double) {
            let previous = position
            update(y, time)
            let speed = abs(axisVelocity)
            minimumPanVelocity = min(minimumPanVelocity ?? speed, speed)
            offset += previous - y
        }

        mutating func resetAccelerator() {
            accelTracking = false
            previousStarting = 0
            previousCancel = 0
        }

        /// HandleEndOfPan → AttemptFling with FlingAccelerator::GetFlingStartingVelocity.
        mutating func startFling(_ measured: Double, liftTime: Double) {
            // HandleEndOfPan and AttemptFling test the measured velocity; the accelerator adds to it after.
            guard abs(measured) > model.flingMinVelocity else {
                resetAccelerator()
                flings.append(ScrollFling(liftTime: liftTime, measured: measured * 1000, velocity: 0))
                return
            }
            var velocity = measured
            let accelerate = accelTracking
                && abs(measured) >= model.accelMinFlingVelocity
                && (minimumPanVelocity ?? 0) >= model.accelMinPanVelocity
                && abs(previousCancel) >= model.accelMinFlingVelocity
                && restingBeforePan < model.accelMaxPause
            if accelerate, velocity != 0, previousStarting == 0 || (velocity < 0) == (previousStarting < 0) {
                velocity = velocity * model.accelBaseMultiplier + previousStarting * model.accelSupplementalMultiplier
            }
            resetAccelerator()
            previousStarting = velocity
            accelTracking = true
            flings.append(ScrollFling(liftTime: liftTime, measured: measured * 1000, velocity: velocity * 1000))
            fling = Fling(velocity: velocity, clock: liftTime)
        }

        /// One composite's sample at `time`: DesktopFlingPhysics::Sample over the time since the last one.
        mutating func sample(at time: Double) {
            guard var current = fling else { return }
            let delta = time - current.clock
            guard delta > 0 else { return }
            if abs(current.velocity) <= model.flingStoppedThreshold {
                fling = nil
                return
            }
            current.clock = time
            current.velocity *= pow(1 - model.flingFriction, delta)
            offset += current.velocity * delta
            fling = current
        }
    }
}
