// MARK: - Seven GTK gesture controllers on one widget (GTK 4.8 and GTK 3.24 alike)

/// GtkGesture{Click or MultiPress}, LongPress, Drag, Pan (horizontal), Zoom, Rotate and Swipe attached to one
/// widget, as an application gets them when it attaches all seven and claims nothing: every controller sees every
/// touch and they recognise simultaneously (a tap is also a drag and a swipe).
///
/// GTK hands each event to the controllers in the reverse order they were added (both oracles add them click, long
/// press, drag, pan, zoom, rotate, swipe), so gestures come out in that order within one event.
struct GTKWidgetControllers {
    private var swipe: GTKSwipeGesture
    private var rotate = GTKTwoFingerGesture(.rotate)
    private var zoom = GTKTwoFingerGesture(.zoom)
    private var pan: GTKPanGesture
    private var drag = GTKDragGesture()
    private var longPress: GTKLongPressGesture
    private var click: GTKClickGesture
    private let defersEmulatingTouchCancel: Bool
    /// Touches down, for GDK's pointer emulation: a touch that goes down while none is emulates the pointer.
    private var down: Set<Int32> = []
    private var emulating: Int32?
    /// The emulating touch's cancel, held until the next touch event (GTK 3).
    private var pendingCancel: (id: Int32, location: Point)?

    init(values: GTKControllerValues) {
        defersEmulatingTouchCancel = values.defersEmulatingTouchCancel
        swipe = GTKSwipeGesture(window: values.swipeCaptureWindow)
        pan = GTKPanGesture(orientation: .horizontal, axisFactor: values.panAxisFactor)
        longPress = GTKLongPressGesture(settings: values)
        click = GTKClickGesture(settings: values)
    }

    /// Each touch of the frame becomes one GDK touch event, handed to every controller; timers due first.
    mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
        let time = Self.milliseconds(frame.timestamp)
        var out = fireTimers(upTo: time)
        if let pending = pendingCancel, frame.passes.contains(where: { !$0.isEmpty }) {
            pendingCancel = nil
            out += dispatch(GTKTouchEvent(kind: .cancel, id: pending.id, location: pending.location, time: time),
                            twoFinger: false)
        }
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
                let event = GTKTouchEvent(kind: kind, id: touch.id, location: touch.location, time: time)
                if holdsBack(event) {
                    // Measured: GtkGestureZoom and GtkGestureRotate never report this cancel, yet hold the touch no
                    // longer (a new second finger does not begin them).
                    out += zoom.forget(event)
                    out += rotate.forget(event)
                    continue
                }
                out += dispatch(event)
            }
        }
        return out
    }

    /// Tracks which touch emulates the pointer (gdkdevice-wayland.c: the touch that goes down while no other is);
    /// true when this event is the emulating touch's cancel and GTK 3 holds it back from the one-finger controllers.
    private mutating func holdsBack(_ event: GTKTouchEvent) -> Bool {
        let id = event.id
        switch event.kind {
        case .begin:
            if down.isEmpty { emulating = id }
            down.insert(id)
        case .update:
            break
        case .end:
            down.remove(id)
            if emulating == id { emulating = nil }
        case .cancel:
            down.remove(id)
            guard emulating == id else { return false }
            emulating = nil
            if defersEmulatingTouchCancel {
                pendingCancel = (id, event.location)
                return true
            }
        }
        return false
    }

    /// Runs the double-click and long-press timers up to `time` (seconds on the wl_touch clock).
    mutating func advance(to time: Double) -> [ToolkitGesture] {
        fireTimers(upTo: Self.milliseconds(time))
    }

    /// wl_touch times are whole milliseconds; frames carry them in seconds.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() }

    private mutating func dispatch(_ event: GTKTouchEvent, twoFinger: Bool = true) -> [ToolkitGesture] {
        var out = swipe.handle(event)
        if twoFinger {
            out += rotate.handle(event)
            out += zoom.handle(event)
        }
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
