// MARK: - A strict, fast parser for one record line

/// Where a record line is wrong: 1-based byte column and message.
struct LineError: Error {
    var column: Int
    var message: String
}

/// The keys a record line may carry.
enum RecordKey: Int {
    case kind, serial, time, surface, id, x, y, major, minor, orientation, hires, emulated
    case xf, yf, majorf, minorf, orientationf
    case touch, control
    case width, height, active, mime, action, states, text, code, before, after
    case button, pressed, axis, value
    case device, detail, flags, ex, ey, rx, ry

    // 64 bits: the keys passed 32 once the pointer, key, text input and X11 records came.
    @inline(__always) var bit: UInt64 { 1 << UInt64(rawValue) }

    var name: String {
        switch self {
        case .kind: "kind"
        case .serial: "serial"
        case .time: "time"
        case .surface: "surface"
        case .id: "id"
        case .x: "x"
        case .y: "y"
        case .major: "major"
        case .minor: "minor"
        case .orientation: "orientation"
        case .hires: "hires"
        case .emulated: "emulated"
        case .xf: "xf"
        case .yf: "yf"
        case .majorf: "majorf"
        case .minorf: "minorf"
        case .orientationf: "orientationf"
        case .touch: "touch"
        case .control: "control"
        case .width: "width"
        case .height: "height"
        case .active: "active"
        case .mime: "mime"
        case .action: "action"
        case .states: "states"
        case .text: "text"
        case .code: "code"
        case .before: "before"
        case .after: "after"
        case .button: "button"
        case .pressed: "pressed"
        case .axis: "axis"
        case .value: "value"
        case .device: "device"
        case .detail: "detail"
        case .flags: "flags"
        case .ex: "ex"
        case .ey: "ey"
        case .rx: "rx"
        case .ry: "ry"
        }
    }

    /// The key that carries a surface record's field.
    static func carrying(_ field: SurfaceEventField) -> RecordKey {
        switch field {
        case .surface: .surface
        case .serial: .serial
        case .time: .time
        case .x: .x
        case .y: .y
        case .width: .width
        case .height: .height
        case .active: .active
        case .mime: .mime
        case .action: .action
        case .states: .states
        case .text: .text
        case .code: .code
        case .before: .before
        case .after: .after
        case .button: .button
        case .pressed: .pressed
        case .axis: .axis
        case .value: .value
        case .device: .device
        case .detail: .detail
        case .flags: .flags
        case .ex: .ex
        case .ey: .ey
        case .rx: .rx
        case .ry: .ry
        }
    }
}

/// The field values of one record line, before they are checked against its kind.
struct RecordFields {
    var serial: UInt32 = 0
    var time: UInt32 = 0
    var surface: String?
    var id: Int32 = 0
    var x: Int32 = 0
    var y: Int32 = 0
    var major: Int32 = 0
    var minor: Int32 = 0
    var orientation: Int32 = 0
    var hires: UInt64?
    var emulated = false
    var control = false
    var touch = false
    var width: Int32 = 0
    var height: Int32 = 0
    var active = false
    var mime: String?
    var action: UInt32 = 0
    var states: UInt32 = 0
    var text: String?
    var code: UInt32 = 0
    var before: UInt32 = 0
    var after: UInt32 = 0
    var button: UInt32 = 0
    var pressed = false
    var axis: UInt32 = 0
    var value: Int32 = 0
    var device: UInt16 = 0
    var detail: UInt32 = 0
    var flags: UInt32 = 0
    var ex: Int32 = 0
    var ey: Int32 = 0
    var rx: Int32 = 0
    var ry: Int32 = 0
}

/// Parses one JSON object record line (format in ``TraceWriter``) without Foundation.
///
/// Strict: `kind` must be the first key, each key may appear once, only the keys of that
/// kind are allowed, integers must be JSON integers in range. The decimal copies
/// (`xf`, `yf`, …) are checked to be JSON numbers and otherwise ignored: the raw wl_fixed
/// integers are authoritative.
struct RecordLineParser {
    /// The line being parsed.
    var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The read position in `bytes`.
    var i = 0
    /// The previous down's surface name, reused when the bytes repeat (saves an allocation per down).
    private var surfaceCache: (bytes: [UInt8], name: String)?

    /// Parses one record line; the parser is reused across lines to keep the surface cache.
    mutating func parse(_ line: UnsafeBufferPointer<UInt8>) throws(LineError) -> RawRecord {
        bytes = line
        i = 0
        if let record = parseCanonical() { return record }
        i = 0
        return try parseRecord()
    }

