// MARK: - GTK 4.8's gesture controllers on one widget

/// GTK 4.8.3 with GtkGestureClick, LongPress, Drag, Pan (horizontal), Zoom, Rotate and Swipe attached to one
/// widget, as an application gets them when it attaches all seven and claims nothing: every controller sees every
/// touch and they recognise simultaneously (a tap is also a drag and a swipe).
///
/// GTK hands each wl_touch event to the controllers in the reverse order they were added (the GTK oracle adds them
/// click, long press, drag, pan, zoom, rotate, swipe), so gestures come out in that order within one event.
public struct GTK48Model: ToolkitModel {
    /// The model's name with the GTK version it re-creates.
    public let name = "gtk-4.8"
    /// Checked against oracles/gtk/oracle.py.
    public let toolkit = "gtk"
    /// The settings and constants the controllers read.
    public let settings: GTKSettings

    private var controllers: GTKWidgetControllers

    /// Creates the model with GTK's default settings (what the oracle pins).
    public init(settings: GTKSettings = .gtk48) {
        self.settings = settings
        // GTK 4 compares doubles in its drag check (gtk_drag_check_threshold_double) and cancels every touch at once.
        controllers = GTKWidgetControllers(values: GTKControllerValues(settings, wholePixelDragCheck: false,
                                                                       defersEmulatingTouchCancel: false,
                                                                       clickName: "GtkGestureClick"))
    }

    /// Each touch of the frame becomes one GDK touch event, handed to every controller; timers due first.
    public mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] { controllers.feed(frame) }

    /// Runs the double-click and long-press timers up to `time` (seconds on the wl_touch clock).
    public mutating func advance(to time: Double) -> [ToolkitGesture] { controllers.advance(to: time) }
}
