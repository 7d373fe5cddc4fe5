import TouchKit

// MARK: - When the toolkit read each touch event

/// Gives each of a stroke's touch events the moment the toolkit read it, on the wl_touch clock, from the stamp
/// libwayland writes before every WAYLAND_DEBUG line.
///
/// Why: wl_touch times are whole milliseconds, while a toolkit that stamps its events with the moment it read them
/// (Chromium: its velocity tracker, resampling and fling start all run on those stamps) sees the sub-millisecond
/// spacing of the motions; at a flick's 8 ms steps the truncation alone moves a lift's velocity by several per cent.
/// The stamps are on another clock (libwayland's realtime or time of day), so each stroke's stamps are shifted onto
/// the wl_touch clock by the least delay among its events (a fraction of a millisecond on an idle reader).
struct ScrollReceipts {
    private struct Line {
        var kind: ScrollTouchEvent.Kind
        var time: Double
        var stamp: Double
        var wrap: Double
    }

    private let lines: [Line]
    private var cursor = 0

    /// The down, motion and up lines of every wl_touch in `log`, in order.
    init(log: String) {
        lines = DebugTouchLine.lines(in: log).compactMap { line in
            let kind: ScrollTouchEvent.Kind
            switch line.message {
            case "down": kind = .down
            case "up": kind = .up
            case "motion": kind = .motion
            default: return nil
            }
            return line.time.map { Line(kind: kind, time: $0, stamp: line.stamp, wrap: line.wrap) }
        }
    }

    /// `events` (times in ms after the wl_touch time `origin`) with their read times; strokes must be given in log
    /// order. An event whose line is not found keeps no read time.
    mutating func attach(to events: [ScrollTouchEvent], origin: UInt32) -> [ScrollTouchEvent] {
        var delays: [(index: Int, delay: Double)] = []
        for (index, event) in events.enumerated() where event.kind != .cancel {
            let wl = Double(UInt32(truncatingIfNeeded: Int64(event.time.rounded()) + Int64(origin)))
            guard let found = lines[cursor...].firstIndex(where: { $0.kind == event.kind && $0.time == wl }) else { continue }
            cursor = found + 1
            let line = lines[found]
            var delay = line.stamp - event.time
            // One stroke lasts seconds: bring every delay within half a wrap of the first.
            if let first = delays.first?.delay {
                delay -= (((delay - first) / line.wrap).rounded()) * line.wrap
            }
            delays.append((index, delay))
        }
        guard let least = delays.map(\.delay).min() else { return events }
        var result = events
        for (index, delay) in delays { result[index].received = events[index].time + delay - least }
        return result
    }
}
