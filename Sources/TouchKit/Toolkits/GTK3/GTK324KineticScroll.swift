// MARK: - GtkScrolledWindow's touch scrolling (GTK 3.24)

/// GTK 3.24's GtkScrolledWindow under one finger, vertical only: GTK 4's ancestor, played by the same rules
/// (``GTKKineticScrolledWindow``) with GTK 3's values. The one difference in kind: the drag claims the touch at
/// its touch-down (`capture-button-press`), so the view follows the finger from the first motion, with no drag
/// threshold. Values and their sources: docs/toolkits/gtk3.md, "Scrolling".
public struct GTK324KineticScroll: GTKKineticScrolledWindow {
    public let name = "gtk-3.24"
    public let toolkit = "gtk3"

    /// gtkscrolledwindow.c `DECELERATION_FRICTION`, 1/s.
    public var decelerationFriction = 4.0
    /// None: scrolled_window_drag_begin_cb claims the sequence at the touch-down (capture-button-press is on by
    /// default) and scrolled_window_drag_update_cb checks no threshold.
    public var dragThreshold: Double? = nil
    /// gtkgestureswipe.c `CAPTURE_THRESHOLD_MS`, ms.
    public var swipeWindow = 150.0
    /// gtkkineticscrolling.c: a fling stops when its velocity falls under 1 px/s.
    public var stopBelow = 1.0
    /// gtkkineticscrolling.c: a tick after the first that moved the fling less than 1 px also stops it (measured:
    /// 3.24.38's flings stop at the first step under 1 px).
    public var stopsOnSmallStep = true
    /// gtkscrolledwindow.c `VELOCITY_ACCUMULATION_FLOOR`, `_CEIL`, `_MAX` (gtk_scrolled_window_accumulate_velocity).
    public var accumulationFloor = 0.33, accumulationCeil = 1.0, accumulationMax = 6.0
    /// gtkgesture.c `_update_widget_coordinates`: the event's position goes through gtk_widget_translate_coordinates,
    /// whose gint arguments truncate it (measured: the view follows the finger in whole px).
    public var wholePixelPoints = true
    /// gtkgesturepan.c `guess_direction` FACTOR 2: the scrolled window attaches a vertical GtkGesturePan when only the
    /// vertical axis scrolls (gtk_scrolled_window_check_attach_pan_gesture), grouped with its drag.
    public var panAxisFactor: Double? = 2
    /// gtkscrolledwindow.c `gtk_scrolled_window_decelerate` does nothing for a lift at 0 px/s: priv->vscrolling, the
    /// fling a touch-down interrupted, stays for the next lift to take velocity from.
    public var stillLiftForgetsFling = false
    /// gtk-long-press-time (GtkSettings default 500, pinned by the oracle; GTK 3 has no delay factor): the scrolled
    /// window's GtkGestureLongPress (`scrolled_window_long_press_cb`) denies a touch held still this long, ms.
    public var longPressTime: Double? = 500
    /// gtk-dnd-drag-threshold (default 8, pinned): gtkgesturelongpress.c `gtk_gesture_long_press_update` cancels the
    /// long press once the touch is more than this many whole px from its touch-down (gtk_drag_check_threshold).
    public var longPressDrift = 8.0
    /// The frame interval the model assumes past the toolkit's last reported frame (60 Hz), ms.
    public var restingFrameInterval = 1000.0 / 60

    /// The model with GTK 3.24's values.
    public init() {}
}
