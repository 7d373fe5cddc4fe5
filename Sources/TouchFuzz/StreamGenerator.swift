import TouchStream

// MARK: - Random wl_touch streams, valid and deliberately broken

/// A protocol flaw the generator can put into a stream (DESIGN §4 rule or ambiguity in brackets).
public enum StreamFlaw: String, CaseIterable, Hashable, Sendable {
    /// Frames left out, especially after the last up [A1].
    case missingFrames
    /// Down for an id that is already down [R1].
    case duplicateDowns
    /// Motion/up/shape/orientation for ids that are not down [R2, R3].
    case unknownIDs
    /// Cancels mid-stream, with and without a frame after, and events for cancelled ids after [R5, R7, A3].
    case cancels
    /// Up and a new down of the same id in one frame [R3].
    case idReuse
    /// Time starting just below 2^32 so it wraps [S7].
    case timeWrap
    /// Time stepping backwards [A14].
    case timeBackwards
    /// Negative and huge ids [A6].
    case extremeIDs
    /// Several motions per id per frame, and motions without change [A12, A13].
    case severalMotions
    /// Frames with nothing in them [R4].
    case emptyFrames
    /// Down and up of one touch in one frame.
    case downUpInOneFrame
}

/// One generated stream and what went into it.
public struct GeneratedStream: Sendable {
    /// The records, in order.
    public var records: [RawRecord]
    /// Flaws the generator was allowed to use.
    public var flaws: Set<StreamFlaw>
    /// True when the stream ends with a cancel (else every touch went up).
    public var endsWithCancel: Bool
}

/// Produces random wl_touch streams from a seed; every stream ends with every touch up or a
/// final cancel, so assembly must leave no touch active.
public struct StreamGenerator: Sendable {
    /// Most touches down at once in a generated stream.
    static let maxTouches = 5
    /// Most frames in a generated stream.
    static let maxFrames = 40
    /// Largest coordinate used, in wl_fixed raw units (1000 px).
    static let coordinateRange: Int32 = 1000 * 256

    private var random: SplitMix64

    /// Creates a generator; equal seeds give equal streams.
    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The next stream.
    public mutating func nextStream() -> GeneratedStream {
        var flaws: Set<StreamFlaw> = []
        for flaw in StreamFlaw.allCases where random.chance(30) { flaws.insert(flaw) }
        var builder = StreamBuilder(random: random, flaws: flaws)
        let frames = random.int(in: 1...Self.maxFrames)
        for _ in 0..<frames { builder.frame() }
        let endsWithCancel = random.chance(25)
        builder.end(withCancel: endsWithCancel)
        random = builder.random
        return GeneratedStream(records: builder.records, flaws: flaws, endsWithCancel: endsWithCancel)
    }
}

/// Builds one stream while tracking what the compositor believes is down.
private struct StreamBuilder {
    var random: SplitMix64
    let flaws: Set<StreamFlaw>
    var records: [RawRecord] = []
    private var active: [Int32] = []
    private var cancelled: [Int32] = []
    private var time: UInt32
    private var serial: UInt32
    private var location: [Int32: (WLFixed, WLFixed)] = [:]

    init(random: SplitMix64, flaws: Set<StreamFlaw>) {
        self.random = random
        self.flaws = flaws
        time = flaws.contains(.timeWrap) ? UInt32.max - UInt32(self.random.int(in: 0...200)) : UInt32(self.random.int(in: 0...100_000))
        serial = UInt32(truncatingIfNeeded: self.random.next())
    }

    private func has(_ flaw: StreamFlaw) -> Bool { flaws.contains(flaw) }

    // MARK: - Frames

    mutating func frame() {
        let events = random.int(in: 1...4)
        for _ in 0..<events { event() }
        if has(.missingFrames), random.chance(active.isEmpty ? 60 : 15) {
            // Frame dropped; the next event may still belong to a later frame.
        } else {
            emit(.frame)
        }
        if has(.emptyFrames), random.chance(10) { emit(.frame) }
        advanceTime()
    }

