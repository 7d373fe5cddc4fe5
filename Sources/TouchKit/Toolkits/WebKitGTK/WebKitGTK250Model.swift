// MARK: - WebKitGTK 2.50 (GTK 4): what a web page gets from touch

/// What a page in WebKitGTK 2.50's WebView (GTK 4) gets from touch, when it takes (`preventDefault`) only the
/// touch events of two or more fingers, as the oracle page does.
///
/// The rule in one paragraph: one finger that goes down while none is, lifts without ever having moved more than
/// ``WebKitGTK250Settings/dragThreshold`` from its down on either axis before ``WebKitGTK250Settings/longPressTime``,
/// and saw no second finger, clicks at the up, where it lifted: `click` with the count GTK 4.8's GtkGestureClick
/// gave its press (press to press within the double-click time, closer than the double-click distance per axis to
/// the series' first press; a scroll's motions do not reach it), and `dblclick` after the click whose count is 2. Held past the long-press time and
/// lifted without moving beyond the threshold after it, the finger instead fires `contextmenu` at the up; moved
/// beyond it after the long-press time, it clicks after all. A finger that moved beyond the threshold in time
/// scrolls and clicks nothing; wl_touch.cancel ends the touch (and GtkGestureClick's series) with nothing.
/// Everything is stamped with the time of the up. Each finding is the real WebKitGTK 2.50.6's (measured, with the
/// source of each value in ``WebKitGTK250Settings``).
public struct WebKitGTK250Model: ToolkitModel {
    /// The modelled version, as the CLI spells it.
    public let name = "webkitgtk-2.50"
    /// Checked against oracles/webkit/oracle.py.
    public let toolkit = "webkitgtk"
    /// The settings the model reads.
    public let settings: WebKitGTK250Settings

    /// The touch that may click: the one that went down while no other finger was.
    private struct Touch {
        var id: Int32
        /// Its down, wl_touch ms.
        var downTime: Double
        var origin: Point
        var location: Point
        /// GtkGestureClick's count for its press.
        var count: Int
        /// A second finger came down while it was down: the page took those touches.
        var taken = false
        /// It moved beyond the drag threshold before the long-press time: a scroll.
        var scrolled = false
        /// It moved beyond the drag threshold after the long-press time.
        var movedAfterHold = false
    }

    /// GTK 4.8's GtkGestureClick on the view, which sees every touch: it counts the presses.
    private var click: GTKClickGesture
    private var touch: Touch?
    private var down: Set<Int32> = []

    /// A model with no finger down and no click series running.
    public init(settings: WebKitGTK250Settings = .defaults) {
        self.settings = settings
        click = GTKClickGesture(settings: GTKControllerValues(settings.click, wholePixelDragCheck: false,
                                                              defersEmulatingTouchCancel: false,
                                                              clickName: "GtkGestureClick"))
    }

    /// Each touch of the frame is one GDK touch event; the click series' timer first.
    public mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
        let time = Self.milliseconds(frame.timestamp)
        _ = click.fireTimers(upTo: time)
        var out: [ToolkitGesture] = []
        for pass in frame.passes {
            for input in pass {
                switch input.phase {
                case .began: began(input.id, input.location, at: time)
                case .moved: moved(input.id, input.location, at: time)
                case .ended: ended(input.id, input.location, at: time, into: &out)
                case .cancelled: cancelled(input.id, input.location, at: time)
                case .stationary: break
                }
            }
        }
        return out
    }

    /// Ends the click series when its timer ran out by `time` (seconds); nothing is reported without a touch.
    public mutating func advance(to time: Double) -> [ToolkitGesture] {
        _ = click.fireTimers(upTo: Self.milliseconds(time))
        return []
    }

    // MARK: - Touch events

    private mutating func began(_ id: Int32, _ location: Point, at time: Double) {
        let pressed = click.handle(GTKTouchEvent(kind: .begin, id: id, location: location, time: time))
        if down.isEmpty {
            let count = pressed.first { $0.kind == .tap }?.count ?? 1
            touch = Touch(id: id, downTime: time, origin: location, location: location, count: count)
        } else {
            touch?.taken = true
        }
        down.insert(id)
    }

    private mutating func moved(_ id: Int32, _ location: Point, at time: Double) {
        let event = GTKTouchEvent(kind: .update, id: id, location: location, time: time)
        guard var current = touch, current.id == id else {
            _ = click.handle(event)
            return
        }
        current.location = location
        let limit = settings.dragThreshold.value
        if abs(location.x - current.origin.x) > limit || abs(location.y - current.origin.y) > limit {
            if time - current.downTime < settings.longPressTime.value {
                current.scrolled = true
            } else {
                current.movedAfterHold = true
            }
        }
        // Measured: once the touch scrolls, its motions (the one that crossed the threshold too) no longer reach
        // the click counter, so they cannot end the series (a tap, a 20 px scroll, a tap: click 1, then 3).
        if !current.scrolled { _ = click.handle(event) }
        touch = current
    }

    private mutating func ended(_ id: Int32, _ location: Point, at time: Double, into out: inout [ToolkitGesture]) {
        _ = click.handle(GTKTouchEvent(kind: .end, id: id, location: location, time: time))
        down.remove(id)
        guard let current = touch, current.id == id else { return }
        touch = nil
        guard !current.taken, !current.scrolled else { return }
        let at = current.location
        if time - current.downTime >= settings.longPressTime.value, !current.movedAfterHold {
            out.append(ToolkitGesture(kind: .longPress, time: time, recognizer: "contextmenu", x: at.x, y: at.y))
            return
        }
        out.append(ToolkitGesture(kind: .tap, time: time, recognizer: "click", count: current.count, x: at.x, y: at.y))
        // WebCore follows the click whose count is 2 with dblclick.
        if current.count == 2 {
            out.append(ToolkitGesture(kind: .tap, time: time, recognizer: "dblclick", count: 2, x: at.x, y: at.y))
        }
    }

    private mutating func cancelled(_ id: Int32, _ location: Point, at time: Double) {
        _ = click.handle(GTKTouchEvent(kind: .cancel, id: id, location: location, time: time))
        down.remove(id)
        if touch?.id == id { touch = nil }
    }

    /// wl_touch times are whole milliseconds; frames carry them in seconds.
    private static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() }
}
