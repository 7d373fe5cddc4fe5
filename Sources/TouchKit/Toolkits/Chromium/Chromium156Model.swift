// MARK: - Chromium 156 on Linux: what a web page gets from touch

/// Chromium 156's touch gesture detector (`ui/events/gesture_detection/gesture_detector.cc` with
/// `gesture_provider.cc`, Aura's configuration) as a page with `touch-action: none` sees it through Blink.
///
/// The rule in one paragraph: one finger that goes down and up within ``Chromium156Thresholds/tapSlop``
/// of where it went down, with no other finger down meanwhile, is a `click` at the up, its `detail` the
/// tap count; the count goes on (2, 3, then 1 again) when the down comes within
/// ``Chromium156Thresholds/repeatInterval`` of the previous up and ``Chromium156Thresholds/repeatDistance``
/// of the previous down, and the previous tap never moved its focus past the unexpanded
/// ``Chromium156Thresholds/seriesSlop``; a click whose detail is 2 is followed by `dblclick`. One finger
/// held ``Chromium156Thresholds/longPress`` within the slop fires `contextmenu` (stamped with the down's
/// time) and its up clicks no more, though it still counts in the series. A second finger cancels the
/// long press and the series; lifting one of two fingers that stayed within the slop, came down at most
/// ``Chromium156Thresholds/twoFingerTapSeparation`` apart and ``Chromium156Thresholds/twoFingerTapDuration``
/// before, is a two-finger tap, which Blink also turns into `contextmenu`. A third finger ends all taps.
/// wl_touch.cancel is `pointercancel` and ends everything.
public struct Chromium156Model: EventAtATimeModel {
    /// The modelled version, as the CLI spells it.
    public let name = "chromium-156"
    /// The oracle it is checked against.
    public let toolkit = "chromium"

    /// Where each finger of the current sequence is now, by wl_touch id.
    private var fingers: [Int32: Point] = [:]
    /// The first finger of the sequence: its id, where and when it went down (`current_down_event_`).
    private var primary: (id: Int32, location: Point, time: Double)?
    /// Every finger's position when the second finger landed (`secondary_pointer_down_event_`), and when.
    private var secondary: (locations: [Int32: Point], time: Double)?
    /// Most fingers down at once in this sequence.
    private var maximumFingerCount = 0
    /// No finger has left its slop yet (`all_pointers_within_slop_regions_`).
    private var allWithinSlop = false
    /// The focus never moved past the series slop (`always_in_bigger_tap_region_`), kept for the next down.
    private var alwaysInSeriesRegion = false
    /// The focus when the number of fingers last changed.
    private var downFocus = Point(x: 0, y: 0)
    /// A two-finger tap is still possible (`two_finger_tap_allowed_for_gesture_`).
    private var twoFingerTapAllowed = false
    /// When the long-press timer fires, seconds; nil when it is not running.
    private var longPressDeadline: Double?
    /// A long press fired: this sequence's up clicks no more (`ignore_single_tap_`).
    private var longPressFired = false
    /// The latest down or up, seconds: wl_touch.cancel carries no time, so a cancel is stamped with it.
    private var lastDownOrUpTime = 0.0
    /// The last up of the previous sequence, seconds (`previous_up_event_`).
    private var previousUpTime: Double?
    /// This sequence's down continues the previous tap series (`is_down_candidate_for_repeated_single_tap_`).
    private var continuesSeries = false
    /// Taps so far in the series, minus one, modulo the maximum count (`current_single_tap_repeat_count_`).
    private var repeatCount = 0

    /// A model with no finger down and no series running.
    public init() {}

    /// Fires the long press when its timer ran out by `time` (seconds).
    public mutating func advance(to time: Double) -> [ToolkitGesture] {
        guard let deadline = longPressDeadline, deadline <= time, let primary else { return [] }
        // ActivateLongPressGesture stops every timer; OnLongPress makes the coming up tap-less.
        longPressDeadline = nil
        longPressFired = true
        return [ToolkitGesture(kind: .longPress, time: milliseconds(primary.time), recognizer: "contextmenu",
                               x: primary.location.x, y: primary.location.y)]
    }

    // MARK: - Motion events, as the detector sees them

    mutating func down(_ id: Int32, _ location: Point, at time: Double, into out: inout [ToolkitGesture]) {
        if fingers[id] != nil { cancel(into: &out) }
        lastDownOrUpTime = time
        if fingers.isEmpty {
            firstDown(id, location, at: time)
        } else {
            fingers[id] = location
            otherDown(location, at: time)
        }
    }

    /// `Action::DOWN`: a new sequence, which may continue the previous one's tap series.
    private mutating func firstDown(_ id: Int32, _ location: Point, at time: Double) {
        continuesSeries = isRepeatedTap(location, at: time)
        fingers = [id: location]
        primary = (id, location, time)
        secondary = nil
        maximumFingerCount = 1
        allWithinSlop = true
        alwaysInSeriesRegion = true
        twoFingerTapAllowed = true
        downFocus = location
        longPressFired = false
        longPressDeadline = time + Chromium156Thresholds.longPress.seconds
    }

    /// `Action::POINTER_DOWN`: another finger ends the long press and the series (`CancelTaps`).
    private mutating func otherDown(_ location: Point, at time: Double) {
        downFocus = focus
        cancelTaps()
        maximumFingerCount = max(maximumFingerCount, fingers.count)
        if fingers.count == 2 { secondary = (fingers, time) }
        guard twoFingerTapAllowed, let primary else { return }
        let separation = Chromium156Thresholds.twoFingerTapSeparation.value
        if maximumFingerCount > 2 || squaredDistance(location, primary.location) >= separation * separation {
            twoFingerTapAllowed = false
        }
    }

