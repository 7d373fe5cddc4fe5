#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - A web page's touch scrolling in WebKitGTK 2.50 (GTK 4)

/// WebKitGTK 2.50's WebView under one finger the page does not take, vertical only: past the drag threshold the
/// view's GtkGestureDrag sends the finger's movement as precise wheel deltas (the page follows the finger), the
/// lift's GtkGestureSwipe velocity becomes a momentum wheel event that starts WebCore's ScrollAnimationKinetic, a
/// touch-down stops it. Values and their sources: docs/toolkits/webkitgtk.md, "Scrolling".
public struct WebKitGTK250KineticScroll: ToolkitScrollModel {
    public let name = "webkitgtk-2.50"
    public let toolkit = "webkitgtk"

    /// ScrollAnimationKinetic.cpp `decelFriction`: the fling's exponential decay rate, 1/s.
    public var decelerationFriction = 4.0
    /// gtk-dnd-drag-threshold (8, pinned by the oracle): webkitWebViewBaseTouchDragUpdate scrolls once
    /// gtk_drag_check_threshold(0, 0, (int) offset x, (int) offset y) says the offset from the touch-down, truncated to
    /// whole px, is beyond it on either axis.
    public var dragThreshold = 8
    /// gtkgestureswipe.c `CAPTURE_THRESHOLD_MS` (GTK 4.8): the swipe velocity's sample window, ms.
    public var swipeWindow = 150.0
    /// ScrollAnimationKinetic.cpp PerAxisData::animateScroll: a fling ends when its velocity falls under this (px/s)
    /// or a tick moved it less than this (px), at its position rounded to whole px.
    public var stopBelow = 1.0
    /// ScrollAnimationKinetic.cpp `velocityAccumulationFloor`, `Ceil`, `Max`: a lift's velocity at least FLOOR times
    /// the interrupted fling's (same sign) adds that fling's velocity times min((v − FLOOR·last) / ((CEIL − FLOOR)·last),
    /// MAX).
    public var accumulationFloor = 0.33, accumulationCeil = 1.0, accumulationMax = 6.0
    /// From the UI process handling a touch event to the web process' scrolling thread acting on it (ms): a fling
    /// starts (its clock's zero) this long after the lift's swipe handler, and a touch-down stops one this long after
    /// its wl_touch time. Measured.
    public var latency = 8.0
    /// The display refresh the web process' scrolling thread ticks a fling at (the runner's weston: 60 Hz), ms; also
    /// the ticks past the toolkit's last reported frame.
    public var tickInterval = 1000.0 / 60

    /// The model with WebKitGTK 2.50's values.
    public init() {}

    public func predict(_ input: ScrollModelInput) -> ScrollPrediction {
        var state = State(model: self, offset: input.startOffset, flingClocks: input.flingClocks[...])
        let offsets = state.replayFrames(input)
        // A fling still running after the toolkit's last frame: ticked on at 60 Hz until it stops (10 s at most).
        if let fling = state.fling {
            var clock = max(input.frames.last?.time ?? fling.start, fling.start)
            let end = clock + 10_000
            while state.fling != nil, clock < end {
                clock += tickInterval
                state.tick(at: clock)
            }
        }
        return ScrollPrediction(offsets: offsets, resting: state.offset, flings: state.flings)
    }

    // MARK: - ScrollAnimationKinetic

    /// ScrollAnimationKinetic::PerAxisData in the decelerating phase (no stroke reaches an end of the content):
    /// offset = c1 + c2·e^(−friction·t), t the time since the animation started.
    struct Fling {
        /// The clock (ms) the animation started at: its `didStart(MonotonicTime::now())`.
        var start: Double
        var initialOffset: Double, initialVelocity: Double
        var c1: Double, c2: Double
        var offset: Double
        var elapsed = 0.0

        init(start: Double, offset: Double, velocity: Double, friction: Double) {
            self.start = start
            initialOffset = offset
            initialVelocity = velocity
            c1 = velocity / friction + offset
            c2 = -velocity / friction
            self.offset = offset
        }

        /// PerAxisData::animateScroll to the clock `time` (ms): the new offset, and false when the fling ended there.
        mutating func animate(to time: Double, friction: Double, stopBelow: Double) -> Bool {
            let lastOffset = offset, lastElapsed = elapsed
            elapsed = (time - start) / 1000
            let decay = exp(-friction * elapsed)
            offset = c1 + c2 * decay
            let velocity = -friction * c2 * decay
            if abs(velocity) < stopBelow || (lastElapsed > 0 && abs(offset - lastOffset) < stopBelow) {
                offset = offset.rounded()
                return false
            }
            return true
        }

        /// accumulateVelocityFromPreviousGesture: the velocity this fling would have at `time` had it run on (0 once
        /// it would have ended).
        func velocity(at time: Double, friction: Double, stopBelow: Double) -> Double {
            let decay = exp(-friction * (time - start) / 1000)
            let velocity = -friction * c2 * decay
            return abs(velocity) < stopBelow ? 0 : velocity
        }
    }

