import Foundation

// MARK: - What a touchscreen recording holds, in a few lines

/// A touchscreen recording summed up: its axes with ranges and resolution, its slots, how many
/// contacts touched down and over how long.
public struct RecordingSummary: Equatable, Sendable {
    /// One position (or other) axis: its name, range and units per millimetre (0: unknown).
    public struct Axis: Equatable, Sendable {
        public var name: String
        public var minimum: Int
        public var maximum: Int
        public var resolution: Int

        /// An axis named `name` over `minimum`...`maximum`.
        public init(name: String, minimum: Int, maximum: Int, resolution: Int) {
            self.name = name
            self.minimum = minimum
            self.maximum = maximum
            self.resolution = resolution
        }
    }

    /// The device's name.
    public var name: String
    /// The axes, position axes first.
    public var axes: [Axis]
    /// How many contacts the device tracks at once.
    public var slots: Int
    /// How many contacts touched down in the recording.
    public var contacts: Int
    /// From the first to the last event or report, in seconds.
    public var duration: Double
    /// Events (evdev) or reports (HID) recorded.
    public var count: Int

    /// The summary, or nil with the reason when the recording is not of a touchscreen.
    public static func of(_ recording: Recording) -> Result<RecordingSummary, KernelLaneError> {
        recording.isHID ? hid(recording) : evdev(recording)
    }

    /// The lines `import` prints.
    public func lines(source: Recording) -> [String] {
        let id = String(format: "bus 0x%02x, vendor 0x%04x, product 0x%04x", source.bustype, source.vendor, source.product)
        var lines = ["\(name): touchscreen (\(source.source.rawValue); \(id))"]
        for axis in axes {
            let resolution = axis.resolution > 0 ? "\(axis.resolution) units/mm" : "resolution unknown"
            lines.append("  \(axis.name) \(axis.minimum)..\(axis.maximum), \(resolution)")
        }
        lines.append("  slots: \(slots)")
        let unit = source.isHID ? "reports" : "events"
        lines.append(String(format: "  contacts: %d in %.3f s (%d %@)", contacts, duration, count, unit))
        return lines
    }

    /// The position axis' range along x and y: what a replay's touches are stretched from.
    public var positionX: Axis? { axes.first { $0.name == "ABS_MT_POSITION_X" || $0.name == "X" } }
    public var positionY: Axis? { axes.first { $0.name == "ABS_MT_POSITION_Y" || $0.name == "Y" } }

    private static func evdev(_ recording: Recording) -> Result<RecordingSummary, KernelLaneError> {
        let axes = recording.codes[EvdevNames.abs] ?? []
        guard axes.contains(EvdevNames.positionX), axes.contains(EvdevNames.positionY) else {
            return .failure(KernelLaneError("\(recording.name): not a touchscreen (no ABS_MT_POSITION_X and ABS_MT_POSITION_Y)", status: 1))
        }
        guard recording.properties.contains(EvdevNames.direct) else {
            return .failure(KernelLaneError("\(recording.name): not a touchscreen (no INPUT_PROP_DIRECT: a touchpad or tablet)", status: 1))
        }
        // Position axes first, then the rest in code order; the slot and tracking id are no axes to map.
        let order = [EvdevNames.positionX, EvdevNames.positionY, 0, 1]
        let codes = order.filter(axes.contains) + axes.filter { !order.contains($0) && $0 != EvdevNames.slot && $0 != EvdevNames.trackingID }
        let summaryAxes = codes.compactMap { code in
            recording.absinfo[code].map { Axis(name: EvdevNames.code(EvdevNames.abs, code), minimum: $0.minimum, maximum: $0.maximum,
                                               resolution: $0.resolution) }
        }
        let slots = recording.absinfo[EvdevNames.slot].map { $0.maximum - $0.minimum + 1 } ?? 1
        let contacts = recording.events.filter { $0.type == EvdevNames.abs && $0.code == EvdevNames.trackingID && $0.value != -1 }.count
        let duration = Double((recording.events.last?.time ?? 0) - (recording.events.first?.time ?? 0)) / 1_000_000
        return .success(RecordingSummary(name: recording.name, axes: summaryAxes, slots: slots, contacts: contacts,
                                         duration: duration, count: recording.events.count))
    }

