import TouchStream

// MARK: - What the touchscreen program in the guest writes

/// One step of the guest's touchscreen program: an input event to write, or a pause.
public enum UinputEvent: Equatable, Sendable {
    /// An input event by its evdev names (`EV_ABS ABS_MT_SLOT 0`, `EV_SYN SYN_REPORT 0`).
    case event(type: String, code: String, value: Int)
    /// A pause before the next event, in milliseconds.
    case wait(milliseconds: UInt32)
    /// The events after it go to touchscreen `index` of a device setup (0 is the first).
    case device(index: Int)

    /// The line the guest's program reads: `EV_ABS ABS_X 962` or `wait 50`.
    public var line: String {
        switch self {
        case .event(let type, let code, let value): "\(type) \(code) \(value)"
        case .wait(let milliseconds): "wait \(milliseconds)"
        case .device(let index): "device \(index)"
        }
    }

    static func abs(_ code: String, _ value: Int) -> UinputEvent { .event(type: "EV_ABS", code: code, value: value) }
    static let report = UinputEvent.event(type: "EV_SYN", code: "SYN_REPORT", value: 0)
}

/// A compact touch script as the event list of a multitouch (type B) touchscreen.
///
/// Each wl_touch id gets the lowest free slot while it is down and a tracking id of its own;
/// `frame` is a SYN_REPORT, and BTN_TOUCH follows whether any touch is down. The single-touch
/// axes ABS_X/ABS_Y follow the oldest touch, as the kernel's pointer emulation does. Pauses
/// keep the script's clock: the time between two events (explicit `t=`, 8 ms per frame,
/// `sleep`) becomes a `wait`. Coordinates are output pixels, sent as the nearest device units.
public enum UinputScript {
    /// The events for `items`; throws a one-line error naming the first item a touchscreen cannot
    /// send (cancel, shape, orientation, surface records) or an id used wrongly.
    public static func events(for items: [ScriptItem], axes: TouchscreenAxes, name: String) throws -> [UinputEvent] {
        var converter = Converter(axes: axes, name: name)
        for (index, item) in items.enumerated() { try converter.add(item, index: index + 1) }
        return converter.events
    }

    /// The event list as the guest program's input, one line each.
    public static func text(_ events: [UinputEvent]) -> String {
        events.map { $0.line + "\n" }.joined()
    }

    private struct Converter {
        let axes: TouchscreenAxes
        let name: String
        var events: [UinputEvent] = []
        /// Slot per wl_touch id, for the touches that are down, in landing order.
        var slots: [(id: Int32, slot: Int)] = []
        var nextTrackingID = 1
        var clock: UInt32?
        var currentSlot: Int?
        var touching = false

        init(axes: TouchscreenAxes, name: String) {
            self.axes = axes
            self.name = name
        }

        mutating func add(_ item: ScriptItem, index: Int) throws {
            switch item {
            case .sleep(let milliseconds):
                events.append(.wait(milliseconds: milliseconds))
                clock = clock.map { $0 &+ milliseconds }
            case .record(let record):
                try add(record.event, index: index)
            }
        }

        mutating func add(_ event: RawEvent, index: Int) throws {
            switch event {
            case .down(_, let time, _, let id, let x, let y):
                advance(to: time)
                guard !slots.contains(where: { $0.id == id }) else { throw error(index, "down \(id): that id is already down") }
                guard let slot = (0..<axes.slots).first(where: { free in !slots.contains { $0.slot == free } }) else {
                    throw error(index, "down \(id): all \(axes.slots) slots of the touchscreen are in use")
                }
                slots.append((id, slot))
                select(slot)
                events.append(.abs("ABS_MT_TRACKING_ID", nextTrackingID))
                nextTrackingID += 1
                position(x: x.doubleValue, y: y.doubleValue, single: slots.count == 1)
            case .motion(let time, let id, let x, let y):
                advance(to: time)
                guard let entry = slots.firstIndex(where: { $0.id == id }) else { throw error(index, "motion \(id): that id is not down") }
                select(slots[entry].slot)
                position(x: x.doubleValue, y: y.doubleValue, single: entry == 0)
            case .up(_, let time, let id):
                advance(to: time)
                guard let entry = slots.firstIndex(where: { $0.id == id }) else { throw error(index, "up \(id): that id is not down") }
                select(slots[entry].slot)
                events.append(.abs("ABS_MT_TRACKING_ID", -1))
                slots.remove(at: entry)
            case .frame:
                let down = !slots.isEmpty
                if down != touching {
                    events.append(.event(type: "EV_KEY", code: "BTN_TOUCH", value: down ? 1 : 0))
                    touching = down
                }
                events.append(UinputEvent.report)
            default:
                throw error(index, "\(event.name) cannot be sent by a touchscreen (down, motion, up, frame and sleep can)")
            }
        }

        mutating func advance(to time: UInt32) {
            if let clock, time != clock, time &- clock < 1 << 31 { events.append(.wait(milliseconds: time &- clock)) }
            clock = time
        }

        mutating func select(_ slot: Int) {
            guard slot != currentSlot else { return }
            events.append(.abs("ABS_MT_SLOT", slot))
            currentSlot = slot
        }

        mutating func position(x: Double, y: Double, single: Bool) {
            let unitX = axes.unitX(x), unitY = axes.unitY(y)
            events.append(.abs("ABS_MT_POSITION_X", unitX))
            events.append(.abs("ABS_MT_POSITION_Y", unitY))
            if single {
                events.append(.abs("ABS_X", unitX))
                events.append(.abs("ABS_Y", unitY))
            }
        }

        func error(_ index: Int, _ message: String) -> KernelLaneError {
            KernelLaneError("\(name): item \(index): \(message)", status: 1)
        }
    }
}
