// MARK: - QScroller's touch scrolling of a QAbstractScrollArea (Qt 6.4 Widgets)

/// Qt 6.4's QScroller on a QScrollArea's viewport (`QScroller::grabGesture(viewport, TouchGesture)`) under one
/// finger, vertical only, with every QScrollerProperties metric at its default: the press, the drag start distance,
/// the drag applied on the scroller's timer ticks, the smoothed release velocity, the OutQuad fling, rest.
/// Values and their sources: docs/toolkits/qtwidgets.md, "Scrolling".
public struct QtWidgets64Scroller: ToolkitScrollModel {
    public let name = "qtwidgets-6.4"
    public let toolkit = "qtwidgets"

    /// QScroller::pixelPerMeter on the oracle's screen: the physical DPI / 0.0254 (weston's headless output says
    /// 1 mm per px).
    public var pixelPerMeter = 1000.0
    /// QScrollerProperties DragStartDistance (m): a move starts the drag once its Manhattan distance from the press
    /// is more than this.
    public var dragStartDistance = 0.005
    /// DragVelocitySmoothingFactor: a new velocity sample's weight, scaled by min(Δt, 50 ms) / 50 ms.
    public var dragVelocitySmoothingFactor = 0.8
    /// DecelerationFactor (m/s²) of the OutQuad fling.
    public var decelerationFactor = 0.125
    /// MinimumVelocity (m/s): a slower release starts no fling.
    public var minimumVelocity = 0.05
    /// MaximumVelocity (m/s): the drag velocity's bound.
    public var maximumVelocity = 0.5
    /// MaximumClickThroughVelocity (m/s): a press on a fling this slow stops it and is not a drag.
    public var maximumClickThroughVelocity = 0.0665
    /// AcceleratingFlickMaximumTime (s) and AcceleratingFlickSpeedupFactor: a flick lifted this soon after a press
    /// that interrupted a fling, the same way, flings at the interrupted release velocity times the factor.
    public var acceleratingFlickMaximumTime = 1.25, acceleratingFlickSpeedupFactor = 3.0
    /// qscroller.cpp updateVelocity: a drag faster than this (m/s, Manhattan) is taken as this fast.
    public var bogusSpeed = 2.5
    /// The tick interval the model assumes past the oracle's last reported frame (QAbstractAnimation's 16 ms timer).
    public var restingTickInterval = 16.0

    /// The model with Qt 6.4's defaults.
    public init() {}

    /// The longest fling: MaximumVelocity decelerated to rest.
    public var longestFlingSeconds: Double { flingSeconds(maximumVelocity) }

    public func predict(_ input: ScrollModelInput) -> ScrollPrediction {
        var scroller = State(model: self, offset: input.startOffset, flingClocks: input.flingClocks[...])
        let events = Self.delivered(input.events, clocks: input.touchClocks)
        var next = 0
        var offsets: [Double] = []
        offsets.reserveCapacity(input.frames.count)
        for frame in input.frames {
            if let handled = frame.lastTouch {
                while next < events.count, events[next].event.time <= handled {
                    scroller.handle(events[next])
                    next += 1
                }
            }
            scroller.tick(at: frame.time)
            offsets.append(scroller.shown)
        }
        while next < events.count {
            scroller.handle(events[next])
            next += 1
        }
        if scroller.phase == .scrolling, let fling = scroller.fling {
            scroller.tick(at: fling.start + fling.duration)
        }
        return ScrollPrediction(offsets: offsets, resting: scroller.shown, flings: scroller.flings)
    }

    /// The fling's duration (s) at `velocity` (m/s): 2|v| / (DecelerationFactor · OutQuad's slope at 0).
    func flingSeconds(_ velocity: Double) -> Double {
        2 * abs(velocity) / (decelerationFactor * Self.differential(0))
    }

    /// QEasingCurve::OutQuad.
    static func outQuad(_ t: Double) -> Double { -t * (t - 2) }

    /// qscroller.cpp differentialForProgress: a one-sided difference over 0.01 of progress.
    static func differential(_ progress: Double) -> Double {
        let left = progress < 0.5 ? progress : progress - 0.01
        let right = progress >= 0.5 ? progress : progress + 0.01
        return (outQuad(right) - outQuad(left)) / 0.01
    }

    /// qRound.
    static func round(_ value: Double) -> Double {
        value >= 0 ? (value + 0.5).rounded(.down) : (value - 0.5).rounded(.up)
    }

