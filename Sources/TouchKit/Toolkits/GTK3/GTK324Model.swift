// MARK: - GTK 3.24's gesture controllers on one widget

/// GTK 3.24.38 with GtkGestureMultiPress, LongPress, Drag, Pan (horizontal), Zoom, Rotate and Swipe attached to one
/// widget that selects touch events (GDK_TOUCH_MASK), as an application gets them when it attaches all seven and
/// claims nothing: every controller sees every touch and they recognise simultaneously.
///
/// GTK 3's controllers are GTK 4's ancestors and share their sequence bookkeeping (``GTKWidgetControllers``); the
/// differences are in ``GTKControllerValues``, the settings' sources in ``GTKSettings/gtk324``, both in
/// docs/toolkits/gtk3.md.
public struct GTK324Model: ToolkitModel {
    /// The model's name with the GTK version it re-creates.
    public let name = "gtk-3.24"
    /// Checked against oracles/gtk3/oracle.py.
    public let toolkit = "gtk3"
    /// The settings and constants the controllers read.
    public let settings: GTKSettings

    private var controllers: GTKWidgetControllers

    /// Creates the model with GTK 3's default settings (what the oracle pins).
    public init(settings: GTKSettings = .gtk324) {
        self.settings = settings
        // gtkdnd.c:gtk_drag_check_threshold takes gint; the pointer-emulating touch's cancel is held back (measured).
        controllers = GTKWidgetControllers(values: GTKControllerValues(settings, wholePixelDragCheck: true,
                                                                       defersEmulatingTouchCancel: true,
                                                                       clickName: "GtkGestureMultiPress"))
    }

    /// Each touch of the frame becomes one GDK touch event, handed to every controller; timers due first.
    public mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] { controllers.feed(frame) }

    /// Runs the double-click and long-press timers up to `time` (seconds on the wl_touch clock).
    public mutating func advance(to time: Double) -> [ToolkitGesture] { controllers.advance(to: time) }
}
