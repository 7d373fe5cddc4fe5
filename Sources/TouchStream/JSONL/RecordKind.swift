// MARK: - Record kinds and their fields

/// The `kind` of a record line, with the keys each kind requires and allows.
enum RecordKind: Equatable {
    case down, up, motion, frame, cancel, shape, orientation, capabilities, flush
    /// A trace version 2 or 3 record about one of our surfaces (``SurfaceEventKind``).
    case surfaceEvent(SurfaceEventKind)

    init?(_ name: UnsafeBufferPointer<UInt8>) {
        switch name.count {
        case 2 where Self.equal(name, "up"): self = .up
        case 4 where Self.equal(name, "down"): self = .down
        case 5 where Self.equal(name, "frame"): self = .frame
        case 5 where Self.equal(name, "shape"): self = .shape
        case 5 where Self.equal(name, "flush"): self = .flush
        case 6 where Self.equal(name, "motion"): self = .motion
        case 6 where Self.equal(name, "cancel"): self = .cancel
        case 11 where Self.equal(name, "orientation"): self = .orientation
        case 12 where Self.equal(name, "capabilities"): self = .capabilities
        default:
            // Rarer than touch records: the allocation is off the hot path.
            guard let kind = SurfaceEventKind(rawValue: String(decoding: name, as: UTF8.self)) else { return nil }
            self = .surfaceEvent(kind)
        }
    }

