#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - GtkScrolledWindow's touch scrolling, as GTK 3.24 and GTK 4.8 share it

/// GtkScrolledWindow under one finger, vertical only: the drag follows the finger from the value at its touch-down,
/// the lift's GtkGestureSwipe velocity starts a GtkKineticScrolling fling ticked at every frame (taking on some of
/// the velocity of a fling its touch-down interrupted), a touch-down stops the ticks. GTK 3.24's and GTK 4.8's
/// gtkscrolledwindow.c, gtkkineticscrolling.c and gtkgestureswipe.c do this alike; a model states its version's
/// values, and ``predict(_:)`` plays them.
public protocol GTKKineticScrolledWindow: ToolkitScrollModel {
    /// `DECELERATION_FRICTION`: the fling's exponential decay rate, 1/s.
    var decelerationFriction: Double { get }
    /// A drag scrolls once the finger is more than this far from its touch-down on either axis; nil: at once.
    var dragThreshold: Double? { get }
    /// gtkgestureswipe.c `CAPTURE_THRESHOLD_MS`: the velocity's sample window, ms.
    var swipeWindow: Double { get }
    /// A fling stops when its velocity falls under this (px/s).
    var stopBelow: Double { get }
    /// True: a fling also stops when a tick moved it less than ``stopBelow`` px.
    var stopsOnSmallStep: Bool { get }
    /// `VELOCITY_ACCUMULATION_FLOOR`, `_CEIL`, `_MAX`: a lift's velocity at least FLOOR times the interrupted
    /// fling's (same direction) adds that fling's velocity times (v − FLOOR·last) / ((CEIL − FLOOR)·last), at most
    /// MAX times.
    var accumulationFloor: Double { get }
    var accumulationCeil: Double { get }
    var accumulationMax: Double { get }
    /// The frame interval assumed past the toolkit's last reported frame, ms.
    var restingFrameInterval: Double { get }
    /// True: the gestures see the touch's window position truncated to whole px (GTK 3); false: as received.
    var wholePixelPoints: Bool { get }
    /// The scrolled window's vertical GtkGesturePan, grouped with its drag: at the first update whose offset is
    /// more than this many times as long on one axis as on the other, a horizontal one denies the touch (no more
    /// following, no fling at its lift); nil: not modelled.
    var panAxisFactor: Double? { get }
    /// True: a lift measured at 0 px/s forgets the fling its touch-down interrupted (GTK 4's
    /// gtk_scrolled_window_decelerate frees priv->vscrolling); false: the next fling can still take on its velocity.
    var stillLiftForgetsFling: Bool { get }
    /// The scrolled window's GtkGestureLongPress, grouped with its drag: a touch held this long (ms after its
    /// touch-down) without moving more than ``longPressDrift`` px on either axis is denied (no more following, no
    /// fling at its lift); nil: not modelled.
    var longPressTime: Double? { get }
    /// How far a touch may move, on either axis, before its long press is cancelled (px, strictly beyond).
    var longPressDrift: Double { get }
}

extension GTKKineticScrolledWindow {
    /// GTK 4's gestures see fractional positions.
    public var wholePixelPoints: Bool { false }
    /// The pan's check is left out unless a model needs it.
    public var panAxisFactor: Double? { nil }
    /// GTK 4's gtk_scrolled_window_decelerate.
    public var stillLiftForgetsFling: Bool { true }
    /// The long press is left out unless a model needs it.
    public var longPressTime: Double? { nil }
    /// gtk-dnd-drag-threshold's default.
    public var longPressDrift: Double { 8 }
}

extension GTKKineticScrolledWindow {
    /// Plays the events in order, each frame after the events its touch stamp says the toolkit had handled.
    public func predict(_ input: ScrollModelInput) -> ScrollPrediction {
        var state = GTKScrolledWindowState(model: self, offset: input.startOffset, flingClocks: input.flingClocks[...])
        let offsets = state.replayFrames(input)
        // A fling still running after the toolkit's last frame: ticked on at the resting interval until it stops
        // (10 s at most).
        if state.ticking, var clock = state.fling?.clock {
            let end = clock + 10_000
            while state.ticking, clock < end {
                clock += restingFrameInterval
                state.tick(at: clock)
            }
        }
        return ScrollPrediction(offsets: offsets, resting: state.offset, flings: state.flings)
    }
}

// MARK: - The scrolled window's state

/// gtk_kinetic_scrolling_new / _tick in the decelerating phase (the strokes never reach an end of the content, so
/// the overshoot phase never starts): position = c1 + c2·e^(−friction·t).
struct GTKKineticFling {
    var c1: Double, c2: Double
    var t = 0.0
    var position: Double
    /// The frame clock's time of the last tick (ms): priv->last_deceleration_time.
    var clock: Double

    /// One gtk_kinetic_scrolling_tick to the frame clock's `time` (ms): the new position and velocity, and whether
    /// the tick finished the fling (its velocity under `model.stopBelow`, or, where the model says so, a tick after
    /// the first that moved it less than that).
    mutating func tick<Model: GTKKineticScrolledWindow>(to time: Double,
                                                       _ model: Model) -> (velocity: Double, finished: Bool) {
        let lastPosition = position, lastT = t
        t += (time - clock) / 1000
        clock = time
        let decay = exp(-model.decelerationFriction * t)
        position = c1 + c2 * decay
        let velocity = -model.decelerationFriction * c2 * decay
        let smallStep = model.stopsOnSmallStep && lastT != 0 && abs(position - lastPosition) < model.stopBelow
        return (velocity, abs(velocity) < model.stopBelow || smallStep)
    }
}