    /// `Action::MOVE`: leaving the slop ends tap and long press; the focus decides the series region.
    mutating func move(_ id: Int32, _ location: Point) {
        guard fingers[id] != nil else { return }
        fingers[id] = location
        if allWithinSlop {
            if !isWithinSlopForTap {
                allWithinSlop = false
                longPressDeadline = nil
            }
            let seriesSlop = Chromium156Thresholds.seriesSlop.value
            if squaredDistance(focus, downFocus) > seriesSlop * seriesSlop { alwaysInSeriesRegion = false }
        }
        if twoFingerTapAllowed, maximumFingerCount > 2 || !isWithinSlopForTap { twoFingerTapAllowed = false }
    }

    mutating func up(_ id: Int32, at time: Double, into out: inout [ToolkitGesture]) {
        guard fingers[id] != nil else { return }
        lastDownOrUpTime = time
        if fingers.count > 1 {
            otherUp(id, at: time, into: &out)
        } else {
            lastUp(at: time, into: &out)
        }
    }

    /// `Action::POINTER_UP`: the first of two fingers lifting may be a two-finger tap.
    private mutating func otherUp(_ id: Int32, at time: Double, into out: inout [ToolkitGesture]) {
        if twoFingerTapAllowed, fingers.count == 2, let secondary, let primary,
           time - secondary.time <= Chromium156Thresholds.twoFingerTapDuration.seconds {
            out.append(ToolkitGesture(kind: .tap, time: milliseconds(time), recognizer: "contextmenu", count: 1,
                                      x: primary.location.x, y: primary.location.y))
        }
        twoFingerTapAllowed = false
        fingers[id] = nil
        downFocus = focus
    }

    /// `Action::UP`: a tap when one finger stayed within its slop; its count decides click's detail.
    private mutating func lastUp(at time: Double, into out: inout [ToolkitGesture]) {
        if allWithinSlop, maximumFingerCount == 1 {
            repeatCount = continuesSeries ? (repeatCount + 1) % Chromium156Thresholds.maxTapCount : 0
            if !longPressFired, let primary {
                let count = repeatCount + 1
                out.append(ToolkitGesture(kind: .tap, time: milliseconds(time), recognizer: "click", count: count,
                                          x: primary.location.x, y: primary.location.y))
                // Blink follows the click whose detail is 2 with dblclick (GestureTap with tap count 2).
                if count == 2 {
                    out.append(ToolkitGesture(kind: .tap, time: milliseconds(time), recognizer: "dblclick", count: 2,
                                              x: primary.location.x, y: primary.location.y))
                }
            }
        } else if !allWithinSlop {
            repeatCount = 0
        }
        previousUpTime = time
        longPressDeadline = nil
        maximumFingerCount = 0
        fingers = [:]
    }

    /// `Action::CANCEL`: the compositor took the touches back; nothing of this sequence counts.
    ///
    /// Stamped with the latest down or up, as the oracle does: the page cannot tell a cancel's time either.
    mutating func cancel(into out: inout [ToolkitGesture]) {
        guard !fingers.isEmpty else { return }
        out.append(ToolkitGesture(kind: .cancel, time: milliseconds(lastDownOrUpTime), recognizer: "pointercancel"))
        cancelTaps()
        allWithinSlop = false
        fingers = [:]
    }

    /// `CancelTaps`: no long press, and no series through this sequence.
    private mutating func cancelTaps() {
        longPressDeadline = nil
        alwaysInSeriesRegion = false
        continuesSeries = false
        repeatCount = 0
    }

    // MARK: - The detector's tests

    /// `IsRepeatedTap`: up to down within the interval, down to down within the distance, and the
    /// previous sequence a tap that kept its focus in the series region.
    private func isRepeatedTap(_ location: Point, at time: Double) -> Bool {
        guard alwaysInSeriesRegion, let previousUpTime, let previous = primary else { return false }
        if time - previousUpTime > Chromium156Thresholds.repeatInterval.seconds { return false }
        let distance = Chromium156Thresholds.repeatDistance.value
        return squaredDistance(previous.location, location) < distance * distance
    }

    /// `IsWithinSlopForTap`: every finger within the (expanded) slop of where it went down.
    private var isWithinSlopForTap: Bool {
        guard maximumFingerCount <= 2 else { return false }
        let slop = Chromium156Thresholds.tapSlop.value
        for (id, location) in fingers {
            let origin: Point? = id == primary?.id ? primary?.location : secondary?.locations[id]
            guard let origin, squaredDistance(origin, location) <= slop * slop else { return false }
        }
        return true
    }

    /// The mean of the fingers down.
    private var focus: Point {
        guard !fingers.isEmpty else { return downFocus }
        let sum = fingers.values.reduce(Point(x: 0, y: 0)) { Point(x: $0.x + $1.x, y: $0.y + $1.y) }
        return Point(x: sum.x / Double(fingers.count), y: sum.y / Double(fingers.count))
    }

    private func squaredDistance(_ a: Point, _ b: Point) -> Double {
        (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
    }

    /// Frame times are seconds; gestures carry wl_touch milliseconds.
    private func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() }
}
