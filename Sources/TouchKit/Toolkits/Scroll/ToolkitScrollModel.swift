// MARK: - A model of one real toolkit's touch scrolling

/// One wl_touch event as a scroll model reads it: window-relative logical px, wl_touch time in ms.
public struct ScrollTouchEvent: Hashable, Sendable {
    /// What happened to the touch point.
    public enum Kind: String, Hashable, Sendable { case down, motion, up, cancel }

    public var kind: Kind
    /// The wl_touch id.
    public var id: Int32
    /// The wl_touch time (ms); a cancel carries the time of the event before it.
    public var time: Double
    /// The point (an up or cancel keeps the touch's last point).
    public var x: Double, y: Double
    /// Which wl_touch.frame closed it (counted from 0 in the stroke): a toolkit that takes a frame as one event
    /// (Qt) sees only the last motion of a point in it.
    public var frame: Int
    /// When the toolkit read the event, ms on the wl_touch clock (fractional), when the run knows it.
    public var received: Double?

    /// An event of `kind`.
    public init(_ kind: Kind, id: Int32 = 0, time: Double, x: Double, y: Double, frame: Int = 0, received: Double? = nil) {
        self.kind = kind
        self.id = id
        self.time = time
        self.x = x
        self.y = y
        self.frame = frame
        self.received = received
    }
}

/// One frame the toolkit drew: when (its frame clock, ms on the wl_touch clock) and which touch events it had
/// handled by then (the wl_touch time of the last one).
public struct ScrollFrame: Hashable, Sendable {
    /// The frame clock's time of the frame, ms on the wl_touch clock (fractional: the clock counts µs).
    public var time: Double
    /// The wl_touch time of the last touch event handled before this frame; nil when none of the stroke's was.
    public var lastTouch: Double?
    /// The wl_touch time of the last touch event handled before `time` itself, when the toolkit tells (Qt: `time` is
    /// its animation tick's, and touch events can come between the tick and the frame); nil when it does not.
    public var touchBeforeTime: Double?

    /// A frame at `time` after the touch events up to `lastTouch` (up to `touchBeforeTime` at `time` itself).
    public init(time: Double, lastTouch: Double?, touchBeforeTime: Double? = nil) {
        self.time = time
        self.lastTouch = lastTouch
        self.touchBeforeTime = touchBeforeTime
    }
}

/// What a scroll model is given: the stroke as the toolkit received it, the toolkit's frames, and where the view was.
public struct ScrollModelInput: Sendable {
    /// The view's vertical offset before the stroke (px).
    public var startOffset: Double
    /// The touch events, in order.
    public var events: [ScrollTouchEvent]
    /// The frames the toolkit drew during the stroke and after it, in order.
    public var frames: [ScrollFrame]
    /// Per lift, in order: the frame clock's time (ms) a fling started from it would read as its start, when the
    /// toolkit reported it; a lift without one starts its fling at its own wl_touch time.
    public var flingClocks: [Double]
    /// Per touch-down that starts a touch sequence, in order: the animation clock's last tick before the toolkit
    /// handled it (ms), when the toolkit reported it (Qt: a tick that moved a fling but drew no frame before the
    /// touch-down still counts).
    public var pressClocks: [Double]
    /// The times (ms) the compositor told the toolkit to draw (its wl_surface frame callbacks' done times), in order,
    /// for a toolkit whose compositor samples its scroll animations at them and not at the frames it reports.
    public var vsyncs: [Double]
    /// When the toolkit reported them, in order: each touch event's wl_touch time and the toolkit's clock (ms on the
    /// wl_touch clock) as it began handling it, for toolkits that time a drag by their own clock, not the event's.
    public var touchClocks: [ScrollTouchClock]

    /// An input.
    public init(startOffset: Double, events: [ScrollTouchEvent], frames: [ScrollFrame], flingClocks: [Double] = [],
                pressClocks: [Double] = [], vsyncs: [Double] = [], touchClocks: [ScrollTouchClock] = []) {
        self.startOffset = startOffset
        self.events = events
        self.frames = frames
        self.flingClocks = flingClocks
        self.pressClocks = pressClocks
        self.vsyncs = vsyncs
        self.touchClocks = touchClocks
    }
}

/// A touch event as the toolkit's own clock saw it.
public struct ScrollTouchClock: Hashable, Sendable {
    /// The event's wl_touch time (ms).
    public var time: Double
    /// The toolkit's clock as it began handling it (ms on the wl_touch clock, fractional).
    public var clock: Double

    /// The event at `time`, handled at `clock`.
    public init(time: Double, clock: Double) {
        self.time = time
        self.clock = clock
    }
}

/// One fling the model started at a lift.
public struct ScrollFling: Hashable, Sendable {
    /// The wl_touch time of the lift (ms).
    public var liftTime: Double
    /// The velocity the toolkit measured at the lift, as the offset's (px/s, positive: the offset grows).
    public var measured: Double
    /// The fling's starting velocity (px/s): the measured one, plus whatever the toolkit carries over.
    public var velocity: Double
}

/// What a scroll model predicts.
public struct ScrollPrediction: Sendable {
    /// The offset at each of the input's frames (px).
    public var offsets: [Double]
    /// Where the view comes to rest (px), after the last frame if the model's fling outlasts the frames.
    public var resting: Double
    /// The flings the model started, in order.
    public var flings: [ScrollFling]

    /// A prediction.
    public init(offsets: [Double], resting: Double, flings: [ScrollFling]) {
        self.offsets = offsets
        self.resting = resting
        self.flings = flings
    }
}

/// A re-creation of one real toolkit's touch scrolling (follow, velocity at the lift, fling curve, rest),
/// checked against the toolkit's offset at every frame it drew.
public protocol ToolkitScrollModel: Sendable {
    /// Name with the modelled version (`gtk-4.8`).
    var name: String { get }
    /// The scroll oracle it is checked against (`gtk`).
    var toolkit: String { get }
    /// The offsets at the input's frames and the resting offset.
    func predict(_ input: ScrollModelInput) -> ScrollPrediction
    /// How long the toolkit's longest fling runs (s): a run waits at least this (and a little) after each stroke.
    var longestFlingSeconds: Double { get }
}

extension ToolkitScrollModel {
    /// Two seconds unless the model knows better.
    public var longestFlingSeconds: Double { 2 }
}

/// Every scroll model this build has.
public enum ScrollModels {
    /// In report order.
    public static let all: [any ToolkitScrollModel] = [GTK48KineticScroll(), GTK324KineticScroll(), Chromium156TouchScroll(), Qt64FlickableScroll(),
                                                        Firefox153Scroll(), QtWidgets64Scroller(), WebKitGTK250KineticScroll()]

    /// The scroll model of the oracle `toolkit`, or nil.
    public static func model(for toolkit: String) -> (any ToolkitScrollModel)? {
        all.first { $0.toolkit == toolkit.lowercased() }
    }
}
