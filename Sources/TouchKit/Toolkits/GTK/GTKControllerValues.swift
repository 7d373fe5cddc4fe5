// MARK: - What GTK's gesture controllers read, whichever GTK they come from

/// The numbers and the version differences the GTK gesture controllers depend on, in ms and logical px; GTK 4.8
/// and GTK 3.24 each fill them from their own settings (``GTKSettings/gtk48``, ``GTKSettings/gtk324``) and rules.
struct GTKControllerValues: Sendable {
    /// gtk-double-click-time: press to press.
    var doubleClickTime: Double
    /// gtk-double-click-distance: per axis, from the series' first press.
    var doubleClickDistance: Double
    /// gtk-dnd-drag-threshold: per axis, from the touch-down, for a pending long press.
    var dragThreshold: Double
    /// How long a long press is held before it fires.
    var longPressTime: Double
    /// GtkGestureSwipe's CAPTURE_THRESHOLD_MS.
    var swipeCaptureWindow: Double
    /// GtkGesturePan's axis decision factor.
    var panAxisFactor: Double
    /// GTK 3's gtk_drag_check_threshold takes whole pixels (gint), so positions are truncated before the check;
    /// GTK 4's gtk_drag_check_threshold_double compares the doubles.
    var wholePixelDragCheck: Bool
    /// GTK 3 on Wayland (measured, 3.24.38) hands a wl_touch.cancel of the touch that emulates the pointer (the one
    /// that went down while no other was) to the controllers only with the next wl_touch event, stamped with that
    /// event's time; the other touches' cancels arrive at once. GTK 4 cancels every touch at once.
    var defersEmulatingTouchCancel: Bool
    /// The click controller's type name (GtkGestureClick in GTK 4, GtkGestureMultiPress in GTK 3).
    var clickName: String
}

extension GTKControllerValues {
    /// `settings`' values with one GTK version's rules.
    init(_ settings: GTKSettings, wholePixelDragCheck: Bool, defersEmulatingTouchCancel: Bool, clickName: String) {
        self.init(doubleClickTime: settings.doubleClickTime.value, doubleClickDistance: settings.doubleClickDistance.value,
                  dragThreshold: settings.dragThreshold.value, longPressTime: settings.longPressTime.value,
                  swipeCaptureWindow: settings.swipeCaptureWindow.value, panAxisFactor: settings.panAxisFactor,
                  wholePixelDragCheck: wholePixelDragCheck, defersEmulatingTouchCancel: defersEmulatingTouchCancel,
                  clickName: clickName)
    }
}
