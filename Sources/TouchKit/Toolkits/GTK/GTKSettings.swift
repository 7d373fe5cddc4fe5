// MARK: - The values GTK's gesture controllers read (GTK 4.8 and GTK 3.24 alike)

/// The settings and constants GTK's touch gestures depend on, with where each comes from; each GTK oracle pins the
/// settings to one version's defaults (``gtk48``, ``gtk324``).
public struct GTKSettings: Hashable, Sendable {
    /// A new press starts a series unless it lands within this time of the previous press (press to press).
    public var doubleClickTime: Threshold
    /// A press counts with the series only if it lands closer than this, per axis, to the series' first press; a
    /// press of the series that moves this far from that first press ends the series.
    public var doubleClickDistance: Threshold
    /// Movement (per axis, from the touch-down; GTK 3 in whole pixels) beyond which a pending long press is cancelled.
    public var dragThreshold: Threshold
    /// Hold time after which GtkGestureLongPress fires (gtk-long-press-time, × delay-factor in GTK 4).
    public var longPressTime: Threshold
    /// GtkGestureSwipe keeps only the samples of the last this-many ms (plus one older sample) for its velocity.
    public var swipeCaptureWindow: Threshold
    /// GtkGesturePan decides an axis once one offset exceeds this many times the other (gtkgesturepan.c:
    /// guess_direction, FACTOR).
    public var panAxisFactor: Double

    /// Creates a settings set.
    public init(doubleClickTime: Threshold, doubleClickDistance: Threshold, dragThreshold: Threshold,
                longPressTime: Threshold, swipeCaptureWindow: Threshold, panAxisFactor: Double) {
        self.doubleClickTime = doubleClickTime
        self.doubleClickDistance = doubleClickDistance
        self.dragThreshold = dragThreshold
        self.longPressTime = longPressTime
        self.swipeCaptureWindow = swipeCaptureWindow
        self.panAxisFactor = panAxisFactor
    }

    /// The thresholds in table order, with their names.
    public var thresholds: [(name: String, threshold: Threshold)] {
        [("doubleClickTime", doubleClickTime), ("doubleClickDistance", doubleClickDistance),
         ("dragThreshold", dragThreshold), ("longPressTime", longPressTime), ("swipeCaptureWindow", swipeCaptureWindow)]
    }
}
