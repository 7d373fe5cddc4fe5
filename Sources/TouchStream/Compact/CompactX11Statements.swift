// MARK: - The X11 oracle's input records in the compact form (trace version 3)

/// FP16.16 as the compact form writes it: the exact decimal (a Double holds every FP16.16 value, and
/// its shortest description reads back to the same one).
enum FP1616Text {
    static func text(_ raw: Int32) -> String {
        let value = Double(raw) / 65536
        return value == value.rounded() ? String(Int64(value)) : String(value)
    }

    /// The raw value of `text`, or nil when it is not a decimal FP16.16 holds exactly.
    static func value(_ text: String) -> Int32? {
        guard let value = Double(text), value.isFinite else { return nil }
        let scaled = value * 65536
        guard scaled == scaled.rounded(), scaled >= Double(Int32.min), scaled <= Double(Int32.max) else { return nil }
        return Int32(scaled)
    }
}

extension CompactParser {
    /// DEVICE DETAIL EX EY RX RY FLAGS (XI events) or DETAIL EX EY RX RY (core events), into `event`.
    mutating func fillX11Input(_ event: inout SurfaceEvent, _ args: [CompactToken]) throws(TraceError) {
        var rest = args[...]
        if event.kind.required.contains(.device) {
            event.device = UInt16(try unsigned(rest.removeFirst(), "DEVICE", max: UInt64(UInt16.max)))
        }
        event.detail = UInt32(try unsigned(rest.removeFirst(), "DETAIL", max: UInt64(UInt32.max)))
        event.ex = try fp1616(rest.removeFirst(), "EX")
        event.ey = try fp1616(rest.removeFirst(), "EY")
        event.rx = try fp1616(rest.removeFirst(), "RX")
        event.ry = try fp1616(rest.removeFirst(), "RY")
        if let flags = rest.first {
            let text = flags.text
            let parsed = text.hasPrefix("0x") ? UInt32(text.dropFirst(2), radix: 16) : UInt32(text)
            guard let parsed else {
                throw error(at: flags, "FLAGS must be a 32-bit integer (0x… or decimal), found '\(flags.shown)'")
            }
            event.flags = parsed
        }
    }

    private func fp1616(_ token: CompactToken, _ what: String) throws(TraceError) -> Int32 {
        guard let value = FP1616Text.value(token.text) else {
            throw error(at: token, "\(what) must be a decimal that FP16.16 holds exactly (a multiple of 1/65536 "
                            + "within ±32768), found '\(token.shown)'")
        }
        return value
    }
}

extension CompactWriter {
    /// The positional words of an X11 input record (see ``fillX11Input``).
    static func x11InputWords(_ event: SurfaceEvent) -> [String] {
        var words: [String] = []
        if let device = event.device { words.append(String(device)) }
        words.append(String(event.detail ?? 0))
        words += [event.ex, event.ey, event.rx, event.ry].map { FP1616Text.text($0 ?? 0) }
        if let flags = event.flags { words.append("0x" + String(flags, radix: 16)) }
        return words
    }
}
