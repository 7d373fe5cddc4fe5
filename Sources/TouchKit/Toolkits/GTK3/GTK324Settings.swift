// MARK: - The values GTK 3.24's gesture controllers read, with where each comes from

/// The settings and constants GTK 3.24's touch gestures depend on; the GTK 3 oracle pins the settings to these
/// values. Sources are GNOME/gtk branch gtk-3-24.
public struct GTK324Settings: Hashable, Sendable {
    /// A new press starts a series unless it lands within this time of the previous press (press to press).
    public var doubleClickTime: Threshold
    /// A press counts with the series only if it lands closer than this, per axis, to the series' first press; a
    /// press of the series that moves this far from that first press ends the series.
    public var doubleClickDistance: Threshold
    /// Movement (per axis, whole pixels, from the touch-down) beyond which a pending long press is cancelled.
    public var dragThreshold: Threshold
    /// Hold time after which GtkGestureLongPress fires (gtk-long-press-time; GTK 3 has no delay factor).
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

    /// GTK 3.24.38's defaults (gtksettings.c:gtk_settings_class_init), as the oracle pins them.
    public static let defaults = GTK324Settings(
        doubleClickTime: Threshold(400, .milliseconds,
                                   source: "GtkSettings:gtk-double-click-time; gtkgesturemultipress.c:"
                                       + "_gtk_gesture_multi_press_update_timeout",
                                   note: "the timer restarts at every press (gtk_gesture_multi_press_begin), so the interval "
                                       + "is press to press"),
        doubleClickDistance: Threshold(5, .points,
                                       source: "GtkSettings:gtk-double-click-distance; gtkgesturemultipress.c:"
                                           + "_gtk_gesture_multi_press_check_within_threshold",
                                       note: "per axis (|dx| < 5 and |dy| < 5) from the series' first press, checked at each "
                                           + "press (gtk_gesture_multi_press_begin) and each motion "
                                           + "(gtk_gesture_multi_press_update), for touch as for mice"),
        dragThreshold: Threshold(8, .points,
                                 source: "GtkSettings:gtk-dnd-drag-threshold; gtkgesturelongpress.c:gtk_gesture_long_press_update "
                                     + "(gtkdnd.c:gtk_drag_check_threshold)",
                                 note: "per axis, strictly beyond, on positions truncated to gint: |dx| > 8 or |dy| > 8 "
                                     + "from the touch-down cancels a long press"),
        longPressTime: Threshold(500, .milliseconds,
                                 source: "GtkSettings:gtk-long-press-time; gtkgesturelongpress.c:gtk_gesture_long_press_begin",
                                 note: "read when the touch-down begins the gesture; GTK 3 has no delay-factor"),
        swipeCaptureWindow: Threshold(150, .milliseconds, source: "gtkgestureswipe.c:CAPTURE_THRESHOLD_MS"),
        panAxisFactor: 2)

    /// The thresholds in table order, with their names.
    public var thresholds: [(name: String, threshold: Threshold)] {
        [("doubleClickTime", doubleClickTime), ("doubleClickDistance", doubleClickDistance),
         ("dragThreshold", dragThreshold), ("longPressTime", longPressTime), ("swipeCaptureWindow", swipeCaptureWindow)]
    }

    /// What the controllers read: GTK 3 checks the drag threshold on whole pixels and calls its click
    /// GtkGestureMultiPress.
    var controllerValues: GTKControllerValues {
        GTKControllerValues(doubleClickTime: doubleClickTime.value, doubleClickDistance: doubleClickDistance.value,
                            dragThreshold: dragThreshold.value, longPressTime: longPressTime.value,
                            swipeCaptureWindow: swipeCaptureWindow.value, panAxisFactor: panAxisFactor,
                            wholePixelDragCheck: true, defersEmulatingTouchCancel: true,
                            clickName: "GtkGestureMultiPress")
    }
}
