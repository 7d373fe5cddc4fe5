// MARK: - GTK 3.24's settings, with where each comes from

extension GTKSettings {
    /// GTK 3.24.38's defaults (gtksettings.c:gtk_settings_class_init), as the GTK 3 oracle pins them; sources are
    /// GNOME/gtk branch gtk-3-24.
    public static let gtk324 = GTKSettings(
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
}
