#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Qt Quick's Flickable under one finger (Qt 6.4)

/// Qt 6.4.2's Flickable (vertical, default properties) under one finger: the drag follows the finger once it is past
/// startDragDistance, the lift flings with the mean of the last three Kalman-filtered event velocities, and the fling
/// is a QQuickTimeLine decelerating uniformly to a whole pixel, advanced at the animation timer's ticks; a touch-down
/// stops it where the last tick put it. Values and their sources: docs/toolkits/qt-6.4.md, "Scrolling".
public struct Qt64FlickableScroll: ToolkitScrollModel {
    public let name = "qt-6.4"
    public let toolkit = "qt"

    /// QStyleHints::startDragDistance (QPlatformTheme default 10, checked by the oracle): the drag scrolls once the
    /// finger is more than this far from its press on the y axis (QQuickDeliveryAgentPrivate::dragOverThreshold), px.
    public var startDragDistance = 10.0
    /// qquickflickable.cpp: a slow drag is taken as a drag this long after the press even under the threshold, ms.
    public var dragAfter = 200.0
    /// QMutableEventPoint::setTimestamp `KalmanGain` (qtbase src/gui/kernel/qevent.cpp in 6.4): an event's velocity is
    /// this share of the instantaneous one (its move over the time since the point's previous event). Measured: in
    /// 6.4.2 the rest of the weighted average, the previous velocity, counts as 0 (every sample of the corpus's flicks
    /// was 0.7 × the instantaneous speed; with the previous velocity kept, 2/3 of the strokes flung 40 % too fast).
    public var kalmanGain = 0.7
    /// qquickflickablebehavior_p.h `QML_FLICK_SAMPLEBUFFER`: the lift's velocity is the mean of this many last samples.
    public var sampleBuffer = 3
    /// Flickable.maximumFlickVelocity (QML_FLICK_DEFAULTMAXVELOCITY, pinned by the oracle), px/s: each sample and the
    /// fling's velocity are clamped to it.
    public var maximumFlickVelocity = 2500.0
    /// Flickable.flickDeceleration (QML_FLICK_DEFAULTDECELERATION, pinned by the oracle), px/s².
    public var flickDeceleration = 1500.0
    /// qquickflickable.cpp handleReleaseEvent: no fling when the lift comes this long after the last move, ms.
    public var releaseWithin = 100.0
    /// qquickflickable_p_p.h `MinimumFlickVelocity`, px/s, and qquickflickable.cpp `FlickThreshold`, px (the lift must
    /// be more than this far from the press).
    public var minimumFlickVelocity = 75.0, flickThreshold = 15.0
    /// qquickflickable.cpp `RetainGrabVelocity`, px/s: a press on a fling faster than this keeps its velocity for a
    /// boost; the boost's `QML_FLICK_MULTIFLICK_THRESHOLD`, `_RATIO`, `_MAXBOOST`.
    public var retainGrabVelocity = 100.0, multiflickThreshold = 1250.0, multiflickRatio = 10.0, multiflickMaxBoost = 3.0
    /// handlePressEvent / handleReleaseEvent: each boosted flick adds this to the boost; a press more than
    /// `boostSlowAfter` ms into the fling takes `boostSlowPenalty` off, one more than `boostKeptFor` ms in drops it.
    public var boostStep = 0.25, boostSlowAfter = 300.0, boostSlowPenalty = 0.5, boostKeptFor = 600.0
    /// QQuickFlickablePrivate::fixup: an offset closer than this to a whole pixel goes to the nearest one, px.
    public var fixupNearest = 0.25
    /// The content's and the view's heights (the oracle's), px: the boost needs content over `multiflickRatio` views.
    public var contentHeight = 200_000.0, viewHeight = 720.0
    /// QUnifiedTimer's `timingInterval` (DEFAULT_TIMER_INTERVAL 16 ms): the animation timer's period; smoothVelocity,
    /// which a press compares with RetainGrabVelocity, is the fling's speed over its last tick.
    public var tickInterval = 16.0

    /// The model with Qt 6.4.2's values.
    public init() {}

    public func predict(_ input: ScrollModelInput) -> ScrollPrediction {
        var state = State(model: self, offset: input.startOffset, flingClocks: input.flingClocks[...],
                          pressClocks: input.pressClocks[...])
        var next = 0
        var offsets: [Double] = []
        offsets.reserveCapacity(input.frames.count)
        for frame in input.frames {
            // The frame's time is its tick's: the touch events handled before the tick came first, the rest after it.
            let handled = frame.lastTouch ?? -Double.infinity
            let beforeTick = frame.touchBeforeTime ?? min(handled, frame.time)
            while next < input.events.count, input.events[next].time <= beforeTick {
                state.handle(input.events, at: next)
                next += 1
            }
            state.tick(at: frame.time)
            while next < input.events.count, input.events[next].time <= handled {
                state.handle(input.events, at: next)
                next += 1
            }
            offsets.append(state.offset)
        }
        while next < input.events.count {
            state.handle(input.events, at: next)
            next += 1
        }
        if let fling = state.fling {
            state.tick(at: fling.clock + fling.length)
        }
        return ScrollPrediction(offsets: offsets, resting: state.offset, flings: state.flings)
    }

