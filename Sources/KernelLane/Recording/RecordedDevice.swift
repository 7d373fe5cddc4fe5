// MARK: - A recorded input device and what it sent

/// One absolute axis as the kernel describes it (`struct input_absinfo`, without its value).
public struct AbsInfo: Equatable, Sendable {
    /// The smallest value the axis reports.
    public var minimum: Int
    /// The largest value the axis reports.
    public var maximum: Int
    /// The kernel's noise filter width.
    public var fuzz: Int
    /// The dead zone around the centre (joysticks).
    public var flat: Int
    /// Units per millimetre (0: unknown).
    public var resolution: Int

    /// An axis with these values.
    public init(minimum: Int, maximum: Int, fuzz: Int = 0, flat: Int = 0, resolution: Int = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// One evdev event of a recording, with the recording's own time.
public struct RecordedEvent: Equatable, Sendable {
    /// The kernel's timestamp: seconds.
    public var seconds: Int
    /// The kernel's timestamp: microseconds within the second.
    public var microseconds: Int
    /// `EV_*` type, code and value as in `struct input_event`.
    public var type: Int
    public var code: Int
    public var value: Int

    /// An event at `seconds`.`microseconds`.
    public init(seconds: Int, microseconds: Int, type: Int, code: Int, value: Int) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// The timestamp in microseconds.
    public var time: Int { seconds * 1_000_000 + microseconds }
}

/// One HID input report of a hid-recorder file: the bytes the device sent (report id first when
/// its descriptor numbers reports).
public struct HIDReport: Equatable, Sendable {
    /// The recording's timestamp: seconds.
    public var seconds: Int
    /// The recording's timestamp: microseconds within the second.
    public var microseconds: Int
    /// The report's bytes.
    public var bytes: [UInt8]

    /// A report at `seconds`.`microseconds`.
    public init(seconds: Int, microseconds: Int, bytes: [UInt8]) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.bytes = bytes
    }

    /// The timestamp in microseconds.
    public var time: Int { seconds * 1_000_000 + microseconds }
}

/// A recorded device: what the kernel said about it (evdev recordings) or its HID report
/// descriptor (hid-recorder), and what it sent.
public struct Recording: Equatable, Sendable {
    /// The file format the recording was read from.
    public enum Source: String, Sendable {
        /// `libinput record`'s YAML.
        case libinputRecord = "libinput-record"
        /// `evemu-record`'s N:/I:/P:/B:/A: header and E: lines.
        case evemu
        /// hid-tools' `hid-recorder`: R: descriptor and E: reports.
        case hidRecorder = "hid-recorder"
    }

    /// The format it was read from.
    public var source: Source
    /// The device's name.
    public var name: String
    /// Bus type, vendor, product and version (`struct input_id`).
    public var bustype: Int
    public var vendor: Int
    public var product: Int
    public var version: Int
    /// `INPUT_PROP_*` numbers the device has.
    public var properties: [Int] = []
    /// The event codes of each event type (`EV_KEY` → its `BTN_*`/`KEY_*` codes), sorted.
    public var codes: [Int: [Int]] = [:]
    /// Each absolute axis' range and resolution, by `ABS_*` code.
    public var absinfo: [Int: AbsInfo] = [:]
    /// The evdev events, in recorded order (evdev recordings).
    public var events: [RecordedEvent] = []
    /// The HID report descriptor (hid-recorder; libinput record keeps it too when sysfs had it).
    public var descriptor: [UInt8] = []
    /// The HID input reports, in recorded order (hid-recorder).
    public var reports: [HIDReport] = []

    /// A recording of a device with no bits yet.
    public init(source: Source, name: String, bustype: Int, vendor: Int, product: Int, version: Int) {
        self.source = source
        self.name = name
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }

    /// Whether the recording replays as HID reports through /dev/uhid (else as evdev events through uinput).
    public var isHID: Bool { source == .hidRecorder }
}