    private mutating func event() {
        let roll = random.int(in: 0...99)
        switch roll {
        case 0..<30 where active.count < StreamGenerator.maxTouches: if let id = freshID() { down(id: id) }
        case 30..<55 where !active.isEmpty: motion(random.pick(active))
        case 55..<70 where !active.isEmpty: up(random.pick(active))
        case 70..<76 where !active.isEmpty: contact(random.pick(active))
        case 76..<80 where has(.duplicateDowns) && !active.isEmpty: down(id: random.pick(active))
        case 80..<84 where has(.unknownIDs): strayEvent(for: newID())
        case 84..<87 where has(.cancels): cancel(withFrame: random.chance(50))
        case 87..<90 where has(.cancels) && !cancelled.isEmpty: strayEvent(for: random.pick(cancelled))
        case 90..<93 where has(.idReuse) && !active.isEmpty:
            let id = random.pick(active)
            up(id)
            down(id: id)
        case 93..<96 where has(.downUpInOneFrame):
            if let id = freshID() {
                down(id: id)
                up(id)
            }
        default:
            if !active.isEmpty {
                motion(random.pick(active))
            } else if let id = freshID() {
                down(id: id)
            }
        }
    }

    mutating func end(withCancel: Bool) {
        if withCancel {
            cancel(withFrame: random.chance(50))
            return
        }
        for id in active { up(id) }
        if !(has(.missingFrames) && random.chance(50)) { emit(.frame) }
    }

    // MARK: - Events

    private mutating func down(id: Int32) {
        let x = coordinate(), y = coordinate()
        serial &+= 1
        let surface: String? = random.pick([nil, "wl_surface@3", "wl_surface@12"])
        emit(.down(serial: serial, time: time, surface: surface, id: id, x: x, y: y))
        location[id] = (x, y)
        if !active.contains(id) { active.append(id) }
        cancelled.removeAll { $0 == id }
    }

    private mutating func motion(_ id: Int32) {
        let count = has(.severalMotions) ? random.int(in: 1...3) : 1
        for _ in 0..<count {
            let stay = has(.severalMotions) && random.chance(20)
            let (x, y) = stay ? (location[id] ?? (WLFixed(0), WLFixed(0))) : (coordinate(), coordinate())
            emit(.motion(time: time, id: id, x: x, y: y))
            location[id] = (x, y)
        }
    }

    private mutating func up(_ id: Int32) {
        serial &+= 1
        emit(.up(serial: serial, time: time, id: id))
        active.removeAll { $0 == id }
    }

    private mutating func contact(_ id: Int32) {
        if random.chance(50) {
            emit(.shape(id: id, major: WLFixed(rawValue: Int32(random.int(in: 0...8000))),
                        minor: WLFixed(rawValue: Int32(random.int(in: 0...8000)))))
        } else {
            emit(.orientation(id: id, orientation: WLFixed(rawValue: Int32(random.int(in: -46_080...46_080)))))
        }
    }

    /// An event for an id the compositor does not consider down.
    private mutating func strayEvent(for id: Int32) {
        guard !active.contains(id) else { return }
        switch random.int(in: 0...3) {
        case 0: emit(.motion(time: time, id: id, x: coordinate(), y: coordinate()))
        case 1:
            serial &+= 1
            emit(.up(serial: serial, time: time, id: id))
        case 2: emit(.shape(id: id, major: WLFixed(4), minor: WLFixed(2)))
        default: emit(.orientation(id: id, orientation: WLFixed(10)))
        }
    }

    private mutating func cancel(withFrame: Bool) {
        emit(.cancel)
        cancelled += active
        active.removeAll()
        if withFrame { emit(.frame) }
    }

    // MARK: - Values

    private mutating func emit(_ event: RawEvent) {
        let hires: UInt64? = random.chance(10) ? random.next() : nil
        records.append(RawRecord(event, hiResTimeNanoseconds: hires, isEmulated: random.chance(5)))
    }

    private mutating func newID() -> Int32 {
        if has(.extremeIDs), random.chance(50) {
            return random.pick([Int32.min, Int32.max, -1, Int32(truncatingIfNeeded: random.next())])
        }
        return Int32(random.int(in: 0...9))
    }

    /// An id that is not down, or nil when a few tries all hit active ids.
    private mutating func freshID() -> Int32? {
        for _ in 0..<8 {
            let id = newID()
            if !active.contains(id) { return id }
        }
        return nil
    }

    private mutating func coordinate() -> WLFixed {
        WLFixed(rawValue: Int32(random.int(in: -256...Int(StreamGenerator.coordinateRange))))
    }

    private mutating func advanceTime() {
        if has(.timeBackwards), random.chance(10) {
            time &-= UInt32(random.int(in: 1...50))
        } else {
            time &+= UInt32(random.int(in: 0...20))
        }
    }
}