    // MARK: - The fling

    /// QQuickTimeLine::accel on the content's position: offset(τ) = start + v·τ − ½·a·τ² (τ in whole ms since `clock`,
    /// the tick before the fling's first), until `length` ms (int(1000·|v|/a)), where it stays.
    struct Fling {
        var start: Double, velocity: Double, deceleration: Double
        var length: Double
        var clock: Double

        func position(at elapsed: Double) -> Double {
            let t = min(max(elapsed, 0), length) / 1000
            return start + velocity * t - 0.5 * deceleration * (velocity < 0 ? -1 : 1) * t * t
        }

        func velocity(at elapsed: Double) -> Double {
            let t = min(max(elapsed, 0), length) / 1000
            return velocity - deceleration * (velocity < 0 ? -1 : 1) * t
        }
    }

    // MARK: - The Flickable's state

    struct State {
        let model: Qt64FlickableScroll
        /// contentY (the strokes never reach an end, so it is the timeline's value negated).
        var offset: Double
        var flingClocks: ArraySlice<Double>
        var fling: Fling?
        /// The animation clock's latest tick the model knows of (a frame's time), ms.
        var lastTick = -Double.infinity
        var flings: [ScrollFling] = []
        var sequence: Int32?
        var pressY = 0.0, pressOffset = 0.0, pressTime = 0.0
        var lastY = 0.0, lastTime = 0.0
        /// The event point's Kalman-filtered velocity (finger, px/s) and the Flickable's vData.velocityBuffer.
        var pointVelocity = 0.0
        var samples: [Double] = []
        var moved = false
        var stealMouse = false
        var dragStartOffset = 0.0, previousDragDelta = 0.0
        var continuousFlickVelocity = 0.0, flickBoost = 1.0
        /// The sign of smoothVelocity (contentY's last direction of motion; 0 once a movement has ended).
        var contentVelocity = 0.0
        /// lastPosTime: the press's or the last move's time.
        var lastMove = 0.0

        var pressClocks: ArraySlice<Double>

        init(model: Qt64FlickableScroll, offset: Double, flingClocks: ArraySlice<Double>, pressClocks: ArraySlice<Double>) {
            self.model = model
            self.offset = offset
            self.flingClocks = flingClocks
            self.pressClocks = pressClocks
        }

        mutating func handle(_ events: [ScrollTouchEvent], at index: Int) {
            let event = events[index]
            switch event.kind {
            case .down:
                guard sequence == nil else { return }
                press(event)
            case .motion:
                guard event.id == sequence else { return }
                // QtWayland sends one touch event per wl_touch frame, at the point's last position in it.
                if index + 1 < events.count, events[index + 1].kind == .motion, events[index + 1].id == event.id,
                   events[index + 1].frame == event.frame, events[index + 1].time == event.time { return }
                move(event)
            case .up:
                guard event.id == sequence else { return }
                sequence = nil
                release(event)
            case .cancel:
                guard sequence != nil else { return }
                sequence = nil
                samples.removeAll()
            }
        }

        /// handlePressEvent and maybeBeginDrag: a fling faster than RetainGrabVelocity lends its velocity to a
        /// boost; the fling stops where the animation timer's last tick before the press put it.
        mutating func press(_ event: ScrollTouchEvent) {
            sequence = event.id
            stealMouse = false
            continuousFlickVelocity = 0
            var boost = 1.0
            // vMoved: a movement ends (movementEnding) only when the view stops; a press on a running fling keeps it,
            // so the next drag follows the finger from the press on (dragStartOffset stays 0).
            moved = fling != nil
            if fling == nil { contentVelocity = 0 }
            let clock = pressClocks.popFirst()
            if let running = fling {
                // The fling stays where the last tick before the press put it: the last frame's, or a later one that
                // drew no frame before the press, when the toolkit reported it. timeline.time() is that tick's τ.
                if let clock, clock > lastTick { tick(at: clock) }
                let elapsed = (lastTick - running.clock).rounded()
                // smoothVelocity: the distance of the last tick over its time.
                let smooth = running.velocity(at: elapsed - model.tickInterval / 2)
                if abs(smooth) > model.retainGrabVelocity {
                    stealMouse = true
                    if elapsed <= model.boostKeptFor {
                        continuousFlickVelocity = smooth
                        boost = elapsed > model.boostSlowAfter ? max(1, flickBoost - model.boostSlowPenalty) : flickBoost
                    }
                }
                fling = nil
            }
            flickBoost = boost
            pressY = event.y
            lastY = event.y
            pressOffset = offset
            pressTime = event.time
            lastTime = event.time
            lastMove = event.time
            pointVelocity = 0
            samples.removeAll()
            dragStartOffset = 0
            previousDragDelta = 0
        }

