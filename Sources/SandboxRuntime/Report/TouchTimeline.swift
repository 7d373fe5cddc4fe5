import Foundation
import TouchStream

// MARK: - A trace laid out over time

/// The data a timeline picture shows: touch sequences with their samples, frame times, cancels,
/// findings and recognizer states, on one time axis in unwrapped wl_touch milliseconds.
///
/// Times unwrap like frame assembly does (the first time is the base; a step under half of 2^32 is
/// forward; a backward step holds the clock), so deliveries-log times (seconds) × 1000 fall on the same axis.
/// Events without a time (frame, cancel, shape, orientation) take the latest time.
public struct TouchTimeline: Sendable {
    /// One position of a touch.
    public struct Sample: Hashable, Sendable {
        /// Axis time (ms) and surface-local position (logical px).
        public var time: Double, x: Double, y: Double
    }

    /// How a sequence ended.
    public enum End: String, Hashable, Sendable { case up, cancel, open }

    /// One touch from its down to its up or cancel (an id reused later is a new sequence).
    public struct Sequence: Hashable, Sendable {
        /// The wl_touch id.
        public var id: Int32
        /// The down, then every motion.
        public var samples: [Sample]
        /// Up, cancel (also a down of the same id while active), or still down at the end.
        public var end: End
        /// When it ended (the end of the axis when still down).
        public var endTime: Double
    }

    /// A recognizer's state from `start` until the next transition (or the end of the axis).
    public struct StateBand: Hashable, Sendable {
        /// Recognizer name, its state, and the axis interval (ms).
        public var recognizer: String, state: String, start: Double, end: Double
    }

    /// Every touch sequence, in order of its down.
    public private(set) var sequences: [Sequence] = []
    /// When each wl_touch.frame came.
    public private(set) var frameTimes: [Double] = []
    /// When each wl_touch.cancel came.
    public private(set) var cancelTimes: [Double] = []
    /// The time of each record, by index.
    public private(set) var recordTimes: [Double] = []
    /// Recognizer states over time, from the deliveries log.
    public private(set) var bands: [StateBand] = []
    /// The axis.
    public private(set) var start = 0.0, end = 1.0

    /// Lays out `records`, and the recognizer transitions of `deliveriesLog` when it has any.
    public init(records: [RawRecord], deliveriesLog: String = "") {
        var clock = MillisecondClock()
        var active: [Int32: Int] = [:]
        for record in records {
            if let time = record.event.time { clock.observe(time) }
            let now = clock.milliseconds
            recordTimes.append(now)
            switch record.event {
            case .down(_, _, _, let id, let x, let y):
                if let old = active[id] { close(old, .cancel, at: now) }
                active[id] = sequences.count
                sequences.append(Sequence(id: id, samples: [Sample(time: now, x: x.doubleValue, y: y.doubleValue)],
                                          end: .open, endTime: now))
            case .motion(_, let id, let x, let y):
                if let index = active[id] { sequences[index].samples.append(Sample(time: now, x: x.doubleValue, y: y.doubleValue)) }
            case .up(_, _, let id):
                if let index = active.removeValue(forKey: id) { close(index, .up, at: now) }
            case .cancel:
                cancelTimes.append(now)
                for index in active.values { close(index, .cancel, at: now) }
                active = [:]
            case .frame:
                frameTimes.append(now)
            case .shape, .orientation, .capabilities, .flush:
                break
            }
        }
        start = recordTimes.min() ?? 0
        end = max(recordTimes.max() ?? 1, start + 1)
        for index in active.values { sequences[index].endTime = end }
        bands = Self.bands(deliveriesLog, axisEnd: end)
        end = max(end, bands.map(\.end).max() ?? end)
    }

    /// The touch ids, in order of first down.
    public var touchIDs: [Int32] {
        var seen: [Int32] = []
        for sequence in sequences where !seen.contains(sequence.id) { seen.append(sequence.id) }
        return seen
    }

    private mutating func close(_ index: Int, _ how: End, at time: Double) {
        sequences[index].end = how
        sequences[index].endTime = time
    }

    /// State bands from recognizer/transition entries (`recognizer` or `name`; `to` or `state`; `t` seconds).
    private static func bands(_ log: String, axisEnd: Double) -> [StateBand] {
        var open: [String: (state: String, start: Double)] = [:]
        var order: [String] = []
        var result: [StateBand] = []
        for line in log.split(separator: "\n") {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let kind = object["kind"] as? String, kind.contains("recognizer") || kind.contains("transition"),
                  let name = (object["recognizer"] as? String) ?? (object["name"] as? String),
                  let state = (object["to"] as? String) ?? (object["state"] as? String),
                  let seconds = (object["t"] as? NSNumber)?.doubleValue else { continue }
            let time = seconds * 1000
            if let previous = open[name] {
                if previous.state == state { continue }
                result.append(StateBand(recognizer: name, state: previous.state, start: previous.start, end: time))
            } else {
                order.append(name)
            }
            open[name] = (state, time)
        }
        for name in order {
            if let last = open[name] {
                result.append(StateBand(recognizer: name, state: last.state, start: last.start, end: max(axisEnd, last.start)))
            }
        }
        return result
    }
}

/// wl_touch time unwrapped to monotonic milliseconds (see ``TouchTimeline``).
private struct MillisecondClock {
    private var last: UInt32?
    private(set) var milliseconds = 0.0

    mutating func observe(_ raw: UInt32) {
        defer { last = raw }
        guard let last else {
            milliseconds = Double(raw)
            return
        }
        let step = Int32(bitPattern: raw &- last)
        if step > 0 { milliseconds += Double(step) }
    }
}
