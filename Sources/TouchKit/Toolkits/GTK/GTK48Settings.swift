// MARK: - The values GTK 4.8's gesture controllers read, with where each comes from

/// The settings and constants GTK 4.8's touch gestures depend on; the GTK oracle pins the settings to these values.
public struct GTK48Settings: Hashable, Sendable {
    /// A new press starts a series unless it lands within this time of the previous press (press to press).
    public var doubleClickTime: Threshold
    /// A press counts with the series only if it lands closer than this, per axis, to the series' first press; a
    /// press of the series that moves this far from that first press ends the series.
    public var doubleClickDistance: Threshold
    /// Movement (per axis, from the touch-down) beyond which a pending long press is cancelled.
    public var dragThreshold: Threshold
    /// Hold time after which GtkGestureLongPress fires (gtk-long-press-time × delay-factor).
    public var longPressTime: Threshold
    /// GtkGestureSwipe keeps only the samples of the last this-many ms (plus one older sample) for its velocity.
    public var swipeCaptureWindow: Threshold
    /// GtkGesturePan decides an axis once one offset exceeds this many times the other.
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

    /// GTK 4.8.3's defaults, as the oracle pins them.
    public static let defaults = GTK48Settings(
        doubleClickTime: Threshold(400, .milliseconds,
                                   source: "GtkSettings:gtk-double-click-time; gtkgestureclick.c:_gtk_gesture_click_update_timeout",
                                   note: "the timer restarts at every press, so the interval is press to press; measured: "
                                       + "two 300 ms holds 150 ms apart are two single taps"),
        doubleClickDistance: Threshold(5, .points,
                                       source: "GtkSettings:gtk-double-click-distance; gtkgestureclick.c:gtk_gesture_click_begin and "
                                           + "gtk_gesture_click_update",
                                       note: "per axis (|dx| < 5 and |dy| < 5) from the series' first press, at each press and each "
                                           + "motion; GTK 4.8 applies it to touch (measured: a second tap 20 px away counts 1; a "
                                           + "press moving 5 px ends the series); later GTK checks presses of mice only and "
                                           + "motion against gtk-dnd-drag-threshold"),
        dragThreshold: Threshold(8, .points,
                                 source: "GtkSettings:gtk-dnd-drag-threshold; gtkgesturelongpress.c:gtk_gesture_long_press_update "
                                     + "(gtk_drag_check_threshold)",
                                 note: "per axis, strictly beyond: |dx| > 8 or |dy| > 8 from the touch-down cancels a long press"),
        longPressTime: Threshold(500, .milliseconds,
                                 source: "GtkSettings:gtk-long-press-time × GtkGestureLongPress:delay-factor (1.0); "
                                     + "gtkgesturelongpress.c:gtk_gesture_long_press_begin"),
        swipeCaptureWindow: Threshold(150, .milliseconds, source: "gtkgestureswipe.c:CAPTURE_THRESHOLD_MS"),
        panAxisFactor: 2)

    /// The thresholds in table order, with their names.
    public var thresholds: [(name: String, threshold: Threshold)] {
        [("doubleClickTime", doubleClickTime), ("doubleClickDistance", doubleClickDistance),
         ("dragThreshold", dragThreshold), ("longPressTime", longPressTime), ("swipeCaptureWindow", swipeCaptureWindow)]
    }

    /// What the controllers read: GTK 4 compares doubles in its drag check and names its click GtkGestureClick.
    var controllerValues: GTKControllerValues {
        GTKControllerValues(doubleClickTime: doubleClickTime.value, doubleClickDistance: doubleClickDistance.value,
                            dragThreshold: dragThreshold.value, longPressTime: longPressTime.value,
                            swipeCaptureWindow: swipeCaptureWindow.value, panAxisFactor: panAxisFactor,
                            wholePixelDragCheck: false, defersEmulatingTouchCancel: false,
                            clickName: "GtkGestureClick")
    }
}
