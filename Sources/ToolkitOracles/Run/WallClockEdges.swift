import Foundation

// MARK: - Gesture lines stamped with the wall clock

/// Gives a time to each gesture line that names its cause by wall-clock time instead of wl_touch
/// time or seq: `"wall"` (ms since the Unix epoch, when the toolkit got its cause) and `"edge"`
/// (`down`, `up` or `any`: which wl_touch event caused it).
///
/// Why: a page in Firefox sees neither wl_touch times nor every touch (its first touch reaches no
/// listener, so counting touches as Chromium's page does goes wrong), but each event's
/// `performance.timeOrigin + timeStamp` is the moment Firefox got its wl_touch event, to about a
/// millisecond. libwayland stamps each WAYLAND_DEBUG line with that moment too (≤ 1.22: realtime
/// µs modulo 2^32, as ms; 1.23: the UTC time of day): the cause is the down or up line whose stamp
/// is nearest the wall time, and the gesture takes that line's wl_touch time.
enum WallClockEdges {
    /// Which wl_touch event a line names as its cause.
    enum Edge: String {
        case down, up, any
    }

    /// One down or up line of the log: its receipt stamp (ms), the stamp's wrap period, its wl time.
    struct Receipt {
        var edge: Edge
        var stamp: Double
        var wrap: Double
        var time: Double
    }

    /// Farthest a cause's wall time may lie from its line's stamp, ms (a busy machine reads late).
    static let tolerance = 50.0

    /// The down and up lines of `touchObject` (nil: every wl_touch) in `log`, in order.
    static func receipts(in log: String, touchObject: Int? = nil) -> [Receipt] {
        DebugTouchLine.lines(in: log, object: touchObject).compactMap { line in
            guard let edge = Edge(rawValue: String(line.message)), let time = line.time else { return nil }
            return Receipt(edge: edge, stamp: line.stamp, wrap: line.wrap, time: time)
        }
    }

    /// The wl_touch time (ms) of the `edge` line whose stamp is nearest `wall` (ms since the epoch),
    /// within ``tolerance``; nil when none is that near.
    static func time(wall: Double, edge: Edge, in receipts: [Receipt]) -> Double? {
        var best: (distance: Double, time: Double)?
        for receipt in receipts where edge == .any || receipt.edge == edge {
            var difference = (wall - receipt.stamp).truncatingRemainder(dividingBy: receipt.wrap)
            if difference < 0 { difference += receipt.wrap }
            let distance = min(difference, receipt.wrap - difference)
            if distance <= tolerance, distance < (best?.distance ?? .infinity) { best = (distance, receipt.time) }
        }
        return best?.time
    }

    /// `lines` with each untimed line that has `wall` and `edge` timed from `receipts`.
    static func resolve(_ lines: [OracleGestureLine], receipts: [Receipt]) -> [OracleGestureLine] {
        lines.map { line in
            guard line.time == nil, let wall = line.wall, let name = line.edge, let edge = Edge(rawValue: name)
            else { return line }
            var timed = line
            timed.time = time(wall: wall, edge: edge, in: receipts)
            return timed
        }
    }
}