    /// The QTouchEvents Qt delivers: one per wl_touch frame, each with the number of points it holds (a lift's event
    /// still holds the lifted point). Motions of one point sharing a time may be one frame (its last point counts) or
    /// several: the oracle's touch clocks say how many QTouchEvents that time had (without them: one). `clocks` gives
    /// each its handling time (QFlickGestureRecognizer's QElapsedTimer at delivery, whole ms since its start, as the
    /// oracle reports it); an event without one is taken as handled at its wl_touch time.
    static func delivered(_ events: [ScrollTouchEvent], clocks: [ScrollTouchClock]) -> [Delivered] {
        var out: [Delivered] = []
        var down = Set<Int32>()
        var nextClock = 0
        var kept = Set<Int>()
        var index = 0
        while index < events.count {
            let event = events[index]
            var end = index
            while event.kind == .motion, end + 1 < events.count, events[end + 1].kind == .motion,
                  events[end + 1].id == event.id, events[end + 1].time == event.time { end += 1 }
            let run = end - index + 1
            var lines = 0
            while nextClock + lines < clocks.count, clocks[nextClock + lines].time == event.time { lines += 1 }
            let groups = min(max(event.kind == .motion ? lines : 1, 1), run)
            for group in 1...groups { kept.insert(index + group * run / groups - 1) }
            index = end + 1
            for _ in 0..<groups where nextClock < clocks.count && clocks[nextClock].time == event.time { nextClock += 1 }
        }
        nextClock = 0
        for (index, event) in events.enumerated() where kept.contains(index) {
            var points = down.count
            switch event.kind {
            case .down:
                down.insert(event.id)
                points = down.count
            case .motion:
                points = down.count
            case .up, .cancel:
                down.remove(event.id)
            }
            var handled = event.time
            if let index = clocks[nextClock...].firstIndex(where: { $0.time == event.time }) {
                handled = clocks[index].clock
                nextClock = index + 1
            }
            out.append(Delivered(event: event, points: points, time: handled))
        }
        return out
    }

    /// One QTouchEvent as QFlickGestureRecognizer gets it.
    struct Delivered {
        var event: ScrollTouchEvent
        /// How many touch points it holds.
        var points: Int
        /// When it was handled (ms).
        var time: Double
    }

    /// One y-only fling segment (pushSegment with ScrollTypeFlick and stop progress 1).
    struct Fling {
        var start: Double, duration: Double
        var startPos: Double, deltaPos: Double
        /// The release velocity (m/s) it started from.
        var velocity: Double
    }

    enum Phase { case inactive, pressed, dragging, scrolling }

    struct State {
        let model: QtWidgets64Scroller
        var phase = Phase.inactive
        /// QScrollerPrivate::contentPosition.y.
        var position: Double
        /// The scroll bar's value the view shows: QAbstractScrollArea::event passes each QScrollEvent's qreal
        /// contentPos().y() to QScrollBar::setValue(int), truncated.
        var shown: Double
        var flingClocks: ArraySlice<Double>
        var press = (x: 0.0, y: 0.0), last = (x: 0.0, y: 0.0)
        var pressTime = 0.0, lastTime = 0.0
        /// releaseVelocity and oldVelocity (m/s; x stays 0: the content cannot scroll sideways).
        var velocity = 0.0, oldVelocity = 0.0
        /// dragDistance.y: applied at the next tick while dragging.
        var pending = 0.0
        var fling: Fling?
        var flings: [ScrollFling] = []

        init(model: QtWidgets64Scroller, offset: Double, flingClocks: ArraySlice<Double>) {
            self.model = model
            position = offset
            shown = offset
            self.flingClocks = flingClocks
        }

        mutating func handle(_ delivered: Delivered) {
            let event = delivered.event, time = delivered.time
            // QFlickGestureRecognizer: a touch screen event with other than one point is ignored, and so is a cancel.
            if event.kind == .cancel || delivered.points != 1 { return }
            // The oracle reports every last lift's (TouchEnd's) delivery clock, whatever the scroller does with it.
            let clock = event.kind == .up ? flingClocks.popFirst() ?? time : time
            // The point on whole px (scenePosition().toPoint()).
            let point = (x: QtWidgets64Scroller.round(event.x), y: QtWidgets64Scroller.round(event.y))
            switch (event.kind, phase) {
            case (.down, .inactive):
                // pressWhileInactive → prepareScrolling: the scroller starts from the scroll bar's value.
                position = shown
                press = point
                last = point
                pressTime = time
                lastTime = time
                setPhase(.pressed)
            case (.down, .scrolling):
                pressWhileScrolling(point, time)
            case (.motion, .pressed):
                moveWhilePressed(point, time)
            case (.motion, .dragging):
                handleDrag(point, time)
            case (.up, .pressed):
                setPhase(.inactive)
            case (.up, .dragging):
                releaseWhileDragging(point, time, clock: clock)
            default:
                break
            }
        }

        mutating func setPhase(_ new: Phase) {
            guard new != phase else { return }
            switch new {
            case .inactive: velocity = 0
            case .pressed:
                oldVelocity = velocity
                velocity = 0
            case .dragging: pending = 0
            case .scrolling: break
            }
            phase = new
        }

