// MARK: - Firefox 153 on Linux: what a web page gets from touch

/// Firefox 153's touch gesture recognition (APZ's `GestureEventListener` and the mouse events
/// `APZEventState` makes of its taps) as a page with `touch-action: none` sees it.
///
/// The rule in one paragraph: a touch block begins when the first finger goes down. A single finger
/// that lifts within ``Firefox153Thresholds/touchStartTolerance`` of its down is a `click` (detail 1) at
/// the up; `touch-action: none` forbids double-tap zoom, so APZ sends it at once instead of waiting.
/// Armed at the down, one timer runs out ``Firefox153Thresholds/maxTapTime`` after it (the finger is no
/// longer a quick tap: its up still clicks, but starts no double tap) and another
/// ``Firefox153Thresholds/longTap`` after it (`contextmenu`, stamped with the down; the up then clicks no
/// more). After a quick tap, a down that comes before the first block's start + max tap time, within
/// ``Firefox153Thresholds/secondTapTolerance`` of the first down, is a second tap: its up, whenever it
/// comes, is a `click` with detail 2 and a `dblclick`, unless it moved past the tolerance (then
/// nothing); it arms no timers. A farther down starts a new first tap. After a double tap the count
/// starts again at 1. A second finger ends every tap of the block; lifting all fingers ends the block.
/// wl_touch.cancel is `pointercancel` and ends everything.
public struct Firefox153Model: EventAtATimeModel {
    /// The modelled version, as the CLI spells it.
    public let name = "firefox-153"
    /// The oracle it is checked against.
    public let toolkit = "firefox"

    /// `GestureEventListener::GestureState`, the states a page can tell apart.
    private enum State {
        case none, firstDown, firstMaxTapDown, firstUp, secondDown, longDown, multiTouchDown
    }

    private var state = State.none
    /// Fingers down, by wl_touch id, where each is now.
    private var fingers: [Int32: Point] = [:]
    /// The order fingers went down in: `mTouches[0]` is the first still down.
    private var order: [Int32] = []
    /// Where the tap's finger went down (`mTouchStartPosition`), and when its touch block began, seconds.
    private var start = Point(x: 0, y: 0)
    private var blockStart = 0.0
    /// The down that began the tap now running, seconds: a long tap carries its time.
    private var tapDown = 0.0
    /// When the long-tap and max-tap timers run out, seconds; nil when not running.
    private var longTapDeadline: Double?
    private var maxTapDeadline: Double?
    /// The latest down or up, seconds: wl_touch.cancel carries no time, so a cancel is stamped with it.
    private var lastDownOrUpTime = 0.0

    /// Movement tolerances in px for the screen's DPI.
    private let touchStartTolerance: Double
    private let secondTapTolerance: Double

    /// A model with no finger down, for a screen of `dpi` (Firefox's own computation for the output;
    /// the harness weston's is ``Firefox153Thresholds/harnessDPI``).
    public init(dpi: Double = Firefox153Thresholds.harnessDPI) {
        touchStartTolerance = Firefox153Thresholds.touchStartToleranceInches * dpi
        secondTapTolerance = Firefox153Thresholds.secondTapToleranceInches * dpi
    }

    /// Fires the timers that ran out by `time` (seconds), earliest first.
    public mutating func advance(to time: Double) -> [ToolkitGesture] {
        var out: [ToolkitGesture] = []
        while true {
            let due = [maxTapDeadline, longTapDeadline].compactMap { $0 }.filter { $0 <= time }.min()
            guard let due else { return out }
            if due == maxTapDeadline {
                maxTapDeadline = nil
                maxTapTimeout()
            } else {
                longTapDeadline = nil
                longTapTimeout(into: &out)
            }
        }
    }

    // MARK: - GestureEventListener

    mutating func down(_ id: Int32, _ location: Point, at time: Double, into out: inout [ToolkitGesture]) {
        if fingers[id] != nil { cancel(into: &out) }
        lastDownOrUpTime = time
        fingers[id] = location
        order.append(id)
        if fingers.count == 1 {
            singleStart(location, at: time)
        } else {
            multiStart()
        }
    }

    /// `HandleInputTouchSingleStart`.
    private mutating func singleStart(_ location: Point, at time: Double) {
        switch state {
        case .none:
            enterFirstDown(location, at: time)
        case .firstUp:
            maxTapDeadline = nil
            longTapDeadline = nil
            if distance(location, start) > secondTapTolerance {
                enterFirstDown(location, at: time)
            } else {
                start = location
                state = .secondDown
            }
        default:
            state = .none
        }
    }

