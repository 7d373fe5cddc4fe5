/// One input event our X11 window received, as the X server sent it (coordinates unconverted).
public struct X11InputEvent: Equatable, Sendable {
    /// Which protocol path delivered it: XI 2.2 touch, XI 2 pointer, or core pointer.
    public enum Kind: String, Sendable, CaseIterable {
        case touchBegin = "xi-touch-begin", touchUpdate = "xi-touch-update", touchEnd = "xi-touch-end"
        case buttonPress = "xi-button-press", buttonRelease = "xi-button-release", motion = "xi-motion"
        case coreButtonPress = "core-button-press", coreButtonRelease = "core-button-release", coreMotion = "core-motion"

        /// Whether the event came through the core protocol (no device, no flags, integer coordinates).
        public var isCore: Bool { self == .coreButtonPress || self == .coreButtonRelease || self == .coreMotion }
    }

    /// XIPointerEmulated: the server made this pointer event up from a touch.
    public static let pointerEmulatedFlag: UInt32 = 0x1_0000
    /// XITouchEmulatingPointer: this touch is the one the server turns into pointer events.
    public static let touchEmulatingPointerFlag: UInt32 = 0x2_0000

    public var kind: Kind
    /// X server time in ms (wraps at 2^32).
    public var time: UInt32
    /// XI device id (the master the event came through; 0 for core events).
    public var device: UInt16
    /// XI source device id (the slave; 0 for core events).
    public var source: UInt16
    /// Touch id for touch events, button number for button events, 0 for motion.
    public var detail: UInt32
    /// Window-relative position in FP16.16 as received (core integers are shifted into FP16.16).
    public var eventX: Int32, eventY: Int32
    /// Root-relative position in FP16.16 as received.
    public var rootX: Int32, rootY: Int32
    /// XI event flags (0 for core events).
    public var flags: UInt32

    public init(kind: Kind, time: UInt32, device: UInt16, source: UInt16, detail: UInt32,
                eventX: Int32, eventY: Int32, rootX: Int32, rootY: Int32, flags: UInt32) {
        self.kind = kind
        self.time = time
        self.device = device
        self.source = source
        self.detail = detail
        self.eventX = eventX
        self.eventY = eventY
        self.rootX = rootX
        self.rootY = rootY
        self.flags = flags
    }

    /// Whether the X server marked this pointer event as emulated from a touch.
    public var isPointerEmulated: Bool { flags & Self.pointerEmulatedFlag != 0 }
    /// The window-relative position in pixels.
    public var windowPosition: (x: Double, y: Double) { (Double(eventX) / 65536, Double(eventY) / 65536) }
}

/// Where our window is: the size and parent-relative origin of a ConfigureNotify, and its root-relative origin.
public struct X11WindowGeometry: Equatable, Sendable {
    public var x: Int32, y: Int32, width: UInt32, height: UInt32
    public var rootX: Int32, rootY: Int32

    public init(x: Int32, y: Int32, width: UInt32, height: UInt32, rootX: Int32, rootY: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.rootX = rootX
        self.rootY = rootY
    }
}
