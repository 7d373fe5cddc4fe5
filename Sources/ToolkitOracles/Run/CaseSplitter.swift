import TouchKit
import TouchStream

// MARK: - One long recording → one part per case

/// Splits a session's received records and reported gestures into its cases by wl_touch time.
///
/// Case `i` owns the times in [start(i), start(i+1)); the last case ends where the run ended.
/// Untimed records (frame, cancel, shape, orientation) belong to the case of the timed record
/// before them; capability records belong to none. A gesture line without a time names the
/// touch-down or up that caused it by `seq`, its 1-based index among all downs and ups of the
/// session in stream order, and takes that event's time. Times are compared wrap-aware (uint32 ms).
enum CaseSplitter {
    struct Part {
        var gestures: [ToolkitGesture] = []
        var records: [RawRecord] = []
        /// Beside each record: the estimated wl_touch time (ms) of an untimed cancel, else nil.
        var cancelTimes: [Double?] = []
    }

    /// The parts, one per window, and how many gestures fell in none. `cancelTimes` (aligned with
    /// `records`, or empty) travel with their records.
    static func split(records: [RawRecord], cancelTimes: [Double?] = [], gestures: [OracleGestureLine],
                      windows: [(start: UInt32, end: UInt32)]) -> (parts: [Part], unplaced: Int) {
        var parts = Array(repeating: Part(), count: windows.count)
        var current: Int?
        for (index, record) in records.enumerated() {
            if record.event.isCapabilities { continue }
            if let time = record.event.time { current = window(of: time, in: windows) }
            if let current {
                parts[current].records.append(record)
                parts[current].cancelTimes.append(index < cancelTimes.count ? cancelTimes[index] : nil)
            }
        }
        let edgeTimes = records.compactMap { record -> UInt32? in
            switch record.event {
            case .down(_, let time, _, _, _, _), .up(_, let time, _): time
            default: nil
            }
        }
        var unplaced = 0
        for line in gestures {
            guard let time = time(of: line, edgeTimes: edgeTimes),
                  let index = window(of: UInt32(truncatingIfNeeded: Int64(time.rounded())), in: windows) else {
                unplaced += 1
                continue
            }
            parts[index].gestures.append(ToolkitGesture(
                kind: line.kind, time: time.rounded(), recognizer: line.recognizer, count: line.count, x: line.x, y: line.y,
                scale: line.scale, angle: line.angle, vx: line.vx, vy: line.vy, finger: line.finger, fingers: line.fingers,
                dx: line.dx, dy: line.dy, pressure: line.pressure, distance: line.distance))
        }
        return (parts, unplaced)
    }

    private static func time(of line: OracleGestureLine, edgeTimes: [UInt32]) -> Double? {
        if let time = line.time { return time }
        guard let seq = line.seq, seq >= 1, seq <= edgeTimes.count else { return nil }
        return Double(edgeTimes[seq - 1])
    }

    /// The window holding `time`, or nil.
    static func window(of time: UInt32, in windows: [(start: UInt32, end: UInt32)]) -> Int? {
        windows.firstIndex { Int32(bitPattern: time &- $0.start) >= 0 && Int32(bitPattern: $0.end &- time) > 0 }
    }
}
