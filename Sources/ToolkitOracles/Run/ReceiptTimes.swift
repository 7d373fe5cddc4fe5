import Foundation

// MARK: - When a toolkit got its untimed events

/// Estimates the wl_touch time of each `wl_touch.cancel` a toolkit received, from the receipt stamps
/// libwayland writes before every WAYLAND_DEBUG line.
///
/// Why: cancel carries no time, so a replay gives it the time of the event before it; a model fed
/// that would never see a timer fire between (a long press 500 ms into a touch cancelled at 700 ms),
/// while the real toolkit's timers ran on the wall clock. The stamp difference between the cancel's
/// line and the line of the last timed event before it, added to that event's wl_touch time, is when
/// the cancel came on the wl_touch clock (to the toolkit's reading delay, well under a millisecond
/// against the corpora's margins). Stamps: libwayland ≤ 1.22 writes `[MS.µS]` (realtime µs modulo
/// 2^32), 1.23 `[HH:MM:SS.µS]` (wall clock); both are read as ms and unwrapped.
enum ReceiptTimes {
    /// The period after which each stamp form wraps, ms.
    static let microsecondWrap = 4_294_967.296, dayWrap = 86_400_000.0

    /// The estimated wl_touch time (ms) of each cancel of `touchObject` (nil: every wl_touch), in log order.
    static func cancels(in log: String, touchObject: Int? = nil) -> [Double] {
        var result: [Double] = []
        var lastTimed: (stamp: Double, time: Double, wrap: Double)?
        for line in DebugTouchLine.lines(in: log, object: touchObject) {
            let stamp = line.stamp
            switch line.message {
            case "down", "up", "motion":
                if let time = line.time { lastTimed = (stamp, time, line.wrap) }
            case "cancel":
                guard let lastTimed else { continue }
                var delta = stamp - lastTimed.stamp
                if delta < 0 { delta += lastTimed.wrap }
                result.append((lastTimed.time + delta).rounded())
            default:
                break
            }
        }
        return result
    }

    /// `  320272.859` (ms) or `12:28:16.768710` (wall clock) as ms, with the period it wraps at.
    static func stamp(_ text: Substring) -> (Double, Double)? {
        let trimmed = text.trimmingCharacters(in: [" "])
        let parts = trimmed.split(separator: ":")
        if parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]), let seconds = Double(parts[2]) {
            return (((hours * 60 + minutes) * 60 + seconds) * 1000, dayWrap)
        }
        guard parts.count == 1, let milliseconds = Double(trimmed) else { return nil }
        return (milliseconds, microsecondWrap)
    }
}
