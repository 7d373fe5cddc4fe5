import TouchKit

// MARK: - wl_touch records, stored exactly as received

/// A wl_fixed_t: a signed 24.8 fixed-point number, stored as its raw 32 bits so replay is bit-identical.
public struct WLFixed: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: Int32
    /// Wraps raw wl_fixed bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// The nearest wl_fixed to `value` (ties away from zero), clamped to the representable range.
    public init(_ value: Double) {
        let scaled = (value * 256).rounded()
        rawValue = Int32(clamping: Int64(max(min(scaled, 2_147_483_647), -2_147_483_648)))
    }
    /// The exact value as a Double.
    public var doubleValue: Double { Double(rawValue) / 256 }
    public static func < (a: WLFixed, b: WLFixed) -> Bool { a.rawValue < b.rawValue }
    public var description: String { WLFixed.format(doubleValue) }

    /// Shortest decimal text that reads back to the same wl_fixed: Swift's shortest round-trip
    /// form never needs an exponent here, since the smallest non-zero magnitude is 1/256.
    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
    }
}

/// One wl_touch event, with its arguments as the protocol carries them, or a seat-capability record.
///
/// `capabilities(touch:)` is not a wl_touch event: it records the touch bit of wl_seat.capabilities,
/// written once when the seat first reports and again whenever the touch bit changes. In JSON Lines
/// traces it is `{"kind":"capabilities","touch":true}`; in the compact form `capabilities touch` or
/// `capabilities none`. Pointer and keyboard bits are not recorded: no rule about wl_touch needs them.
///
/// `flush` is not a wl_touch event either: the live client found the socket drained with touch
/// events pending and delivered them as a frame the compositor never sent (`{"kind":"flush"}`,
/// compact `flush`), so replay delivers exactly there (``ReplayAssembler``).
///
/// `surface(_:)` holds the trace version 2 and 3 records about our surfaces that are not wl_touch
/// events (keyboard focus, activation, popups, drag-and-drop, a surface our client destroyed, the
/// layer surface's configure and close: ``SurfaceEvent``); assembly and replay skip them.
public enum RawEvent: Hashable, Sendable {
    /// wl_touch.down; `surface` names the wl_surface (e.g. "wl_surface@3", or a script name).
    case down(serial: UInt32, time: UInt32, surface: String?, id: Int32, x: WLFixed, y: WLFixed)
    case up(serial: UInt32, time: UInt32, id: Int32)
    case motion(time: UInt32, id: Int32, x: WLFixed, y: WLFixed)
    case frame
    case cancel
    case shape(id: Int32, major: WLFixed, minor: WLFixed)
    case orientation(id: Int32, orientation: WLFixed)
    /// wl_seat.capabilities as it concerns wl_touch: whether the seat has touch (R13/R14 need it).
    case capabilities(touch: Bool)
    /// The live client delivered the pending events without a wl_touch.frame (the socket was drained).
    case flush
    /// Not wl_touch: what the compositor said about one of our surfaces, or what our client did to it.
    case surface(SurfaceEvent)

    /// The event's name in wayland.xml and in traces.
    public var name: String {
        switch self {
        case .down: "down"
        case .up: "up"
        case .motion: "motion"
        case .frame: "frame"
        case .cancel: "cancel"
        case .shape: "shape"
        case .orientation: "orientation"
        case .capabilities: "capabilities"
        case .flush: "flush"
        case .surface(let event): event.kind.rawValue
        }
    }

    /// The touch id the event refers to, if it names one.
    public var touchID: Int32? {
        switch self {
        case .down(_, _, _, let id, _, _), .up(_, _, let id), .motion(_, let id, _, _),
             .shape(let id, _, _), .orientation(let id, _):
            id
        case .frame, .cancel, .capabilities, .flush, .surface:
            nil
        }
    }

    /// True for a seat-capability record, which is not a wl_touch event.
    public var isCapabilities: Bool {
        if case .capabilities = self { true } else { false }
    }

    /// The surface record, for the records that are not wl_touch events about touch.
    public var surfaceEvent: SurfaceEvent? {
        if case .surface(let event) = self { event } else { nil }
    }

    /// The wl_touch time argument (ms, wrapping at 2^32), for the events that carry one.
    public var time: UInt32? {
        switch self {
        case .down(_, let t, _, _, _, _), .up(_, let t, _), .motion(let t, _, _, _): t
        default: nil
        }
    }
}

/// A recorded wl_touch event plus what the client knew when it arrived.
public struct RawRecord: Hashable, Sendable {
    public var event: RawEvent
    /// zwp_input_timestamps_v1 time in nanoseconds, when the compositor offered it.
    public var hiResTimeNanoseconds: UInt64?
    /// True when mouse emulation produced the event (never from wl_touch).
    public var isEmulated: Bool
    /// True for an event of a touch that began on the window's own controls (the control strip or
    /// client-side decorations), not on the scene: recorded, but never delivered to the scene.
    public var isControl: Bool

    /// Creates a record.
    public init(_ event: RawEvent, hiResTimeNanoseconds: UInt64? = nil, isEmulated: Bool = false,
                isControl: Bool = false) {
        self.event = event
        self.hiResTimeNanoseconds = hiResTimeNanoseconds
        self.isEmulated = isEmulated
        self.isControl = isControl
    }
}