    private static func hid(_ recording: Recording) -> Result<RecordingSummary, KernelLaneError> {
        guard let descriptor = try? HIDDescriptor.parse(recording.descriptor) else {
            return .failure(KernelLaneError("\(recording.name): the report descriptor is malformed", status: 1))
        }
        typealias Usage = HIDDescriptor.Usage
        let touch = descriptor.fields.filter { $0.application == Usage.touchScreen }
        guard let x = touch.first(where: { $0.usage == Usage.x }), let y = touch.first(where: { $0.usage == Usage.y }),
              touch.contains(where: { $0.usage == Usage.tipSwitch }) else {
            return .failure(KernelLaneError("\(recording.name): not a touchscreen (no Touch Screen collection with X, Y and Tip Switch)", status: 1))
        }
        let fingers = Set(touch.filter { $0.usage == Usage.x }.map(\.collection)).count
        let maximum = descriptor.features.first { $0.usage == Usage.contactCountMaximum }?.logicalMaximum
        let contacts = HIDContacts.count(recording.reports, descriptor: descriptor)
        let duration = Double((recording.reports.last?.time ?? 0) - (recording.reports.first?.time ?? 0)) / 1_000_000
        return .success(RecordingSummary(
            name: recording.name, axes: [axis("X", x), axis("Y", y)], slots: maximum ?? fingers, contacts: contacts,
            duration: duration, count: recording.reports.count))
    }

    /// The axis the kernel makes of a HID field: its logical range, and its resolution as
    /// hidinput_calc_abs_res computes it (centimetres or inches of physical range).
    static func axis(_ name: String, _ field: HIDDescriptor.Field) -> Axis {
        var logical = field.logicalMaximum - field.logicalMinimum
        var physical = field.physicalMaximum - field.physicalMinimum
        var exponent = field.unitExponent
        var resolution = 0
        if logical > 0, physical > 0, field.unit == 0x11 || field.unit == 0x13 {
            if field.unit == 0x11 { exponent += 1 } else { physical *= 254; exponent -= 1 }
            while exponent < 0 { logical *= 10; exponent += 1 }
            while exponent > 0 { physical *= 10; exponent -= 1 }
            resolution = (logical + physical / 2) / physical
        }
        return Axis(name: name, minimum: field.logicalMinimum, maximum: field.logicalMaximum, resolution: resolution)
    }
}

/// Contacts of HID touchscreen reports: each finger collection's Tip Switch and Contact
/// Identifier, up to the report's Contact Count (hybrid mode spreads one frame over several reports).
enum HIDContacts {
    static func count(_ reports: [HIDReport], descriptor: HIDDescriptor) -> Int {
        typealias Usage = HIDDescriptor.Usage
        let touch = descriptor.fields.filter { $0.application == Usage.touchScreen }
        var down = Set<Int>(), contacts = 0, remaining = 0
        for report in reports {
            let id = descriptor.numbered ? report.bytes.first ?? 0 : 0
            let fields = touch.filter { $0.reportID == id }
            let fingers = Dictionary(grouping: fields.filter { $0.collection >= 0 }, by: \.collection).sorted { $0.key < $1.key }
            guard fingers.contains(where: { $0.value.contains { $0.usage == Usage.tipSwitch } }) else { continue }
            if let countField = fields.first(where: { $0.usage == Usage.contactCount }) {
                let count = descriptor.value(of: countField, in: report.bytes)
                if count > 0 { remaining = count }
            } else {
                remaining = fingers.count
            }
            for (index, finger) in fingers.enumerated() where index < remaining {
                guard let tip = finger.value.first(where: { $0.usage == Usage.tipSwitch }) else { continue }
                let contact = finger.value.first { $0.usage == Usage.contactID }.map { descriptor.value(of: $0, in: report.bytes) } ?? index
                if descriptor.value(of: tip, in: report.bytes) != 0 {
                    if down.insert(contact).inserted { contacts += 1 }
                } else {
                    down.remove(contact)
                }
            }
            remaining = max(0, remaining - fingers.count)
        }
        return contacts
    }
}
