import TouchStream

// MARK: - The input a frame shows

/// The times of the input events (down, motion, up) that arrived since the previous commit:
/// the frame committed next is the first to show them.
public struct FrameInput: Hashable, Sendable {
    /// Each event's time in seconds when zwp_input_timestamps_v1 gave one (nanosecond precision).
    public private(set) var hiResTimes: [Double] = []
    /// Each event's wl_touch time (ms, compositor clock, wraps at 2³²) when no hi-res time came.
    public private(set) var milliseconds: [UInt32] = []

    /// No input.
    public init() {}

    /// Input events in the frame.
    public var count: Int { hiResTimes.count + milliseconds.count }

    /// Adds `record`'s time if it carries one (emulated and capability records do not count).
    mutating func note(_ record: RawRecord) {
        guard !record.isEmulated, let time = record.event.time else { return }
        if let hiRes = record.hiResTimeNanoseconds {
            hiResTimes.append(Double(hiRes) / 1e9)
        } else {
            milliseconds.append(time)
        }
    }

    /// Input → `presented` (CLOCK_MONOTONIC s) latency of every event, in seconds. Input times are
    /// assumed to be CLOCK_MONOTONIC (weston, KWin, mutter and wlroots stamp input with it); a
    /// millisecond time is compared modulo 2³² ms, and a latency outside 0…`plausible` is dropped.
    public func latencies(presented: Double, plausible: Double = 10) -> [Double] {
        var result = hiResTimes.map { presented - $0 }
        let presentedMS = (presented * 1000).rounded(.down)
        let wrapped = UInt32(truncatingIfNeeded: Int64(presentedMS.truncatingRemainder(dividingBy: 4_294_967_296)))
        let fraction = presented * 1000 - presentedMS
        result += milliseconds.map { (Double(wrapped &- $0) + fraction) / 1000 }
        return result.filter { $0 >= 0 && $0 <= plausible }
    }
}

// MARK: - A frame's fate

/// What wp_presentation said about one committed frame, with the input it showed.
public struct FramePresentation: Hashable, Sendable {
    /// When the frame was committed (s, CLOCK_MONOTONIC).
    public var committed: Double
    /// When it turned into light (s, CLOCK_MONOTONIC, converted from the presentation clock); nil when discarded.
    public var presented: Double?
    /// The compositor's refresh period (s; 0 when it gave none).
    public var refresh: Double
    /// The output's vblank counter at presentation (0 when it has none).
    public var sequence: UInt64
    /// wp_presentation_feedback kind flags (vsync 1, hw_clock 2, hw_completion 4, zero_copy 8).
    public var flags: UInt32
    /// The frame came a repaint later than it was committed for.
    public var missed: Bool
    /// The input events it was the first frame to show.
    public var input: FrameInput

    /// Input → presented latencies of its input events (s); empty when discarded.
    public var latencies: [Double] { presented.map { input.latencies(presented: $0) } ?? [] }
}
