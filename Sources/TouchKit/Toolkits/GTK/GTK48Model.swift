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
    public let settings: GTK48Settings

    private var swipe: GTKSwipeGesture
    private var rotate = GTKTwoFingerGesture(.rotate)
    private var zoom = GTKTwoFingerGesture(.zoom)
    private var pan: GTKPanGesture
    private var drag = GTKDragGesture()
    private var longPress: GTKLongPressGesture
    private var click: GTKClickGesture

    /// Creates the model with GTK's default settings (what the oracle pins).
    public init(settings: GTK48Settings = .defaults) {
        self.settings = settings
        swipe = GTKSwipeGesture(window: settings.swipeCaptureWindow.value)
        pan = GTKPanGesture(orientation: .horizontal, axisFactor: settings.panAxisFactor)
        longPress = GTKLongPressGesture(settings: settings)
        click = GTKClickGesture(settings: settings)
    }

    /// Each touch of the frame becomes one GDK touch event, handed to every controller; timers due first.
    public mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
        let time = Self.milliseconds(frame.timestamp)
        var out = fireTimers(upTo: time)
        for pass in frame.passes {
            for touch in pass {
                let kind: GTKTouchEvent.Kind
                switch touch.phase {
                case .began: kind = .begin
                case .moved: kind = .update
                case .ended: kind = .end
                case .cancelled: kind = .cancel
                case .stationary: continue
                }
                out += dispatch(GTKTouchEvent(kind: kind, id: touch.id, location: touch.location, time: time))
            }
        }
        return out
    }

    /// Runs the double-click and long-press timers up to `time` (seconds on the wl_touch clock).
    public mutating func advance(to time: Double) -> [ToolkitGesture] {
        fireTimers(upTo: Self.milliseconds(time))
    }

    /// wl_touch times are whole milliseconds; frames carry them in seconds.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() }

    private mutating func dispatch(_ event: GTKTouchEvent) -> [ToolkitGesture] {
        var out = swipe.handle(event)
        out += rotate.handle(event)
        out += zoom.handle(event)
        out += pan.handle(event)
        out += drag.handle(event)
        out += longPress.handle(event)
        out += click.handle(event)
        return out
    }

    /// GLib timeouts (double-click, long press) that fell due up to `time` ms, earliest first.
    private mutating func fireTimers(upTo time: Double) -> [ToolkitGesture] {
        var out: [ToolkitGesture] = []
        while true {
            let due = [(longPress.nextDeadline, 0), (click.nextDeadline, 1)]
                .compactMap { deadline, which in deadline.map { ($0, which) } }
                .filter { $0.0 <= time }
                .min { $0.0 < $1.0 }
            guard let (_, which) = due else { return out }
            if which == 0 {
                out += longPress.fireTimers(upTo: time)
            } else {
                out += click.fireTimers(upTo: time)
            }
        }
    }
}
