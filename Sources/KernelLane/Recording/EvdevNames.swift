// MARK: - The evdev names a summary and an error show

/// Names of the evdev types, axes and properties a touchscreen uses (linux/input-event-codes.h);
/// other codes show as their number.
public enum EvdevNames {
    /// `EV_SYN`, `EV_KEY`, `EV_ABS`.
    public static let syn = 0, key = 1, abs = 3
    /// `ABS_MT_SLOT`, `ABS_MT_POSITION_X`, `ABS_MT_POSITION_Y`, `ABS_MT_TRACKING_ID`.
    public static let slot = 0x2f, positionX = 0x35, positionY = 0x36, trackingID = 0x39
    /// `INPUT_PROP_DIRECT`: a touchscreen rather than a touchpad.
    public static let direct = 1

    static let types = [0: "EV_SYN", 1: "EV_KEY", 2: "EV_REL", 3: "EV_ABS", 4: "EV_MSC", 5: "EV_SW", 0x11: "EV_LED",
                        0x12: "EV_SND", 0x14: "EV_REP", 0x15: "EV_FF"]
    static let axes = [
        0x00: "ABS_X", 0x01: "ABS_Y", 0x02: "ABS_Z", 0x18: "ABS_PRESSURE", 0x19: "ABS_DISTANCE",
        0x1a: "ABS_TILT_X", 0x1b: "ABS_TILT_Y", 0x2f: "ABS_MT_SLOT", 0x30: "ABS_MT_TOUCH_MAJOR",
        0x31: "ABS_MT_TOUCH_MINOR", 0x32: "ABS_MT_WIDTH_MAJOR", 0x33: "ABS_MT_WIDTH_MINOR", 0x34: "ABS_MT_ORIENTATION",
        0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y", 0x37: "ABS_MT_TOOL_TYPE", 0x38: "ABS_MT_BLOB_ID",
        0x39: "ABS_MT_TRACKING_ID", 0x3a: "ABS_MT_PRESSURE", 0x3b: "ABS_MT_DISTANCE", 0x3c: "ABS_MT_TOOL_X",
        0x3d: "ABS_MT_TOOL_Y",
    ]

    /// `EV_ABS`, or `EV_0x1f` for a type without a name here.
    public static func type(_ type: Int) -> String { types[type] ?? "EV_0x" + String(type, radix: 16) }

    /// `ABS_MT_POSITION_X`, or `EV_KEY 0x14a` for a code without a name here.
    public static func code(_ type: Int, _ code: Int) -> String {
        if type == abs, let name = axes[code] { return name }
        return "\(Self.type(type)) 0x" + String(code, radix: 16)
    }
}
