import Foundation

// MARK: - One wl_touch event in a WAYLAND_DEBUG log

/// A wl_touch event line as libwayland logs it for a client: `[  320272.859]  wl_touch#12.down(…)` (≤ 1.22) or
/// `[12:28:16.768710] wl_touch@12.motion(…)` (1.23); requests the client sent (`->`) are not events.
struct DebugTouchLine {
    /// The receipt stamp (ms) and the period it wraps at (``ReceiptTimes/stamp(_:)``).
    var stamp: Double, wrap: Double
    /// The wl_touch object's id.
    var object: Int
    /// `down`, `up`, `motion`, `frame`, `cancel`, …
    var message: Substring
    /// The arguments as logged, trimmed.
    var arguments: [String]

    /// The event's wl_touch time (ms): down and up carry it second, motion first; nil for the untimed events.
    var time: Double? {
        switch message {
        case "down", "up": arguments.count > 1 ? Double(arguments[1]) : nil
        case "motion": arguments.first.flatMap { Double($0) }
        default: nil
        }
    }

    /// The wl_touch event lines of `log` (of `object` only, when given), in order.
    static func lines(in log: String, object wanted: Int? = nil) -> [DebugTouchLine] {
        log.split(whereSeparator: \.isNewline).compactMap { line in
            guard line.first == "[", line.contains("wl_touch"), !line.contains("->"),
                  let close = line.firstIndex(of: "]"),
                  let (stamp, wrap) = ReceiptTimes.stamp(line[line.index(after: line.startIndex)..<close]) else { return nil }
            let rest = line[line.index(after: close)...]
            guard let touch = rest.range(of: "wl_touch") else { return nil }
            let afterName = rest[touch.upperBound...]
            guard let separator = afterName.first, separator == "@" || separator == "#",
                  let dot = afterName.firstIndex(of: "."), let open = afterName.firstIndex(of: "("),
                  let object = Int(afterName[afterName.index(after: afterName.startIndex)..<dot]) else { return nil }
            if let wanted, object != wanted { return nil }
            let arguments = afterName[afterName.index(after: open)...].split(separator: ",")
                .map { $0.trimmingCharacters(in: [" ", ")"]) }
            return DebugTouchLine(stamp: stamp, wrap: wrap, object: object, message: afterName[afterName.index(after: dot)..<open],
                                  arguments: arguments)
        }
    }
}
