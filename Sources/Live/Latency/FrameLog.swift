import TouchKit

// MARK: - What each presented frame drew of the finger (`run --frame-log`)

/// One presented frame as `--frame-log` writes it: when it was committed and presented, and
/// where it drew the first finger down (the ink scene's predicted head, or the finger's
/// delivered location) with the time that point was predicted for.
///
/// One JSON object per line, times CLOCK_MONOTONIC seconds, positions window logical px:
/// `{"committed":S,"presented":S|null,"x":X|null,"y":Y|null,"aimed":S|null,"finger_x":X|null,"finger_y":Y|null}`
/// (`x`/`y` what was drawn; `finger_x`/`finger_y` the finger's last delivered location; `aimed`
/// null when the frame drew no prediction). `gesture-bench latency --effective` reads it.
struct FrameLogEntry: Equatable {
    var committed: Double
    var presented: Double?
    var drawn: Point?
    var aimed: Double?
    var finger: Point?

    var jsonLine: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the entry's line, without its newline, to `bytes`.
    func append(to bytes: inout [UInt8]) {
        func field(_ name: StaticString, _ value: Double?, first: Bool = false) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            bytes.append(contentsOf: "\":".utf8)
            Self.appendMicroDecimal(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "{"))
        field("committed", committed, first: true)
        field("presented", presented)
        field("x", drawn?.x)
        field("y", drawn?.y)
        field("aimed", aimed)
        field("finger_x", finger?.x)
        field("finger_y", finger?.y)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `value` rounded to the microsecond (or 10⁻⁶ px) as a JSON number, at least one decimal
    /// ("12.0", "8000.1172"); `null` for nil or a value JSON cannot hold.
    ///
    /// Why: a Double's shortest form, made by string interpolation each frame, was most of what
    /// logging a frame cost, and time written finer than microseconds says nothing here.
    static func appendMicroDecimal(_ value: Double?, to bytes: inout [UInt8]) {
        guard let value, value.isFinite else { return bytes.append(contentsOf: "null".utf8) }
        let scaled = (abs(value) * 1e6).rounded()
        guard scaled < 9e15 else { return bytes.append(contentsOf: "\(value)".utf8) }
        let micros = Int64(scaled)
        if value < 0, micros != 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: [UInt8] = []
        var whole = micros / 1_000_000
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(whole % 10))
            whole /= 10
        } while whole > 0
        bytes.append(contentsOf: digits.reversed())
        bytes.append(UInt8(ascii: "."))
        var fraction = micros % 1_000_000, width = 6
        while width > 1, fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }
}

/// What the frames rendered but not yet presented drew, matched to their feedback by time: a
/// frame is committed right after it is rendered, so a presented frame drew what the last
/// render before its commit drew. Renders that committed nothing (no damage) are overtaken.
struct DrawnFrames {
    /// Renders kept at most (feedback comes within a few frames; older ones never will).
    static let capacity = 8

    private var rendered: [(time: Double, drawn: Point?, aimed: Double?, finger: Point?)] = []

    /// A frame was rendered at `time` (CLOCK_MONOTONIC s) drawing the finger at `drawn`.
    mutating func rendered(at time: Double, drawn: Point?, aimed: Double?, finger: Point?) {
        rendered.append((time, drawn, aimed, finger))
        if rendered.count > Self.capacity { rendered.removeFirst(rendered.count - Self.capacity) }
    }

    /// The entry of the frame committed at `committed`; nil when no render preceded it.
    mutating func take(committed: Double, presented: Double?) -> FrameLogEntry? {
        guard let index = rendered.lastIndex(where: { $0.time <= committed }) else { return nil }
        let frame = rendered[index]
        rendered.removeFirst(index + 1)
        return FrameLogEntry(committed: committed, presented: presented, drawn: frame.drawn, aimed: frame.aimed,
                             finger: frame.finger)
    }
}
