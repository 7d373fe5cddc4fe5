// MARK: - Record kinds and their fields

/// The `kind` of a record line, with the keys each kind requires and allows.
enum RecordKind {
    case down, up, motion, frame, cancel, shape, orientation

    init?(_ name: UnsafeBufferPointer<UInt8>) {
        switch name.count {
        case 2 where Self.equal(name, "up"): self = .up
        case 4 where Self.equal(name, "down"): self = .down
        case 5 where Self.equal(name, "frame"): self = .frame
        case 5 where Self.equal(name, "shape"): self = .shape
        case 6 where Self.equal(name, "motion"): self = .motion
        case 6 where Self.equal(name, "cancel"): self = .cancel
        case 11 where Self.equal(name, "orientation"): self = .orientation
        default: return nil
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
        }
    }

    /// Keys that must be present.
    var required: UInt32 {
        switch self {
        case .down: Self.mask(.serial, .time, .id, .x, .y)
        case .up: Self.mask(.serial, .time, .id)
        case .motion: Self.mask(.time, .id, .x, .y)
        case .frame, .cancel: 0
        case .shape: Self.mask(.id, .major, .minor)
        case .orientation: Self.mask(.id, .orientation)
        }
    }

    /// Keys that may be present.
    var allowed: UInt32 {
        let common = Self.mask(.hires, .emulated)
        return switch self {
        case .down: required | common | Self.mask(.surface, .xf, .yf)
        case .motion: required | common | Self.mask(.xf, .yf)
        case .shape: required | common | Self.mask(.majorf, .minorf)
        case .orientation: required | common | Self.mask(.orientationf)
        case .up, .frame, .cancel: required | common
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
        }
    }

    /// The key a key string names, if any.
    static func key(_ name: UnsafeBufferPointer<UInt8>) -> RecordKey? {
        switch name.count {
        case 1: name[0] == UInt8(ascii: "x") ? .x : name[0] == UInt8(ascii: "y") ? .y : nil
        case 2 where equal(name, "id"): .id
        case 2 where equal(name, "xf"): .xf
        case 2 where equal(name, "yf"): .yf
        case 4 where equal(name, "kind"): .kind
        case 4 where equal(name, "time"): .time
        case 5 where equal(name, "major"): .major
        case 5 where equal(name, "minor"): .minor
        case 5 where equal(name, "hires"): .hires
        case 6 where equal(name, "serial"): .serial
        case 6 where equal(name, "majorf"): .majorf
        case 6 where equal(name, "minorf"): .minorf
        case 7 where equal(name, "surface"): .surface
        case 8 where equal(name, "emulated"): .emulated
        case 11 where equal(name, "orientation"): .orientation
        case 12 where equal(name, "orientationf"): .orientationf
        default: nil
        }
    }

    /// The keys whose bits are set, in declaration order.
    static func keys(_ mask: UInt32) -> [RecordKey] {
        (0..<32).compactMap { mask & (1 << $0) != 0 ? RecordKey(rawValue: Int($0)) : nil }
    }

    private static func mask(_ keys: RecordKey...) -> UInt32 {
        keys.reduce(0) { $0 | $1.bit }
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        for k in 0..<bytes.count where bytes[k] != literal.utf8Start[k] { return false }
        return true
    }
}