struct GTKScrolledWindowState<Model: GTKKineticScrolledWindow>: FrameReplayedScroll {
    let model: Model
    /// priv->unclamped_vadj_value (no end is ever reached, so the adjustment's value too).
    var offset: Double
    var flingClocks: ArraySlice<Double>
    /// priv->vscrolling: kept when a touch-down stops the ticks (gtk_scrolled_window_cancel_deceleration only
    /// removes the tick callback), so the next lift's fling can take on its velocity.
    var fling: GTKKineticFling?
    /// priv->deceleration_id != 0: the fling is ticked at every frame.
    var ticking = false
    var flings: [ScrollFling] = []
    /// GtkGestureSingle's current sequence and where it went down.
    var sequence: Int32?
    var origin = (x: 0.0, y: 0.0)
    var last = (x: 0.0, y: 0.0)
    var dragStart = 0.0
    var claimed = false
    /// The pan has guessed the touch's axis (GtkGesturePan's priv->panning), or the pan or the long press denied the
    /// touch.
    var panning = false, denied = false
    /// When the long press would fire (wl_touch ms), until the touch moves too far.
    var longPressDue: Double?
    /// GtkGestureSwipe's priv->events.
    var swipe: GTKSwipeBacklog

    init(model: Model, offset: Double, flingClocks: ArraySlice<Double>) {
        self.model = model
        self.offset = offset
        self.flingClocks = flingClocks
        swipe = GTKSwipeBacklog(window: model.swipeWindow)
    }

    mutating func handle(_ event: ScrollTouchEvent) {
        switch event.kind {
        case .down:
            guard sequence == nil else { return }
            // scrolled_window_drag_begin_cb: the drag starts from the current value and stops a fling.
            sequence = event.id
            origin = point(event)
            last = origin
            dragStart = offset
            claimed = false
            panning = false
            denied = false
            longPressDue = model.longPressTime.map { event.time + $0 }
            ticking = false
        case .motion:
            guard event.id == sequence else { return }
            checkLongPress(event.time)
            guard !denied else { return }
            last = point(event)
            if longPressDue != nil, max(abs(last.x - origin.x), abs(last.y - origin.y)) > model.longPressDrift {
                // gtk_gesture_long_press_update: past the drag threshold, the timer is removed.
                longPressDue = nil
            }
            swipe.append(event.time, x: last.x, y: last.y)
            let dx = last.x - origin.x, dy = last.y - origin.y
            if !panning, let factor = model.panAxisFactor {
                // gtk_gesture_pan_drag_update: guess_direction, then check_orientation_matches.
                if abs(dx) > abs(dy) * factor {
                    denied = true
                    return
                }
                panning = abs(dy) > abs(dx) * factor
            }
            if !claimed, let threshold = model.dragThreshold, abs(dx) <= threshold, abs(dy) <= threshold { return }
            // scrolled_window_drag_update_cb: the sequence is claimed and the value follows the finger.
            claimed = true
            offset = dragStart - dy
        case .up:
            guard event.id == sequence else { return }
            sequence = nil
            checkLongPress(event.time)
            guard !denied else {
                // The swipe was denied with the drag: no velocity, no fling (the oracle's clock reading goes unused).
                _ = flingClocks.popFirst()
                swipe.reset()
                return
            }
            lift(event.time)
        case .cancel:
            guard sequence != nil else { return }
            sequence = nil
            swipe.reset()
        }
    }

    /// scrolled_window_long_press_cb: the timer fired before this event, and denied the touch. (The timer runs from
    /// GTK's handling of the touch-down, a few ms after its wl_touch time.)
    mutating func checkLongPress(_ time: Double) {
        if let due = longPressDue, time >= due {
            denied = true
            longPressDue = nil
        }
    }

    /// Where the gestures see the touch.
    func point(_ event: ScrollTouchEvent) -> (x: Double, y: Double) {
        model.wholePixelPoints ? (event.x.rounded(.towardZero), event.y.rounded(.towardZero)) : (event.x, event.y)
    }

    /// gtk_gesture_swipe_end → scrolled_window_swipe_cb → gtk_scrolled_window_decelerate (−vx, −vy): a fling unless
    /// the velocity is 0.
    mutating func lift(_ time: Double) {
        let vy = swipe.endVertical(at: time, x: last.x, y: last.y)
        let clock = flingClocks.popFirst() ?? time
        let measured = -vy
        var velocity = measured
        guard velocity != 0 else {
            if model.stillLiftForgetsFling { fling = nil }
            ticking = false
            return
        }
        // gtk_scrolled_window_start_deceleration: the interrupted fling, ticked to now, lends its velocity.
        if var previous = fling {
            let (last, finished) = previous.tick(to: clock, model)
            if !finished, (velocity >= 0) == (last >= 0), abs(velocity) >= abs(last) * model.accumulationFloor {
                let low = last * model.accumulationFloor, high = last * model.accumulationCeil
                velocity += last * min((velocity - low) / (high - low), model.accumulationMax)
            }
        }
        flings.append(ScrollFling(liftTime: time, measured: measured, velocity: velocity))
        let friction = model.decelerationFriction
        fling = GTKKineticFling(c1: velocity / friction + offset, c2: -velocity / friction, position: offset, clock: clock)
        ticking = true
    }

    /// scrolled_window_deceleration_cb at a frame: elapsed since the last tick, gtk_kinetic_scrolling_tick; a tick
    /// that finishes the fling leaves the value where the previous tick put it.
    mutating func tick(at time: Double) {
        guard ticking, var current = fling else { return }
        if current.tick(to: time, model).finished {
            fling = nil
            ticking = false
            return
        }
        offset = current.position
        fling = current
    }
}
