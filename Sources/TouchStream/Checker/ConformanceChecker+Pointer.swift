// MARK: - The pointer records (`run --pointer-only`): P1–P6

/// What the checker knows of the pointer from the trace's pointer records.
struct PointerState: Sendable {
    /// A button that is down: where and when it went down, and whether it was reported.
    struct Press: Sendable {
        var record: Int
        var time: UInt32
        var surface: String?
        var x: Double
        var y: Double
        /// The largest distance (logical px) the pointer moved from the press while held (P5).
        var travel = 0.0
        /// Whether a secondary button went down while this one was held (P5).
        var sawSecondary = false
    }

    /// A BTN_LEFT click already released: the first half of a possible double-click (P4).
    struct Click: Sendable {
        var record: Int
        var pressTime: UInt32
        var releaseTime: UInt32
        var surface: String?
        var x: Double
        var y: Double
    }

    /// The surface the pointer entered, until its leave.
    var focus: String?
    /// The last enter or motion position, surface-local logical px.
    var x = 0.0
    var y = 0.0
    /// Buttons down, by button code.
    var pressed: [UInt32: Press] = [:]
    /// The last released BTN_LEFT click.
    var lastClick: Click?
}

extension ConformanceChecker {
    /// BTN_LEFT and BTN_RIGHT from linux/input-event-codes.h.
    static let leftButton: UInt32 = 0x110
    static let rightButton: UInt32 = 0x111

    /// A pointer record (true when `event` was one): updates focus and buttons, reports P1–P6.
    mutating func pointerRecord(_ event: SurfaceEvent, index: Int, into findings: inout [Finding]) -> Bool {
        switch event.kind {
        case .pointerEnter:
            pointer.focus = event.surface
            moved(to: event)
        case .pointerLeave:
            releaseAll(because: "the pointer left \(Self.named(event.surface))", into: &findings)
            pointer.focus = nil
        case .pointerMotion:
            moved(to: event)
        case .pointerButton:
            button(event, index: index, into: &findings)
        case .pointerAxis, .pointerAxisSource, .pointerAxisStop, .pointerAxisDiscrete, .pointerAxisValue120,
             .pointerFrame:
            break
        default:
            return false
        }
        return true
    }

    /// The pointer records' end-of-trace findings: buttons still down (P2).
    mutating func finishPointer(into findings: inout [Finding]) {
        releaseAll(because: "the trace ends", into: &findings)
    }

    private mutating func moved(to event: SurfaceEvent) {
        guard let x = event.x, let y = event.y else { return }
        pointer.x = x.doubleValue
        pointer.y = y.doubleValue
        for (code, var press) in pointer.pressed {
            press.travel = max(press.travel, Self.distance(press.x, press.y, pointer.x, pointer.y))
            pointer.pressed[code] = press
        }
    }

    private mutating func button(_ event: SurfaceEvent, index: Int, into findings: inout [Finding]) {
        guard let code = event.button, let pressed = event.pressed, let time = event.time else { return }
        let name = Self.buttonName(code)
        if pressed, pointer.focus == nil || (event.surface != nil && event.surface != pointer.focus) {
            findings.append(ConformanceRule.p1.finding(
                "press of \(name) with no wl_pointer.enter on \(Self.named(event.surface ?? pointer.focus)) since the last leave",
                record: index, time: time, id: nil))
        }
        if pressed {
            if let held = pointer.pressed[code] {
                findings.append(ConformanceRule.p3.finding(
                    "a second press of \(name) while its press at record \(held.record) (t=\(held.time)) was not released",
                    record: index, time: time, id: nil))
            }
            if code == Self.rightButton {
                for (other, var press) in pointer.pressed where other == Self.leftButton {
                    press.sawSecondary = true
                    pointer.pressed[other] = press
                }
            }
            let press = PointerState.Press(record: index, time: time, surface: pointer.focus, x: pointer.x, y: pointer.y)
            if code == Self.leftButton { doubleClick(press, index: index, into: &findings) }
            pointer.pressed[code] = press
        } else if pointer.pressed[code] == nil {
            findings.append(ConformanceRule.p6.finding("release of \(name), which is not down", record: index,
                                                       time: time, id: nil))
        } else if let press = pointer.pressed.removeValue(forKey: code) {
            if code == Self.leftButton {
                longPress(press, endTime: time, end: "its release", into: &findings)
                pointer.lastClick = .init(record: press.record, pressTime: press.time, releaseTime: time,
                                          surface: press.surface, x: press.x, y: press.y)
            }
        }
    }

    /// P2 for every button still down (at a leave or the end), and P5 for a left button held long.
    private mutating func releaseAll(because reason: String, into findings: inout [Finding]) {
        for (code, press) in pointer.pressed.sorted(by: { $0.value.record < $1.value.record }) {
            findings.append(ConformanceRule.p2.finding(
                "\(Self.buttonName(code)), pressed at record \(press.record), is still down when \(reason)",
                record: press.record, time: press.time, id: nil))
        }
        pointer.pressed = [:]
        pointer.lastClick = nil
    }

    /// P4: a BTN_LEFT press that ends what a touch framework counts as a double tap, which a
    /// toolkit would not count as a double-click.
    private mutating func doubleClick(_ press: PointerState.Press, index: Int, into findings: inout [Finding]) {
        guard let first = pointer.lastClick, first.surface == press.surface else { return }
        pointer.lastClick = nil
        let gap = press.time &- first.releaseTime
        let interval = press.time &- first.pressTime
        let distance = Self.distance(first.x, first.y, press.x, press.y)
        guard gap <= CheckerThresholds.doubleTapGapMilliseconds, distance <= CheckerThresholds.doubleTapSlop else {
            return
        }
        var why: [String] = []
        if interval > CheckerThresholds.doubleClickMilliseconds {
            why.append("\(interval) ms after the first press (a double-click needs ≤ \(CheckerThresholds.doubleClickMilliseconds) ms)")
        }
        if distance > CheckerThresholds.doubleClickDistance {
            why.append("\(Self.text(distance)) px from it (a double-click needs ≤ \(Self.text(CheckerThresholds.doubleClickDistance)) px)")
        }
        guard !why.isEmpty else { return }
        findings.append(ConformanceRule.p4.finding(
            "two BTN_LEFT clicks \(gap) ms apart look like a double tap, but the second press is "
                + why.joined(separator: " and "), record: index, time: press.time, id: nil))
    }

    /// P5: BTN_LEFT held still for a long press with no secondary button while it was held.
    private func longPress(_ press: PointerState.Press, endTime: UInt32, end: String, into findings: inout [Finding]) {
        let held = endTime &- press.time
        guard held >= CheckerThresholds.longPressMilliseconds, press.travel <= CheckerThresholds.longPressSlop,
              !press.sawSecondary else { return }
        findings.append(ConformanceRule.p5.finding(
            "BTN_LEFT held \(held) ms within \(Self.text(press.travel)) px until \(end), with no BTN_RIGHT: "
                + "a long press that gives no secondary click", record: press.record, time: press.time, id: nil))
    }

    private static func distance(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
    }

    private static func text(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private static func named(_ surface: String?) -> String {
        surface.map { Quoted.text(Array($0.utf8)) } ?? "no surface"
    }

    private static func buttonName(_ code: UInt32) -> String {
        switch code {
        case leftButton: "BTN_LEFT"
        case rightButton: "BTN_RIGHT"
        case 0x112: "BTN_MIDDLE"
        default: "button \(code)"
        }
    }
}
