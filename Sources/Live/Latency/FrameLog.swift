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
            if let value { JSONText.append(value, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
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
