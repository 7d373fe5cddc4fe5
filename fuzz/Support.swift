import TouchStream

// MARK: - What every fuzz target shares

/// Stops the run (libFuzzer saves the input as a crash) when an invariant does not hold.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}

/// Checks the form every reader's error must have: one line, bounded, no raw control bytes.
func requireOneLineError(_ error: any Error) {
    let text = "\(error)"
    require(!text.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "error has control bytes: \(text.debugDescription)")
    // Name, location, a sentence, and at most a few quoted tokens of ≤ 60 bytes.
    require(text.utf8.count < 600, "error longer than 600 bytes: \(text.prefix(200))…")
}

/// Reads a trace from `bytes` and checks that whatever reads back is written and re-read unchanged.
func requireRoundTrip(_ bytes: [UInt8]) {
    let trace: Trace
    do {
        trace = try TraceReader.read(bytes: bytes, name: "fuzz")
    } catch {
        requireOneLineError(error)
        return
    }
    // A trace of comments only reads as no items; written back it is an empty file, which is refused.
    guard !trace.items.isEmpty else { return }
    let compact = CompactTrace.write(trace.items)
    do {
        let again = try TraceReader.read(bytes: Array(compact.utf8), name: "rewritten")
        require(again.items == trace.items, "compact round trip changed the items:\n\(compact)")
    } catch {
        require(false, "the compact form written for a trace does not read back: \(error)\n\(compact)")
    }
    let lines = trace.records.map(TraceWriter.line(for:)).joined(separator: "\n")
    let header = trace.header ?? TraceHeader(toolVersion: "fuzz", profile: "uikit", created: "2026-01-01T00:00:00.000Z")
    do {
        let again = try TraceReader.read(bytes: Array((header.jsonLine() + "\n" + lines + "\n").utf8), name: "rewritten")
        require(again.records == trace.records, "JSON Lines round trip changed the records")
        require(again.header == header, "header round trip changed the header")
    } catch {
        require(false, "the JSON Lines written for a trace do not read back: \(error)")
    }
}

/// A touch stream decoded from arbitrary bytes: each record is one opcode byte plus operands,
/// so the fuzzer's mutations map onto small changes of the stream. Always ends with a cancel
/// and a frame, so every touch ends (the delivery invariants assume a clean end).
func records(from bytes: UnsafeRawBufferPointer) -> [RawRecord] {
    var reader = ByteReader(bytes: bytes)
    var out: [RawRecord] = []
    var time: UInt32 = 0
    var serial: UInt32 = 0
    while let op = reader.byte() {
        let id = Int32(reader.byte() ?? 0) % 12 - 1
        time &+= UInt32(reader.byte() ?? 0)
        let x = WLFixed(rawValue: Int32(truncatingIfNeeded: reader.word()) >> 4)
        let y = WLFixed(rawValue: Int32(truncatingIfNeeded: reader.word()) >> 4)
        switch op % 9 {
        case 0, 1:
            serial &+= 1
            out.append(RawRecord(.down(serial: serial, time: time, surface: "wl_surface@3", id: id, x: x, y: y)))
        case 2, 3:
            out.append(RawRecord(.motion(time: time, id: id, x: x, y: y)))
        case 4:
            serial &+= 1
            out.append(RawRecord(.up(serial: serial, time: time, id: id)))
        case 5, 6:
            // Mostly frames; now and then the client's flush record (a dispatch that ended without one).
            out.append(RawRecord(op & 0xC0 == 0xC0 ? .flush : .frame))
        case 7:
            out.append(RawRecord(op & 0x80 == 0 ? .cancel : .capabilities(touch: op & 0x40 != 0)))
        default:
            out.append(RawRecord(op & 0x80 == 0 ? .shape(id: id, major: x, minor: y) : .orientation(id: id, orientation: x)))
        }
    }
    out.append(RawRecord(.cancel))
    out.append(RawRecord(.frame))
    return out
}

struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func word() -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(byte() ?? 0) }
        return value
    }
}
