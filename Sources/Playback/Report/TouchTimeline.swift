import FoundationEssentials
import TouchStream

// MARK: - A trace laid out over time

/// The data a timeline picture shows: touch sequences with their samples, frame times, cancels,
/// findings and recognizer states, on one time axis in unwrapped wl_touch milliseconds.
///
/// Times unwrap like frame assembly does (the first time is the base; a step under half of 2^32 is
/// forward; a backward step holds the clock), so deliveries-log times (seconds) × 1000 fall on the same axis.
/// Events without a time (frame, cancel, shape, orientation) take the latest time; those before the
/// first timed event (a live recording opens with the seat's capabilities) take the first time, so
/// the axis starts at the first timed event: real wl_touch times count from boot, not from 0.
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

    /// Samples kept per sequence: beyond, every other one is dropped (first and last always stay).
    public static let maximumSamplesPerSequence = 4096
    /// Samples of ended sequences kept in all before each further one is thinned to its share
    /// (``maximumSamples`` / ``maximumSequences``), so the pictures of a long trace stay small
    /// whatever its paths are like.
    public static let maximumSamples = 32768
    /// Sequences kept: the first and the last half of this many (a long trace's middle is left out).
    public static let maximumSequences = 512
    /// Frame ticks and cancel ticks kept each (beyond, ticks too close to tell apart merge).
    public static let maximumTicks = 4096
    /// Recognizer state bands kept: the first and the last half of this many.
    public static let maximumBands = 1024
    /// Records whose time can still be looked up when a finding about them is decided late.
    static let recentRecordTimes = 4096

    /// Every touch sequence kept, in order of its down (set by ``finish()``).
    public private(set) var sequences: [Sequence] = []
    /// When each wl_touch.frame came.
    public var frameTimes: [Double] { frameTicks.times.map { max($0, start) } }
    /// When each wl_touch.cancel came.
    public var cancelTimes: [Double] { cancelTicks.times.map { max($0, start) } }
    /// Recognizer states over time, from the deliveries log (set by ``finish()``).
    public private(set) var bands: [StateBand] = []
    /// The axis.
    public private(set) var start = 0.0, end = 1.0
    /// Sequences left out of a long trace's middle.
    public var omittedSequences: Int { closed.dropped }
    /// Recognizer state bands left out of a long trace's middle.
    public var omittedBands: Int { bandLog.dropped }

    private var clock = MillisecondClock()
    private var firstTime: Double?
    private var recordTimes = RecentValues(capacity: recentRecordTimes)
    /// Sequences still down by id, with their order of down.
    private var open: [Int32: (order: Int, sequence: Sequence)] = [:]
    private var closed = HeadAndTail<(order: Int, sequence: Sequence)>(half: maximumSequences / 2)
    /// Samples of every sequence that ended (kept or not): past ``maximumSamples`` the rest are thinned.
    private var closedSamples = 0
    private var downs = 0
    private var frameTicks = TickLog(limit: maximumTicks), cancelTicks = TickLog(limit: maximumTicks)
    private var bandLog = HeadAndTail<StateBand>(half: maximumBands / 2)
    private var openBands: [String: (state: String, start: Double)] = [:]
    private var bandOrder: [String] = []

    /// Lays out `records`, and the recognizer transitions of `deliveriesLog` when it has any.
    public init(records: [RawRecord], deliveriesLog: String = "") {
        for record in records { push(record) }
        for line in deliveriesLog.split(separator: "\n") { observe(deliveryLine: line) }
        finish()
    }

    /// An empty timeline to be fed with ``push(_:)`` and ``observe(deliveryLine:)``, then ``finish()``.
    public init() {}

    /// Takes the next record of the trace.
    public mutating func push(_ record: RawRecord) {
        if let time = record.event.time {
            clock.observe(time)
            if firstTime == nil { firstTime = clock.milliseconds }
        }
        let now = clock.milliseconds
        recordTimes.append(now)
        switch record.event {
        case .down(_, _, _, let id, let x, let y):
            close(id, .cancel, at: now)
            open[id] = (downs, Sequence(id: id, samples: [Sample(time: now, x: x.doubleValue, y: y.doubleValue)],
                                        end: .open, endTime: now))
            downs += 1
        case .motion(_, let id, let x, let y):
            open[id]?.sequence.append(Sample(time: now, x: x.doubleValue, y: y.doubleValue))
        case .up(_, _, let id):
            close(id, .up, at: now)
        case .cancel:
            cancelTicks.append(now)
            // In order of down, not the dictionary's (random per process): which sequences a long
            // trace keeps or thins must not change from run to run.
            for id in open.keys.sorted(by: { open[$0]!.order < open[$1]!.order }) { close(id, .cancel, at: now) }
        case .frame:
            frameTicks.append(now)
        case .shape, .orientation, .capabilities, .flush, .surface:
            break
        }
    }

    /// Takes one deliveries-log line: recognizer transitions (`recognizer` or `name`; `to` or `state`;
    /// `t` seconds) become state bands, anything else is ignored.
    public mutating func observe(deliveryLine line: Substring) {
        guard let object = JSONObjectLine(line),
              let kind = object.string("kind"), kind.contains("recognizer") || kind.contains("transition"),
              let name = object.string("recognizer") ?? object.string("name"),
              let state = object.string("to") ?? object.string("state"),
              let seconds = object.number("t") else { return }
        let time = seconds * 1000
        if let previous = openBands[name] {
            if previous.state == state { return }
            bandLog.append(StateBand(recognizer: name, state: previous.state, start: previous.start, end: time))
        } else {
            bandOrder.append(name)
        }
        openBands[name] = (state, time)
    }

    /// Keeps the time of record `index` for ``time(ofRecord:)`` (a finding's record) however long the trace.
    public mutating func pin(record index: Int) { recordTimes.pin(index) }

    /// The axis time of record `index`, when pinned or among the latest records.
    public func time(ofRecord index: Int) -> Double? { recordTimes[index].map { max($0, start) } }

    /// Closes the axis: sequences still down run to its end, open recognizer states too. The timeline
    /// can take more records after (a copy finished early pictures a prefix).
    public mutating func finish() {
        start = firstTime ?? 0
        end = max(recordTimes.count > 0 ? clock.milliseconds : 1, start + 1)
        let stillDown = open.values.map { ($0.order, Sequence(id: $0.sequence.id, samples: $0.sequence.samples,
                                                               end: .open, endTime: end)) }
        sequences = (closed.elements + stillDown).sorted { $0.0 < $1.0 }.map(\.1)
        bands = bandLog.elements
        for name in bandOrder {
            if let last = openBands[name] {
                bands.append(StateBand(recognizer: name, state: last.state, start: last.start, end: max(end, last.start)))
            }
        }
        end = max(end, bands.map(\.end).max() ?? end)
    }

    /// The touch ids, in order of first down.
    public var touchIDs: [Int32] {
        var seen: [Int32] = []
        for sequence in sequences where !seen.contains(sequence.id) { seen.append(sequence.id) }
        return seen
    }

    /// Ends the sequence of `id` if it is down.
    private mutating func close(_ id: Int32, _ how: End, at time: Double) {
        guard var entry = open.removeValue(forKey: id) else { return }
        entry.sequence.end = how
        entry.sequence.endTime = time
        closedSamples += entry.sequence.samples.count
        if closedSamples > Self.maximumSamples {
            entry.sequence.thin(to: Self.maximumSamples / Self.maximumSequences)
        }
        closed.append(entry)
    }
}

extension TouchTimeline.Sequence {
    /// Adds a sample, dropping every other one when the sequence outgrows
    /// ``TouchTimeline/maximumSamplesPerSequence`` (the first and the newest always stay).
    mutating func append(_ sample: TouchTimeline.Sample) {
        samples.append(sample)
        guard samples.count > TouchTimeline.maximumSamplesPerSequence else { return }
        thin(to: samples.count / 2 + 1)
    }

    /// Keeps at most `count` samples, evenly spaced by index, the first and the last among them.
    mutating func thin(to count: Int) {
        guard samples.count > count, count >= 2 else { return }
        let last = samples[samples.count - 1]
        let step = (samples.count - 2) / (count - 1) + 1
        samples = stride(from: 0, to: samples.count - 1, by: step).map { samples[$0] } + [last]
    }
}

/// wl_touch time unwrapped to monotonic milliseconds (see ``TouchTimeline``).
struct MillisecondClock: Sendable {
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
