#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - GtkScrolledWindow's touch scrolling (GTK 4.8)

/// GTK 4.8's GtkScrolledWindow under one finger, vertical only: the drag follows the finger, the lift's
/// GtkGestureSwipe velocity starts a GtkKineticScrolling fling ticked at every frame, a touch-down stops it.
/// Values and their sources: docs/toolkits/gtk-4.8.md, "Scrolling".
public struct GTK48KineticScroll: ToolkitScrollModel {
    public let name = "gtk-4.8"
    public let toolkit = "gtk"

    /// gtkscrolledwindow.c `DECELERATION_FRICTION`: the fling's exponential decay rate, 1/s.
    public var decelerationFriction = 4.0
    /// gtk-dnd-drag-threshold (GtkSettings default 8, pinned by the oracle): a drag scrolls once the finger is
    /// more than this far from its touch-down on either axis (gtk_drag_check_threshold_double); nil: at once.
    public var dragThreshold: Double? = 8
    /// gtkgestureswipe.c `CAPTURE_THRESHOLD_MS`: the velocity's sample window, ms.
    public var swipeWindow = 150.0
    /// gtkkineticscrolling.c: a fling stops when its velocity falls under this (px/s).
    public var stopBelow = 1.0
    /// Later GTK also stops a fling whose tick moved it less than ``stopBelow`` px; 4.8.3 does not (measured: its
    /// flings run on at 0.99 px a frame).
    public var stopsOnSmallStep = false
    /// gtkscrolledwindow.c `VELOCITY_ACCUMULATION_FLOOR`, `_CEIL`, `_MAX`: a lift's velocity at least FLOOR times the
    /// interrupted fling's (same direction) adds that fling's velocity times (v − FLOOR·last) / ((CEIL − FLOOR)·last),
    /// at most MAX times.
    public var accumulationFloor = 0.33, accumulationCeil = 1.0, accumulationMax = 6.0
    /// The frame interval the model assumes past the toolkit's last reported frame (60 Hz), ms.
    public var restingFrameInterval = 1000.0 / 60

    /// The model with GTK 4.8's values.
    public init() {}

    public func predict(_ input: ScrollModelInput) -> ScrollPrediction {
        var state = State(model: self, offset: input.startOffset, flingClocks: input.flingClocks[...])
        var next = 0
        var offsets: [Double] = []
        offsets.reserveCapacity(input.frames.count)
        for frame in input.frames {
            if let handled = frame.lastTouch {
                while next < input.events.count, input.events[next].time <= handled {
                    state.handle(input.events[next])
                    next += 1
                }
            }
            state.tick(at: frame.time)
            offsets.append(state.offset)
        }
        while next < input.events.count {
            state.handle(input.events[next])
            next += 1
        }
        // A fling still running after the toolkit's last frame: ticked on at 60 Hz until it stops (10 s at most).
        if state.ticking, var clock = state.fling?.clock {
            let end = clock + 10_000
            while state.ticking, clock < end {
                clock += restingFrameInterval
                state.tick(at: clock)
            }
        }
        return ScrollPrediction(offsets: offsets, resting: state.offset, flings: state.flings)
    }

    // MARK: - The scrolled window's state

    /// gtk_kinetic_scrolling_new / _tick in the decelerating phase (the strokes never reach an end of the content,
    /// so the overshoot phase never starts): position = c1 + c2·e^(−friction·t).
    struct Fling {
        var c1: Double, c2: Double
        var t = 0.0
        var position: Double
        /// The frame clock's time of the last tick (ms): priv->last_deceleration_time.
        var clock: Double

        /// One gtk_kinetic_scrolling_tick to the frame clock's `time` (ms); returns the new position and velocity.
        mutating func advance(to time: Double, friction: Double) -> (position: Double, velocity: Double) {
            t += (time - clock) / 1000
            clock = time
            let decay = exp(-friction * t)
            position = c1 + c2 * decay
            return (position, -friction * c2 * decay)
        }
    }

