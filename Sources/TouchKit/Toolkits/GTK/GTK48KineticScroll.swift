// MARK: - GtkScrolledWindow's touch scrolling (GTK 4.8)

/// GTK 4.8's GtkScrolledWindow under one finger, vertical only: the drag follows the finger once past the drag
/// threshold, the lift's GtkGestureSwipe velocity starts a GtkKineticScrolling fling ticked at every frame, a
/// touch-down stops it (``GTKKineticScrolledWindow`` plays the rules). Values and their sources:
/// docs/toolkits/gtk-4.8.md, "Scrolling".
public struct GTK48KineticScroll: GTKKineticScrolledWindow {
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
}