    /// `EnterFirstSingleTouchDown`: a new block, both timers counted from its start.
    private mutating func enterFirstDown(_ location: Point, at time: Double) {
        state = .firstDown
        start = location
        blockStart = time
        tapDown = time
        longTapDeadline = time + Firefox153Thresholds.longTap.seconds
        maxTapDeadline = time + Firefox153Thresholds.maxTapTime.seconds
    }

    /// `HandleInputTouchMultiStart`: another finger ends every tap of the block.
    private mutating func multiStart() {
        switch state {
        case .firstDown, .firstMaxTapDown, .firstUp, .secondDown:
            longTapDeadline = nil
            maxTapDeadline = nil
        default:
            break
        }
        state = .multiTouchDown
    }

    /// `HandleInputTouchMove`: only the first finger still down counts.
    mutating func move(_ id: Int32, _ location: Point) {
        guard fingers[id] != nil else { return }
        fingers[id] = location
        guard id == order.first, fingers.count == 1 else { return }
        let large = distance(location, start) > touchStartTolerance
        switch state {
        case .firstDown, .firstMaxTapDown, .secondDown, .longDown:
            if large {
                longTapDeadline = nil
                maxTapDeadline = nil
                state = .none
            }
        default:
            break
        }
    }

    /// `HandleInputTouchEnd`.
    mutating func up(_ id: Int32, at time: Double, into out: inout [ToolkitGesture]) {
        guard fingers[id] != nil else { return }
        lastDownOrUpTime = time
        fingers[id] = nil
        order.removeAll { $0 == id }
        switch state {
        case .firstDown:
            // TAPGESTURE_UP: with double-tap zoom forbidden APZ sends the single tap at once, then waits
            // for a second tap until the block's max tap time (CreateMaxTapTimeoutTask counts from the block's start).
            longTapDeadline = nil
            out.append(click(count: 1, at: time))
            state = .firstUp
            maxTapDeadline = blockStart + Firefox153Thresholds.maxTapTime.seconds
        case .secondDown:
            // TAPGESTURE_SECOND: a click with detail 2, which EventStateManager follows with dblclick.
            out.append(click(count: 2, at: time))
            out.append(ToolkitGesture(kind: .tap, time: milliseconds(time), recognizer: "dblclick", count: 2))
            state = .none
        case .firstMaxTapDown:
            // TAPGESTURE_CONFIRMED: a tap, but too slow to begin a double tap.
            longTapDeadline = nil
            out.append(click(count: 1, at: time))
            state = .none
        case .longDown:
            // TAPGESTURE_LONG_UP: nothing for the page on Linux (Windows opens its menu here).
            state = .none
        case .multiTouchDown:
            if fingers.count < 2 { state = .none }
        case .none, .firstUp:
            break
        }
    }

    /// `HandleInputTouchCancel`: the compositor took the touches back.
    ///
    /// Stamped with the latest down or up, as the oracle does: the page cannot tell a cancel's time either.
    mutating func cancel(into out: inout [ToolkitGesture]) {
        guard !fingers.isEmpty else { return }
        out.append(ToolkitGesture(kind: .cancel, time: milliseconds(lastDownOrUpTime), recognizer: "pointercancel"))
        fingers = [:]
        order = []
        state = .none
        longTapDeadline = nil
        maxTapDeadline = nil
    }

    // MARK: - Timers

    /// `HandleInputTimeoutMaxTap`: a finger still down is no quick tap; a tap's wait for a second one ends.
    private mutating func maxTapTimeout() {
        switch state {
        case .firstDown: state = .firstMaxTapDown
        case .firstUp: state = .none
        default: break
        }
    }

    /// `HandleInputTimeoutLongTap`: TAPGESTURE_LONG, which APZEventState turns into contextmenu.
    private mutating func longTapTimeout(into out: inout [ToolkitGesture]) {
        switch state {
        case .firstDown, .firstMaxTapDown:
            maxTapDeadline = nil
            state = .longDown
            out.append(ToolkitGesture(kind: .longPress, time: milliseconds(tapDown), recognizer: "contextmenu"))
        default:
            break
        }
    }

    // MARK: - Helpers

    private func click(count: Int, at time: Double) -> ToolkitGesture {
        ToolkitGesture(kind: .tap, time: milliseconds(time), recognizer: "click", count: count)
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// Frame times are seconds; gestures carry wl_touch milliseconds.
    private func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() }
}
