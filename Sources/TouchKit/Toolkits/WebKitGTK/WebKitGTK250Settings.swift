// MARK: - The values WebKitGTK 2.50's touch handling reads (GTK 4)

/// The GTK settings WebKitGTK 2.50's UI process reads when it turns touch into mouse events, at GTK 4's defaults
/// as the oracle pins them, with where each comes from and what the real WebKitGTK 2.50.6 decided.
public struct WebKitGTK250Settings: Hashable, Sendable {
    /// The click count: GTK 4.8's GtkGestureClick counts presses into a series (press to press, per axis from the
    /// series' first press), and WebKit's synthesised click carries that count as `click.detail`.
    public var click: GTKSettings
    /// Movement from the touch-down (per axis, strictly beyond) that makes a touch a scroll, with no click.
    public var dragThreshold: Threshold
    /// Hold after which the touch no longer clicks but opens the context menu (`contextmenu`) when it lifts.
    public var longPressTime: Threshold

    /// Creates a settings set.
    public init(click: GTKSettings, dragThreshold: Threshold, longPressTime: Threshold) {
        self.click = click
        self.dragThreshold = dragThreshold
        self.longPressTime = longPressTime
    }

    /// GTK 4's defaults, as the oracle pins them.
    public static let defaults = WebKitGTK250Settings(
        click: .gtk48,
        dragThreshold: Threshold(8, .points,
                                 source: "GtkSettings:gtk-dnd-drag-threshold; WebKit GestureController.cpp "
                                     + "DragGesture::update (gtk_drag_check_threshold)",
                                 note: "measured: a touch that moved 6 px and lifted clicks, one that moved 10 px and came "
                                     + "back does not"),
        longPressTime: Threshold(500, .milliseconds,
                                 source: "GtkSettings:gtk-long-press-time; WebKit GestureController.cpp DragGesture::begin "
                                     + "(m_longPressTimeout) and LongPressGesture (GtkGestureLongPress)",
                                 note: "measured: a 450 ms hold clicks, a 580 ms hold fires contextmenu, at the touch-up"))

    /// Every threshold in table order, with its name.
    public var thresholds: [(name: String, threshold: Threshold)] {
        [("doubleClickTime", click.doubleClickTime), ("doubleClickDistance", click.doubleClickDistance),
         ("dragThreshold", dragThreshold), ("longPressTime", longPressTime)]
    }
}