    /// The name for raw surface bytes, from the cache when they repeat.
    mutating func cachedSurface(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        if let cache = surfaceCache, cache.bytes.elementsEqual(raw) { return cache.name }
        let name = String(decoding: raw, as: UTF8.self)
        surfaceCache = (Array(raw), name)
        return name
    }

    // MARK: - Record

    private mutating func parseRecord() throws(LineError) -> RawRecord {
        skipSpace()
        try expect(UInt8(ascii: "{"), "a record must be a JSON object")
        var seen: UInt64 = 0
        var kind = RecordKind.frame
        var fields = RecordFields()
        var first = true
        while true {
            skipSpace()
            let keyColumn = i + 1
            guard let key = try readKey() else {
                throw LineError(column: keyColumn, message: "unknown key")
            }
            if first {
                guard key == .kind else { throw LineError(column: keyColumn, message: "the first key must be \"kind\"") }
            } else {
                guard kind.allowed & key.bit != 0 else {
                    throw LineError(column: keyColumn, message: "a \(kind.name) record has no \"\(key.name)\"")
                }
                guard seen & key.bit == 0 else {
                    throw LineError(column: keyColumn, message: "\"\(key.name)\" given twice")
                }
            }
            seen |= key.bit
            skipSpace()
            try expect(UInt8(ascii: ":"), "expected ':' after the key")
            skipSpace()
            if first {
                kind = try readKind()
                first = false
            } else {
                try readValue(for: key, into: &fields)
            }
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "expected ',' or '}'")
            break
        }
        skipSpace()
        guard i == bytes.count else { throw LineError(column: i + 1, message: "unexpected text after the record") }
        if seen & kind.required != kind.required {
            let missing = RecordKind.keys(kind.required & ~seen).map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw LineError(column: i, message: "a \(kind.name) record needs \(missing)")
        }
        return RawRecord(kind.event(fields), hiResTimeNanoseconds: fields.hires, isEmulated: fields.emulated,
                         isControl: fields.control)
    }

    private mutating func readValue(for key: RecordKey, into fields: inout RecordFields) throws(LineError) {
        switch key {
        case .serial: fields.serial = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .time: fields.time = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .id: fields.id = Int32(try readInteger(key, min: Int64(Int32.min), max: Int64(Int32.max)))
        case .x: fields.x = try readFixed(key)
        case .y: fields.y = try readFixed(key)
        case .major: fields.major = try readFixed(key)
        case .minor: fields.minor = try readFixed(key)
        case .orientation: fields.orientation = try readFixed(key)
        case .hires: fields.hires = try readUnsigned64(key)
        case .emulated: fields.emulated = try readBool(key)
        case .touch: fields.touch = try readBool(key)
        case .control: fields.control = try readBool(key)
        case .surface: fields.surface = try readSurface()
        case .width: fields.width = Int32(try readInteger(key, min: Int64(Int32.min), max: Int64(Int32.max)))
        case .height: fields.height = Int32(try readInteger(key, min: Int64(Int32.min), max: Int64(Int32.max)))
        case .active: fields.active = try readBool(key)
        case .mime: fields.mime = try readSurface(.mime)
        case .action: fields.action = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .states: fields.states = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .text: fields.text = try readSurface(.text)
        case .code: fields.code = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .before: fields.before = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .after: fields.after = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .button: fields.button = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .pressed: fields.pressed = try readBool(key)
        case .axis: fields.axis = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .value: fields.value = Int32(try readInteger(key, min: Int64(Int32.min), max: Int64(Int32.max)))
        case .device: fields.device = UInt16(try readInteger(key, min: 0, max: Int64(UInt16.max)))
        case .detail: fields.detail = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .flags: fields.flags = UInt32(try readInteger(key, min: 0, max: Int64(UInt32.max)))
        case .ex: fields.ex = Int32(try readInteger(key, min: Int64(Int32.min), max: Int64(Int32.max)))
        case .ey: fields.ey = Int32(try readInteger(key, min: Int64(Int32.min), max: Int64(Int32.max)))
        case .rx: fields.rx = Int32(try readInteger(key, min: Int64(Int32.min), max: Int64(Int32.max)))
        case .ry: fields.ry = Int32(try readInteger(key, min: Int64(Int32.min), max: Int64(Int32.max)))
        case .xf, .yf, .majorf, .minorf, .orientationf: try skipNumber(key)
        case .kind: preconditionFailure("kind is read first")
        }
    }

    // MARK: - Lexing

    @inline(__always)
    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): i += 1
            default: return
            }
        }
    }

    @inline(__always)
    private mutating func expect(_ byte: UInt8, _ message: StaticString) throws(LineError) {
        guard i < bytes.count, bytes[i] == byte else { throw unexpected(message) }
        i += 1
    }

    /// The error for a missing expected byte (kept out of line: the hot path never throws).
    @inline(never)
    private func unexpected(_ message: StaticString) -> LineError {
        let text = "\(message)"
        return LineError(column: i + 1, message: i < bytes.count ? text : text + " (line ends early)")
    }

    /// A key string; nil when it names no known key.
    private mutating func readKey() throws(LineError) -> RecordKey? {
        try expect(UInt8(ascii: "\""), "expected a key string")
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            guard bytes[i] >= 0x20 else { throw LineError(column: i + 1, message: "control character in key string") }
            guard bytes[i] != UInt8(ascii: "\\") else { return nil }
            i += 1
        }
        let end = i
        try expect(UInt8(ascii: "\""), "unterminated key string")
        return RecordKind.key(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    private mutating func readKind() throws(LineError) -> RecordKind {
        let column = i + 1
        try expect(UInt8(ascii: "\""), "\"kind\" must be a string")
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += 1 }
        let end = i
        try expect(UInt8(ascii: "\""), "unterminated string")
        guard let kind = RecordKind(UnsafeBufferPointer(rebasing: bytes[start..<end])) else {
            let text = Quoted.text(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            throw LineError(column: column, message: "unknown kind \"\(text)\" (expected down, up, motion, frame, cancel, shape, orientation, capabilities, flush or a surface record kind such as keyboard-enter)")
        }
        return kind
    }

    /// A JSON integer within `min...max`.
    private mutating func readInteger(_ key: RecordKey, min: Int64, max: Int64) throws(LineError) -> Int64 {
        let column = i + 1
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let start = i
        var magnitude: Int64 = 0
        while i < bytes.count {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int64(digit)
            i += 1
        }
        let digits = i - start
        // 18 digits cannot overflow Int64; anything longer is out of every range used here.
        guard digits > 0, digits <= 18, !(digits > 1 && bytes[start] == UInt8(ascii: "0")),
              i == bytes.count || (bytes[i] != UInt8(ascii: ".") && bytes[i] | 0x20 != UInt8(ascii: "e")) else {
            throw integerError(key, column: column, start: start, digits: digits, min: min, max: max)
        }
        let value = negative ? -magnitude : magnitude
        guard value >= min, value <= max else {
            throw LineError(column: column, message: "\"\(key.name)\" is out of range \(min)...\(max)")
        }
        return value
    }

    /// Explains why an integer field did not parse (out of line: only for bad input).
    @inline(never)
    private func integerError(_ key: RecordKey, column: Int, start: Int, digits: Int, min: Int64, max: Int64) -> LineError {
        if digits == 0 || (digits > 1 && bytes[start] == UInt8(ascii: "0")) {
            return LineError(column: column, message: "\"\(key.name)\" must be an integer")
        }
        if digits > 18 {
            return LineError(column: column, message: "\"\(key.name)\" is out of range \(min)...\(max)")
        }
        return LineError(column: column, message: "\"\(key.name)\" must be an integer (raw value, not a decimal)")
    }

    /// A raw wl_fixed: a JSON integer in Int32 range.
    private mutating func readFixed(_ key: RecordKey) throws(LineError) -> Int32 {
        Int32(try readInteger(key, min: Int64(Int32.min), max: Int64(Int32.max)))
    }

    private mutating func readUnsigned64(_ key: RecordKey) throws(LineError) -> UInt64 {
        let column = i + 1
        let start = i
        var value: UInt64 = 0
        while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[i] &- UInt8(ascii: "0")))
            guard !o1, !o2 else { throw LineError(column: column, message: "\"\(key.name)\" is out of range") }
            value = sum
            i += 1
        }
        guard i > start, !(i - start > 1 && bytes[start] == UInt8(ascii: "0")) else {
            throw LineError(column: column, message: "\"\(key.name)\" must be a non-negative integer")
        }
        return value
    }

    private mutating func readBool(_ key: RecordKey) throws(LineError) -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw LineError(column: i + 1, message: "\"\(key.name)\" must be true or false")
    }

    /// Checks JSON number syntax: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    mutating func skipNumber(_ key: RecordKey) throws(LineError) {
        let column = i + 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let start = i
        var valid = skipDigits() && !(i - start > 1 && bytes[start] == UInt8(ascii: "0"))
        if valid, i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            valid = skipDigits()
        }
        if valid, i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            valid = skipDigits()
        }
        guard valid else { throw LineError(column: column, message: "\"\(key.name)\" must be a number") }
    }

    private mutating func skipDigits() -> Bool {
        let start = i
        while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
        return i > start
    }
}