    // MARK: - The view's gestures and the scrolling tree

    struct State: FrameReplayedScroll {
        let model: WebKitGTK250KineticScroll
        /// The scrolling tree's vertical scroll offset.
        var offset: Double
        var flingClocks: ArraySlice<Double>
        /// The running ScrollAnimationKinetic, and the clock of its last tick.
        var fling: Fling?
        var lastTick: Double?
        /// ScrollingEffectsController's m_previousKineticAnimationInfo: the fling a wheel event stopped.
        var previous: Fling?
        var flings: [ScrollFling] = []
        /// GtkGestureDrag's sequence, its start point, priv->dragOffset, priv->isBeingDragged.
        var sequence: Int32?
        var origin = (x: 0.0, y: 0.0)
        var dragOffset = 0.0
        var dragging = false
        var last = (x: 0.0, y: 0.0)
        /// GtkGestureSwipe's priv->events, as GTK 4.8 keeps them.
        var swipe: GTKSwipeBacklog

        init(model: WebKitGTK250KineticScroll, offset: Double, flingClocks: ArraySlice<Double>) {
            self.model = model
            self.offset = offset
            self.flingClocks = flingClocks
            swipe = GTKSwipeBacklog(window: model.swipeWindow)
        }

        /// processWheelEventForKineticScrolling: any wheel event stops a running fling and remembers it.
        mutating func stopFling(at time: Double) {
            guard let running = fling else { return }
            previous = running
            fling = nil
            lastTick = nil
            offset = running.offset.rounded()
        }

        mutating func handle(_ event: ScrollTouchEvent) {
            switch event.kind {
            case .down:
                guard sequence == nil else { return }
                // webkitWebViewBaseTouchDragBegin sends a Began wheel event with no delta: it does not stop a fling
                // (measured: a tap leaves the fling running).
                sequence = event.id
                origin = (event.x, event.y)
                last = origin
                dragOffset = 0
                dragging = false
            case .motion:
                guard event.id == sequence else { return }
                last = (event.x, event.y)
                swipe.append(event.time, x: last.x, y: last.y)
                let dx = event.x - origin.x, dy = event.y - origin.y
                if !dragging {
                    guard abs(Int(dx)) > model.dragThreshold || abs(Int(dy)) > model.dragThreshold else { return }
                    dragging = true
                }
                // webkitWebViewBaseTouchDragUpdate: a Changed wheel event of the movement since the last one. The
                // first that moves stops a fling (processWheelEventForKineticScrolling), ticked to that moment.
                if dy != dragOffset, fling != nil {
                    stopFling(at: event.time + model.latency)
                }
                offset = (offset - (dy - dragOffset)).rounded()
                dragOffset = dy
            case .up:
                guard event.id == sequence else { return }
                sequence = nil
                let vy = swipe.endVertical(at: event.time, x: last.x, y: last.y)
                let clock = (flingClocks.popFirst() ?? event.time) + model.latency
                // webkitWebViewBaseTouchSwipe: only a drag flings; its momentum wheel event carries −velocity.
                guard dragging else { return }
                startFling(measured: -vy, at: clock, liftTime: event.time)
            case .cancel:
                guard sequence != nil else { return }
                sequence = nil
                swipe.reset()
            }
        }

        /// ScrollAnimationKinetic::startAnimatedScrollWithInitialVelocity with the swipe velocity and the stopped fling's.
        mutating func startFling(measured: Double, at clock: Double, liftTime: Double) {
            var velocity = measured
            if let stopped = previous {
                let last = stopped.velocity(at: clock, friction: model.decelerationFriction, stopBelow: model.stopBelow)
                if last.sign == velocity.sign, abs(velocity) >= abs(last * model.accumulationFloor), last != 0 {
                    let low = last * model.accumulationFloor, high = last * model.accumulationCeil
                    velocity += last * min((velocity - low) / (high - low), model.accumulationMax)
                }
                previous = nil
            }
            guard velocity != 0 else { return }
            flings.append(ScrollFling(liftTime: liftTime, measured: measured, velocity: velocity))
            fling = Fling(start: clock, offset: offset, velocity: velocity, friction: model.decelerationFriction)
            lastTick = nil
        }

        /// The scrolling tree's animation callbacks up to a frame the page drew at `time`: the scrolling thread ticks at
        /// every display refresh whether or not the page's main thread drew, so a gap between the page's frames holds
        /// as many ticks as refreshes (their spacing decides the fling's small-step stop).
        mutating func tick(at time: Double) {
            guard var current = fling, time > current.start else { return }
            let from = max(lastTick ?? current.start, current.start)
            let count = max(1, Int(((time - from) / model.tickInterval).rounded()))
            var running = true
            for index in 1...count where running {
                let clock = index == count ? time : from + (time - from) * Double(index) / Double(count)
                running = current.animate(to: clock, friction: model.decelerationFriction, stopBelow: model.stopBelow)
            }
            lastTick = time
            offset = current.offset.rounded()
            fling = running ? current : nil
        }
    }
}