        mutating func pressWhileScrolling(_ point: (x: Double, y: Double), _ time: Double) {
            if abs(currentVelocity(at: time)) <= model.maximumClickThroughVelocity {
                fling = nil
                setPhase(.inactive)
                return
            }
            press = point
            last = point
            pressTime = time
            lastTime = time
            fling = nil
            setPhase(.pressed)
            setPhase(.dragging)
        }

        /// QScroller::velocity while scrolling (m/s).
        func currentVelocity(at time: Double) -> Double {
            guard let fling else { return 0 }
            let progress = (time - fling.start) / fling.duration
            let sign: Double = fling.deltaPos < 0 ? -1 : 1
            return sign * fling.duration / 1000 * model.decelerationFactor * 0.5 * QtWidgets64Scroller.differential(progress)
        }

        mutating func moveWhilePressed(_ point: (x: Double, y: Double), _ time: Double) {
            let dx = point.x - press.x, dy = point.y - press.y
            let manhattan = abs(dx) + abs(dy)
            guard manhattan / model.pixelPerMeter > model.dragStartDistance else { return }
            // The content cannot scroll sideways: a move mostly sideways aborts the drag.
            guard abs(dx) < abs(dy) else {
                setPhase(.inactive)
                return
            }
            setPhase(.dragging)
            // "subtract the dragStartDistance": metres subtracted as a share of a length in px.
            let share = model.dragStartDistance / manhattan
            let start = (x: press.x + dx - dx * share, y: press.y + dy - dy * share)
            if start.x != press.x || start.y != press.y { handleDrag(start, time) }
        }

        mutating func handleDrag(_ point: (x: Double, y: Double), _ time: Double) {
            let dx = point.x - last.x, dy = point.y - last.y
            updateVelocity(dx, dy, time - lastTime)
            pending += dy
            last = point
            lastTime = time
        }

        /// QScrollerPrivate::updateVelocity (y; x is zeroed after it, as the content cannot scroll sideways).
        mutating func updateVelocity(_ dxRaw: Double, _ dyRaw: Double, _ deltaTime: Double) {
            guard deltaTime > 0 else { return }
            let ppm = model.pixelPerMeter
            var dy = dyRaw
            let speed = (abs(dxRaw) + abs(dyRaw)) / deltaTime
            if speed / ppm * 1000 > model.bogusSpeed {
                dy = dyRaw * model.bogusSpeed * ppm / 1000 / speed
            }
            var new = -dy / deltaTime * 1000 / ppm
            let smoothing = model.dragVelocitySmoothingFactor * min(deltaTime, 50) / 50
            if velocity != 0, deltaTime < 100, new == 0 || (new > 0) == (velocity > 0) {
                new = new * smoothing + velocity * (1 - smoothing)
            }
            velocity = min(max(new, -model.maximumVelocity), model.maximumVelocity)
        }

        mutating func releaseWhileDragging(_ point: (x: Double, y: Double), _ time: Double, clock: Double) {
            handleDrag(point, time)
            let moved = (abs(point.x - press.x) + abs(point.y - press.y)) / model.pixelPerMeter
            if moved > model.dragStartDistance, oldVelocity != 0, model.acceleratingFlickMaximumTime > 0,
               time - pressTime < model.acceleratingFlickMaximumTime * 1000,
               velocity != 0, (velocity > 0) == (oldVelocity > 0) {
                velocity = min(max(oldVelocity * model.acceleratingFlickSpeedupFactor, -model.maximumVelocity),
                               model.maximumVelocity)
            }
            let measured = velocity * model.pixelPerMeter
            // createScrollingSegments: nothing below MinimumVelocity (no snap points).
            guard abs(velocity) >= model.minimumVelocity else {
                setPhase(.inactive)
                return
            }
            let seconds = model.flingSeconds(velocity)
            let sign: Double = velocity < 0 ? -1 : 1
            let distance = sign * model.pixelPerMeter * seconds * seconds * 0.5 * model.decelerationFactor
            fling = Fling(start: clock, duration: seconds * 1000, startPos: position, deltaPos: distance, velocity: velocity)
            flings.append(ScrollFling(liftTime: time, measured: measured, velocity: measured))
            setPhase(.scrolling)
        }

        /// One tick of QScroller's timer (timerEventWhileDragging / timerEventWhileScrolling).
        mutating func tick(at time: Double) {
            switch phase {
            case .dragging:
                guard pending != 0 else { return }
                position -= pending
                pending = 0
                show()
            case .scrolling:
                guard let current = fling else { return }
                if current.start + current.duration <= time {
                    position = current.startPos + current.deltaPos
                    fling = nil
                    show()
                    setPhase(.inactive)
                } else if current.start <= time {
                    position = current.startPos + current.deltaPos * QtWidgets64Scroller.outQuad((time - current.start) / current.duration)
                    show()
                }
            default:
                break
            }
        }

        mutating func show() { shown = position.rounded(.towardZero) }
    }
}