    struct State {
        let model: GTK48KineticScroll
        /// priv->unclamped_vadj_value (no end is ever reached, so the adjustment's value too).
        var offset: Double
        var flingClocks: ArraySlice<Double>
        /// priv->vscrolling: kept when a touch-down stops the ticks (gtk_scrolled_window_cancel_deceleration only
        /// removes the tick callback), so the next lift's fling can take on its velocity.
        var fling: Fling?
        /// priv->deceleration_id != 0: the fling is ticked at every frame.
        var ticking = false
        var flings: [ScrollFling] = []
        /// GtkGestureSingle's current sequence and where it went down.
        var sequence: Int32?
        var origin = (x: 0.0, y: 0.0)
        var last = (x: 0.0, y: 0.0)
        var dragStart = 0.0
        var claimed = false
        /// GtkGestureSwipe's priv->events: (time, x, y), positions truncated to int as GTK stores them.
        var samples: [(time: Double, x: Int, y: Int)] = []

        init(model: GTK48KineticScroll, offset: Double, flingClocks: ArraySlice<Double>) {
            self.model = model
            self.offset = offset
            self.flingClocks = flingClocks
        }

        mutating func handle(_ event: ScrollTouchEvent) {
            switch event.kind {
            case .down:
                guard sequence == nil else { return }
                // scrolled_window_drag_begin_cb: the drag starts from the current value and stops a fling.
                sequence = event.id
                origin = (event.x, event.y)
                last = origin
                dragStart = offset
                claimed = false
                ticking = false
            case .motion:
                guard event.id == sequence else { return }
                last = (event.x, event.y)
                appendSample(event.time)
                let dx = event.x - origin.x, dy = event.y - origin.y
                if !claimed, let threshold = model.dragThreshold, abs(dx) <= threshold, abs(dy) <= threshold { return }
                // scrolled_window_drag_update_cb: the sequence is claimed and the value follows the finger.
                claimed = true
                offset = dragStart - dy
            case .up:
                guard event.id == sequence else { return }
                sequence = nil
                appendSample(event.time)
                clearBacklog(event.time)
                var vy = 0.0
                if let first = samples.first, let end = samples.last, end.time != first.time {
                    vy = Double(end.y - first.y) * 1000 / (end.time - first.time)
                }
                samples.removeAll()
                let clock = flingClocks.popFirst() ?? event.time
                // scrolled_window_swipe_cb → gtk_scrolled_window_decelerate (−vx, −vy): a fling unless 0.
                let measured = -vy
                var velocity = measured
                guard velocity != 0 else {
                    fling = nil
                    ticking = false
                    return
                }
                // gtk_scrolled_window_start_deceleration: the interrupted fling, ticked to now, lends its velocity.
                if var previous = fling {
                    let last = previous.advance(to: clock, friction: model.decelerationFriction).velocity
                    let finished = abs(last) < model.stopBelow
                    if !finished, (velocity >= 0) == (last >= 0), abs(velocity) >= abs(last) * model.accumulationFloor {
                        let low = last * model.accumulationFloor, high = last * model.accumulationCeil
                        velocity += last * min((velocity - low) / (high - low), model.accumulationMax)
                    }
                }
                flings.append(ScrollFling(liftTime: event.time, measured: measured, velocity: velocity))
                let friction = model.decelerationFriction
                fling = Fling(c1: velocity / friction + offset, c2: -velocity / friction, position: offset, clock: clock)
                ticking = true
            case .cancel:
                guard sequence != nil else { return }
                sequence = nil
                samples.removeAll()
            }
        }

        /// _gtk_gesture_swipe_clear_backlog then the sample (the touch-down is none).
        mutating func appendSample(_ time: Double) {
            clearBacklog(time)
            samples.append((time, Int(last.x), Int(last.y)))
        }

        /// Drops the samples older than the window but the one just before it (GTK's `length = i - 1`).
        mutating func clearBacklog(_ time: Double) {
            guard let first = samples.firstIndex(where: { $0.time >= time - model.swipeWindow }) else { return }
            let length = first - 1
            if length > 0 { samples.removeFirst(length) }
        }

        /// scrolled_window_deceleration_cb at a frame: elapsed since the last tick, gtk_kinetic_scrolling_tick; a
        /// tick that finishes the fling leaves the value where the previous tick put it.
        mutating func tick(at time: Double) {
            guard ticking, var current = fling else { return }
            let lastPosition = current.position, lastT = current.t
            let velocity = current.advance(to: time, friction: model.decelerationFriction).velocity
            let smallStep = model.stopsOnSmallStep && lastT != 0 && abs(current.position - lastPosition) < model.stopBelow
            if abs(velocity) < model.stopBelow || smallStep {
                fling = nil
                ticking = false
                return
            }
            offset = current.position
            fling = current
        }
    }
}
