import CompositorDrivers
import TouchStream

// MARK: - A script through a device setup's touchscreens

/// A compact script (global logical coordinates: where fingers touch the glass) as the event list
/// of a ``DeviceSetup``'s touchscreens: each finger goes to the touchscreen that plays its id, at
/// the units ``TouchPlacement`` gives; a `frame` is a SYN_REPORT on every touchscreen that changed
/// since the last one. Slots, tracking ids, BTN_TOUCH and the single-touch axes follow the
/// kernel's type B protocol as for the lane's usual touchscreen (``UinputScript``); the palm finger
/// of a touchscreen that has one says MT_TOOL_FINGER as it lands and MT_TOOL_PALM from its first
/// motion on.
public enum SetupScript {
    /// The events for `items`; throws a one-line error naming the first item a touchscreen cannot send.
    public static func events(for items: [ScriptItem], placement: TouchPlacement, slots: Int, name: String) throws -> [UinputEvent] {
        var converter = Converter(placement: placement, slots: slots, name: name)
        for (index, item) in items.enumerated() {
            switch item {
            case .sleep(let milliseconds):
                converter.events.append(.wait(milliseconds: milliseconds))
                converter.clock = converter.clock.map { $0 &+ milliseconds }
            case .record(let record):
                try converter.add(record.event, index: index + 1)
            }
        }
        return converter.events
    }

    /// One touchscreen's state while the script is converted.
    private struct Device {
        var slots: [(id: Int32, slot: Int)] = []
        var currentSlot: Int?
        var touching = false
        var changed = false
        var palmed: Set<Int32> = []
    }

    private struct Converter {
        let placement: TouchPlacement
        let slotCount: Int
        let name: String
        var devices: [Device]
        var events: [UinputEvent] = []
        var clock: UInt32?
        var nextTrackingID = 1
        var selected: Int?

        init(placement: TouchPlacement, slots: Int, name: String) {
            self.placement = placement
            slotCount = slots
            self.name = name
            devices = Array(repeating: Device(), count: placement.setup.touchscreens.count)
        }

        mutating func add(_ event: RawEvent, index: Int) throws {
            switch event {
            case .down(_, let time, _, let id, let x, let y):
                advance(to: time)
                let screen = placement.setup.touchscreen(for: id)
                guard !devices[screen].slots.contains(where: { $0.id == id }) else { throw error(index, "down \(id): that id is already down") }
                guard let slot = (0..<slotCount).first(where: { free in !devices[screen].slots.contains { $0.slot == free } }) else {
                    throw error(index, "down \(id): all \(slotCount) slots of the touchscreen are in use")
                }
                devices[screen].slots.append((id, slot))
                select(screen, slot: slot)
                emit(.abs("ABS_MT_TRACKING_ID", nextTrackingID))
                nextTrackingID += 1
                if placement.setup.touchscreens[screen].palmFinger != nil { emit(.abs("ABS_MT_TOOL_TYPE", 0)) }
                position(screen, x: x.doubleValue, y: y.doubleValue, single: devices[screen].slots.count == 1)
            case .motion(let time, let id, let x, let y):
                advance(to: time)
                let screen = placement.setup.touchscreen(for: id)
                guard let entry = devices[screen].slots.firstIndex(where: { $0.id == id }) else { throw error(index, "motion \(id): that id is not down") }
                select(screen, slot: devices[screen].slots[entry].slot)
                if placement.setup.touchscreens[screen].palmFinger == id, devices[screen].palmed.insert(id).inserted {
                    emit(.abs("ABS_MT_TOOL_TYPE", 2))
                }
                position(screen, x: x.doubleValue, y: y.doubleValue, single: entry == 0)
            case .up(_, let time, let id):
                advance(to: time)
                let screen = placement.setup.touchscreen(for: id)
                guard let entry = devices[screen].slots.firstIndex(where: { $0.id == id }) else { throw error(index, "up \(id): that id is not down") }
                select(screen, slot: devices[screen].slots[entry].slot)
                emit(.abs("ABS_MT_TRACKING_ID", -1))
                devices[screen].slots.remove(at: entry)
            case .frame:
                for screen in devices.indices where devices[screen].changed {
                    choose(screen)
                    let down = !devices[screen].slots.isEmpty
                    if down != devices[screen].touching {
                        emit(.event(type: "EV_KEY", code: "BTN_TOUCH", value: down ? 1 : 0))
                        devices[screen].touching = down
                    }
                    emit(UinputEvent.report)
                    devices[screen].changed = false
                }
            default:
                throw error(index, "\(event.name) cannot be sent by a touchscreen (down, motion, up, frame and sleep can)")
            }
        }

        mutating func advance(to time: UInt32) {
            if let clock, time != clock, time &- clock < 1 << 31 { events.append(.wait(milliseconds: time &- clock)) }
            clock = time
        }

        /// Makes `screen` the touchscreen the next events go to.
        mutating func choose(_ screen: Int) {
            guard selected != screen else { return }
            events.append(.device(index: screen))
            selected = screen
        }

        mutating func select(_ screen: Int, slot: Int) {
            choose(screen)
            devices[screen].changed = true
            guard slot != devices[screen].currentSlot else { return }
            emit(.abs("ABS_MT_SLOT", slot))
            devices[screen].currentSlot = slot
        }

        mutating func emit(_ event: UinputEvent) { events.append(event) }

        mutating func position(_ screen: Int, x: Double, y: Double, single: Bool) {
            let units = placement.units(x: x, y: y, screen: screen)
            emit(.abs("ABS_MT_POSITION_X", units.x))
            emit(.abs("ABS_MT_POSITION_Y", units.y))
            if single {
                emit(.abs("ABS_X", units.x))
                emit(.abs("ABS_Y", units.y))
            }
        }

        func error(_ index: Int, _ message: String) -> KernelLaneError {
            KernelLaneError("\(name): item \(index): \(message)", status: 1)
        }
    }
}
