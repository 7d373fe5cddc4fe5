#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Fast path: lines exactly as TraceWriter writes them

/// Most record lines come from ``TraceWriter`` with fixed key order and no spaces; matching
/// that layout directly is about twice as fast as the general parser. Anything unexpected
/// returns nil, and the general parser then reads the line (or explains what is wrong), so
/// the fast path accepts nothing the general one would reject.
extension RecordLineParser {
    mutating func parseCanonical() -> RawRecord? {
        guard literal("{\"kind\":\"") , i < bytes.count else { return nil }
        let event: RawEvent
        switch bytes[i] {
        case UInt8(ascii: "m"):
            guard literal("motion\",\"time\":"), let time = unsigned32(), literal(",\"id\":"), let id = signed32(),
                  let (x, y) = point() else { return nil }
            event = .motion(time: time, id: id, x: x, y: y)
        case UInt8(ascii: "f"):
            guard literal("frame\"") else { return nil }
            event = .frame
        case UInt8(ascii: "u"):
            guard literal("up\",\"serial\":"), let serial = unsigned32(), literal(",\"time\":"),
                  let time = unsigned32(), literal(",\"id\":"), let id = signed32() else { return nil }
            event = .up(serial: serial, time: time, id: id)
        case UInt8(ascii: "d"):
            guard literal("down\",\"serial\":"), let serial = unsigned32(), literal(",\"time\":"),
                  let time = unsigned32() else { return nil }
            var surface: String?
            if literal(",\"surface\":\"") {
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 {
                    i += 1
                }
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
                surface = cachedSurface(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                i += 1
            }
            guard literal(",\"id\":"), let id = signed32(), let (x, y) = point() else { return nil }
            event = .down(serial: serial, time: time, surface: surface, id: id, x: x, y: y)
        default:
            return nil
        }
        var hires: UInt64?
        if literal(",\"hires\":") {
            guard let value = unsigned64() else { return nil }
            hires = value
        }
        let emulated = literal(",\"emulated\":true")
        guard literal("}"), i == bytes.count else { return nil }
        return RawRecord(event, hiResTimeNanoseconds: hires, isEmulated: emulated)
    }

    /// `,"x":X,"y":Y` with the optional decimal copies `,"xf":…,"yf":…`.
    private mutating func point() -> (WLFixed, WLFixed)? {
        guard literal(",\"x\":"), let x = signed32(), literal(",\"y\":"), let y = signed32() else { return nil }
        if literal(",\"xf\":") {
            guard (try? skipNumber(.xf)) != nil, literal(",\"yf\":"), (try? skipNumber(.yf)) != nil else { return nil }
        }
        return (WLFixed(rawValue: x), WLFixed(rawValue: y))
    }

    /// Steps over `text` if it stands next; false (and nothing consumed) if not.
    @inline(__always)
    mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - i >= count, memcmp(bytes.baseAddress! + i, text.utf8Start, count) == 0 else { return false }
        i += count
        return true
    }

    /// Up to `maxDigits` digits without a leading zero (unless the number is 0), as an integer.
    @inline(__always)
    private mutating func digits(maxDigits: Int) -> UInt64? {
        let start = i
        var value: UInt64 = 0
        while i < bytes.count {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            i += 1
        }
        let count = i - start
        guard count > 0, count <= maxDigits, count == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        return value
    }

    private mutating func unsigned32() -> UInt32? {
        digits(maxDigits: 10).flatMap { UInt32(exactly: $0) }
    }

    private mutating func unsigned64() -> UInt64? {
        // 19 digits always fit; the rare 20-digit values take the general path.
        digits(maxDigits: 19)
    }

    private mutating func signed32() -> Int32? {
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard let magnitude = digits(maxDigits: 10) else { return nil }
        return Int32(exactly: negative ? -Int64(magnitude) : Int64(magnitude))
    }
}

