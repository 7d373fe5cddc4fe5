// MARK: - evemu-record files

/// Reads an `evemu-record` (or `evemu-describe`) file: `N:` name, `I:` ids, `P:` property bytes,
/// `B:` event-bit bytes per type, `A:` axes (min max fuzz flat, and resolution from format 1.2),
/// `L:`/`S:` states, then `E: sec.usec type code value` events (type and code hex, value decimal).
/// `#` starts a comment anywhere on a line (format 1.1).
enum EvemuReader {
    static func read(_ lines: [Substring], name: String) throws -> Recording {
        var recording: Recording?
        var propertyBytes: [UInt8] = []
        var bitBytes: [Int: [UInt8]] = [:]
        var absinfo: [Int: AbsInfo] = [:]
        var events: [RecordedEvent] = []
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            func fail(_ message: String) -> KernelLaneError { RecordingImport.error(name, number, message) }
            guard trimmed.count >= 2, trimmed.dropFirst().first == ":" else { throw fail("not an evemu line: \(trimmed.prefix(40))") }
            let tag = trimmed.first!
            let rest = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
            let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if tag == "N" {
                guard recording == nil else { throw fail("a second N: line (one device per file)") }
                // The name keeps its inner spaces; a `#` in it was cut as a comment by evemu too.
                recording = Recording(source: .evemu, name: rest, bustype: 0, vendor: 0, product: 0, version: 0)
                continue
            }
            guard var device = recording else { throw fail("\(tag): before the N: line naming the device") }
            switch tag {
            case "I":
                let ids = words.compactMap { Int($0, radix: 16) }
                guard words.count == 4, ids.count == 4 else { throw fail("I: wants bustype vendor product version in hex") }
                (device.bustype, device.vendor, device.product, device.version) = (ids[0], ids[1], ids[2], ids[3])
            case "P":
                propertyBytes += try hexBytes(words, count: 8, line: "P:", fail: fail)
            case "B":
                guard let type = words.first.flatMap({ Int($0, radix: 16) }), type < 0x20 else { throw fail("B: wants an event type in hex first") }
                bitBytes[type, default: []] += try hexBytes(Array(words.dropFirst()), count: 8, line: "B:", fail: fail)
            case "A":
                let values = words.dropFirst().compactMap { Int($0) }
                guard let code = words.first.flatMap({ Int($0, radix: 16) }), code < 0x40,
                      values.count == words.count - 1, values.count == 4 || values.count == 5 else {
                    throw fail("A: wants an axis code in hex, then minimum maximum fuzz flat [resolution]")
                }
                guard values[0] <= values[1] else { throw fail("A: axis \(code): minimum \(values[0]) is above maximum \(values[1])") }
                absinfo[code] = AbsInfo(minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3],
                                        resolution: values.count == 5 ? values[4] : 0)
            case "L", "S":
                guard words.count == 2, Int(words[0], radix: 16) != nil, Int(words[1]) != nil else {
                    throw fail("\(tag): wants a code in hex and a state")
                }
            case "E":
                events.append(try event(words, fail: fail))
            default:
                throw fail("unknown evemu line \(tag):")
            }
            recording = device
        }
        guard var device = recording else { throw RecordingImport.error(name, max(lines.count, 1), "no N: line naming the device") }
        device.properties = bits(propertyBytes)
        device.codes = bitBytes.filter { $0.key != 0 }.mapValues(bits).filter { !$0.value.isEmpty }
        device.absinfo = absinfo
        device.events = events
        try RecordingImport.checkAxes(device, name: name, line: lines.count)
        return device
    }

    private static func hexBytes(_ words: [Substring], count: Int, line: String,
                                 fail: (String) -> KernelLaneError) throws -> [UInt8] {
        let bytes = words.compactMap { UInt8($0, radix: 16) }
        guard bytes.count == words.count, bytes.count == count else { throw fail("\(line) wants \(count) bytes in hex") }
        return bytes
    }

    private static func event(_ words: [Substring], fail: (String) -> KernelLaneError) throws -> RecordedEvent {
        guard words.count == 4, let time = RecordingImport.time(words[0]),
              let type = Int(words[1], radix: 16), let code = Int(words[2], radix: 16), let value = Int32(words[3]),
              type < 0x20, code < 0x300 else {
            throw fail("E: wants sec.usec, type and code in hex, and a value")
        }
        return RecordedEvent(seconds: time.seconds, microseconds: time.microseconds, type: type, code: code, value: Int(value))
    }

    /// The numbers of the set bits of a little-endian bit mask (bit 0 of byte 0 first).
    static func bits(_ bytes: [UInt8]) -> [Int] {
        bytes.enumerated().flatMap { index, byte in (0..<8).filter { byte & (1 << $0) != 0 }.map { index * 8 + $0 } }
    }
}
