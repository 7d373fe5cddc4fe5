// MARK: - GTK 4.8's settings, with where each comes from

extension GTKSettings {
    /// GTK 4.8.3's defaults, as the GTK 4 oracle pins them.
    public static let gtk48 = GTKSettings(
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
}