    var name: String {
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
        case .surfaceEvent(let kind): kind.rawValue
        }
    }

    /// Keys that must be present.
    var required: UInt64 {
        switch self {
        case .down: RecordKey.serial.bit | RecordKey.time.bit | RecordKey.id.bit | RecordKey.x.bit | RecordKey.y.bit
        case .up: RecordKey.serial.bit | RecordKey.time.bit | RecordKey.id.bit
        case .motion: RecordKey.time.bit | RecordKey.id.bit | RecordKey.x.bit | RecordKey.y.bit
        case .frame, .cancel, .flush: 0
        case .shape: RecordKey.id.bit | RecordKey.major.bit | RecordKey.minor.bit
        case .orientation: RecordKey.id.bit | RecordKey.orientation.bit
        case .capabilities: RecordKey.touch.bit
        case .surfaceEvent(let kind): Self.mask(kind.required)
        }
    }

    /// The bits of the keys that carry `fields` (x and y with their decimal copies).
    private static func mask(_ fields: Set<SurfaceEventField>) -> UInt64 {
        fields.reduce(0) { $0 | RecordKey.carrying($1).bit }
    }

    /// Keys that may be present.
    var allowed: UInt64 {
        let common = RecordKey.hires.bit | RecordKey.emulated.bit | RecordKey.control.bit
        return switch self {
        case .down: required | common | RecordKey.surface.bit | RecordKey.xf.bit | RecordKey.yf.bit
        case .motion: required | common | RecordKey.xf.bit | RecordKey.yf.bit
        case .shape: required | common | RecordKey.majorf.bit | RecordKey.minorf.bit
        case .orientation: required | common | RecordKey.orientationf.bit
        case .up, .frame, .cancel, .capabilities, .flush: required | common
        case .surfaceEvent(let kind):
            kind.allowed.contains(.x) ? Self.mask(kind.allowed) | RecordKey.xf.bit | RecordKey.yf.bit
                : Self.mask(kind.allowed)
        }
    }

    func event(_ f: RecordFields) -> RawEvent {
        switch self {
        case .down: .down(serial: f.serial, time: f.time, surface: f.surface, id: f.id,
                          x: WLFixed(rawValue: f.x), y: WLFixed(rawValue: f.y))
        case .up: .up(serial: f.serial, time: f.time, id: f.id)
        case .motion: .motion(time: f.time, id: f.id, x: WLFixed(rawValue: f.x), y: WLFixed(rawValue: f.y))
        case .frame: .frame
        case .cancel: .cancel
        case .shape: .shape(id: f.id, major: WLFixed(rawValue: f.major), minor: WLFixed(rawValue: f.minor))
        case .orientation: .orientation(id: f.id, orientation: WLFixed(rawValue: f.orientation))
        case .capabilities: .capabilities(touch: f.touch)
        case .flush: .flush
        case .surfaceEvent(let kind): .surface(Self.surfaceEvent(kind, f))
        }
    }

    /// The record's fields: those the kind requires, and the optional surface, mime and text.
    private static func surfaceEvent(_ kind: SurfaceEventKind, _ f: RecordFields) -> SurfaceEvent {
        let has = kind.required
        return SurfaceEvent(kind, surface: f.surface, serial: has.contains(.serial) ? f.serial : nil,
                            time: has.contains(.time) ? f.time : nil,
                            x: has.contains(.x) ? WLFixed(rawValue: f.x) : nil,
                            y: has.contains(.y) ? WLFixed(rawValue: f.y) : nil,
                            width: has.contains(.width) ? f.width : nil, height: has.contains(.height) ? f.height : nil,
                            active: has.contains(.active) ? f.active : nil, mime: f.mime,
                            action: has.contains(.action) ? f.action : nil,
                            states: has.contains(.states) ? f.states : nil, text: f.text,
                            code: has.contains(.code) ? f.code : nil, before: has.contains(.before) ? f.before : nil,
                            after: has.contains(.after) ? f.after : nil, button: has.contains(.button) ? f.button : nil,
                            pressed: has.contains(.pressed) ? f.pressed : nil,
                            axis: has.contains(.axis) ? f.axis : nil, value: has.contains(.value) ? f.value : nil,
                            device: has.contains(.device) ? f.device : nil,
                            detail: has.contains(.detail) ? f.detail : nil,
                            flags: has.contains(.flags) ? f.flags : nil,
                            ex: has.contains(.ex) ? f.ex : nil, ey: has.contains(.ey) ? f.ey : nil,
                            rx: has.contains(.rx) ? f.rx : nil, ry: has.contains(.ry) ? f.ry : nil)
    }

    /// The key a key string names, if any.
    static func key(_ name: UnsafeBufferPointer<UInt8>) -> RecordKey? {
        guard name.count <= 8 else {
            if equal(name, "orientation") { return .orientation }
            if equal(name, "orientationf") { return .orientationf }
            return nil
        }
        // Keys of up to 8 bytes compare as one little-endian word.
        var word: UInt64 = 0
        for k in 0..<name.count { word |= UInt64(name[k]) << (8 * UInt64(k)) }
        switch word {
        case Words.x: return .x
        case Words.y: return .y
        case Words.id: return .id
        case Words.xf: return .xf
        case Words.yf: return .yf
        case Words.kind: return .kind
        case Words.touch: return .touch
        case Words.time: return .time
        case Words.major: return .major
        case Words.minor: return .minor
        case Words.hires: return .hires
        case Words.serial: return .serial
        case Words.majorf: return .majorf
        case Words.minorf: return .minorf
        case Words.surface: return .surface
        case Words.emulated: return .emulated
        case Words.control: return .control
        case Words.width: return .width
        case Words.height: return .height
        case Words.active: return .active
        case Words.mime: return .mime
        case Words.action: return .action
        case Words.states: return .states
        case Words.text: return .text
        case Words.code: return .code
        case Words.before: return .before
        case Words.after: return .after
        case Words.button: return .button
        case Words.pressed: return .pressed
        case Words.axis: return .axis
        case Words.value: return .value
        case Words.device: return .device
        case Words.detail: return .detail
        case Words.flags: return .flags
        case Words.ex: return .ex
        case Words.ey: return .ey
        case Words.rx: return .rx
        case Words.ry: return .ry
        default: return nil
        }
    }

    /// Short key names as little-endian words (bytes of the name, first byte lowest), for ``key(_:)``;
    /// literals rather than computed statics so the switch compiles to plain compares.
    private enum Words {
        static let x: UInt64 = 0x78 // "x"
        static let y: UInt64 = 0x79 // "y"
        static let id: UInt64 = 0x6469 // "id"
        static let xf: UInt64 = 0x6678 // "xf"
        static let yf: UInt64 = 0x6679 // "yf"
        static let kind: UInt64 = 0x646e696b // "kind"
        static let time: UInt64 = 0x656d6974 // "time"
        static let major: UInt64 = 0x726f6a616d // "major"
        static let minor: UInt64 = 0x726f6e696d // "minor"
        static let hires: UInt64 = 0x7365726968 // "hires"
        static let touch: UInt64 = 0x6863756f74 // "touch"
        static let serial: UInt64 = 0x6c6169726573 // "serial"
        static let majorf: UInt64 = 0x66726f6a616d // "majorf"
        static let minorf: UInt64 = 0x66726f6e696d // "minorf"
        static let surface: UInt64 = 0x65636166727573 // "surface"
        static let emulated: UInt64 = 0x646574616c756d65 // "emulated"
        static let control: UInt64 = 0x6c6f72746e6f63 // "control"
        static let width: UInt64 = 0x6874646977 // "width"
        static let height: UInt64 = 0x746867696568 // "height"
        static let active: UInt64 = 0x657669746361 // "active"
        static let mime: UInt64 = 0x656d696d // "mime"
        static let action: UInt64 = 0x6e6f69746361 // "action"
        static let states: UInt64 = 0x736574617473 // "states"
        static let text: UInt64 = 0x74786574 // "text"
        static let code: UInt64 = 0x65646f63 // "code"
        static let before: UInt64 = 0x65726f666562 // "before"
        static let after: UInt64 = 0x7265746661 // "after"
        static let button: UInt64 = 0x6e6f74747562 // "button"
        static let pressed: UInt64 = 0x64657373657270 // "pressed"
        static let axis: UInt64 = 0x73697861 // "axis"
        static let value: UInt64 = 0x65756c6176 // "value"
        static let device: UInt64 = 0x656369766564 // "device"
        static let detail: UInt64 = 0x6c6961746564 // "detail"
        static let flags: UInt64 = 0x7367616c66 // "flags"
        static let ex: UInt64 = 0x7865 // "ex"
        static let ey: UInt64 = 0x7965 // "ey"
        static let rx: UInt64 = 0x7872 // "rx"
        static let ry: UInt64 = 0x7972 // "ry"
    }

    /// The keys whose bits are set, in declaration order.
    static func keys(_ mask: UInt64) -> [RecordKey] {
        (0..<64).compactMap { mask & (1 << $0) != 0 ? RecordKey(rawValue: Int($0)) : nil }
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        for k in 0..<bytes.count where bytes[k] != literal.utf8Start[k] { return false }
        return true
    }
}