        /// QMutableEventPoint::setTimestamp's velocity, then QQuickFlickablePrivate::drag.
        mutating func move(_ event: ScrollTouchEvent) {
            // An event with its predecessor's timestamp gets no new velocity, and keeps none (measured: 0).
            if event.time > lastTime {
                let instant = (event.y - lastY) * 1000 / (event.time - lastTime)
                pointVelocity = instant * model.kalmanGain
                lastTime = event.time
            } else {
                pointVelocity = 0
            }
            lastY = event.y
            let dy = event.y - pressY
            let over = abs(dy) > model.startDragDistance
            if over || event.time - pressTime > model.dragAfter {
                if !moved { dragStartOffset = dy }
                if stealMouse, dy != 0, dy != previousDragDelta {
                    let next = pressOffset - (dy - dragStartOffset)
                    if next != offset { contentVelocity = next > offset ? 1 : -1 }
                    offset = next
                    moved = true
                }
            }
            previousDragDelta = dy
            // Touch moves start unstolen each time: the Flickable keeps the drag while this move is past the threshold.
            stealMouse = over
            samples.append(min(max(pointVelocity, -model.maximumFlickVelocity), model.maximumFlickVelocity))
            if samples.count > model.sampleBuffer { samples.removeFirst() }
            lastMove = event.time
        }

        /// handleReleaseEvent and flick: the mean sample, if the lift is within 100 ms of the last move; boosted on
        /// a big view flicked fast again; a fling if fast and far enough.
        mutating func release(_ event: ScrollTouchEvent) {
            let moves = samples.isEmpty ? 0 : samples.reduce(0, +) / Double(samples.count)
            var velocity = event.time - lastMove < model.releaseWithin && samples.count > 0 ? moves : 0
            // In the timeline's terms (its value is −contentY), as handleReleaseEvent compares them.
            let continuous = -continuousFlickVelocity
            let canBoost = continuous != 0 && model.contentHeight / model.viewHeight > model.multiflickRatio
                && (velocity > 0) == (continuous > 0) && abs(velocity) > model.multiflickThreshold
            flickBoost = canBoost ? min(max(flickBoost + model.boostStep, 1), model.multiflickMaxBoost) : 1
            velocity *= flickBoost
            samples.removeAll()
            guard abs(velocity) > model.minimumFlickVelocity, abs(event.y - pressY) > model.flickThreshold else {
                fixup()
                return
            }
            let clock = flingClocks.popFirst() ?? event.time
            // flick(): clamp, then the deceleration that ends the fling on a whole pixel.
            let v = min(max(velocity, -model.maximumFlickVelocity), model.maximumFlickVelocity)
            let start = -offset
            var distance = v * v / (model.flickDeceleration * 2)
            if v > 0 { distance = -distance }
            let target = -(-(start - distance)).rounded()
            distance = start - target
            let deceleration = v * v / (2 * abs(distance))
            let length = Double(Int(1000 * abs(v) / deceleration))
            flings.append(ScrollFling(liftTime: event.time, measured: -moves, velocity: -v))
            fling = Fling(start: offset, velocity: -v, deceleration: deceleration, length: length, clock: clock)
            contentVelocity = -v
        }

        /// QQuickFlickablePrivate::fixup inside the bounds: a fractional offset goes to a whole pixel, the nearest if
        /// under a quarter away, else floor while the content last moved with contentY growing, ceil while shrinking.
        mutating func fixup() {
            let nearest = offset.rounded()
            if abs(nearest - offset) < model.fixupNearest || contentVelocity == 0 {
                offset = nearest
            } else {
                offset = contentVelocity > 0 ? offset.rounded(.down) : offset.rounded(.up)
            }
        }

        /// A frame: the fling's value at the frame's tick (whole ms since the fling's clock).
        mutating func tick(at time: Double) {
            lastTick = max(lastTick, time)
            guard let running = fling else { return }
            let elapsed = (time - running.clock).rounded()
            guard elapsed > 0 else { return }
            offset = running.position(at: elapsed)
            // The timeline's callback at its end: fixupY, within the bounds only the whole-pixel rounding.
            if elapsed >= running.length {
                fling = nil
                contentVelocity = 0
                fixup()
            }
        }
    }
}
