// MARK: - The streaming conformance checker (DESIGN §4)

/// Checks a wl_touch stream against the DESIGN §4 rules, one record at a time.
///
/// Policy in one sentence: every record is judged once against every rule a trace can decide
/// (``ConformanceRule``; the rest are listed in ``UncheckedRule``), and each offending record
/// gives exactly one finding per rule, so a broken stream is described, not flooded.
///
/// Memory is bounded by the touches down plus ``CheckerThresholds/rememberedEndedIDs``; nothing
/// is kept per record. Findings about a record usually come while it is pushed; a few come
/// later, when the record that decides them arrives: A1 (the record after an up), R8 (what ends
/// the frame), H1 (after enough samples), H3 (the next sequence's first down, or the end). ``finish(into:)`` decides what the end of input decides.
///
/// How the stream is read: a cancel ends every active touch (R6) and its frame; a frame right
/// after a cancel is optional (R7) and reported only as the ambiguity A2, never as R4; when an up
/// leaves no touch down and the next timed event comes later with no frame between, the frame is
/// taken as missing (A1) and a new one starts, as replay's idle flush does (``ReplayAssembler``).
public struct ConformanceChecker: Sendable {
    /// The facts of the recording the checker uses (from a ``TraceHeader``).
    public struct Configuration: Hashable, Sendable {
        /// Bound wl_touch version; nil when unknown (then R12 is not checked).
        public var touchVersion: Int?
        /// Surface width in logical px; nil when unknown (then S1 and A11 are not checked).
        public var surfaceWidth: Double?
        /// Surface height in logical px; nil when unknown.
        public var surfaceHeight: Double?

        /// Creates a configuration.
        public init(touchVersion: Int? = nil, surfaceWidth: Double? = nil, surfaceHeight: Double? = nil) {
            self.touchVersion = touchVersion
            self.surfaceWidth = surfaceWidth
            self.surfaceHeight = surfaceHeight
        }

        /// What a trace header tells; everything unknown without one (the compact form).
        public init(header: TraceHeader?) {
            let environment = header?.environment
            touchVersion = environment?.touchVersion
            surfaceWidth = environment?.surface.map { Double($0.width) }
            surfaceHeight = environment?.surface.map { Double($0.height) }
        }
    }

    /// The unfinished frame: what has arrived since the last frame, cancel or missing-frame point.
    struct OpenFrame {
        /// Counts frames, so touches can tell whether their last motion was in this one.
        var number: UInt64 = 0
        var eventCount = 0
        /// First shape or orientation of the frame, which needs a wl_touch.frame to follow (R8).
        var contactRecord: Int?
        var contactCount = 0
    }

    /// An up that left no touch down, until the next record shows whether a frame follows (A1).
    struct LastUp {
        var record: Int
        var time: UInt32
        var id: Int32
    }

    /// Microsecond evidence gathered for H1.
    struct TimeScaleEvidence {
        var samples = 0
        var microsecondLike = 0
        var decided = false
    }

    /// What the checker knows of the recording.
    public let configuration: Configuration
    /// Records pushed so far.
    public private(set) var recordCount = 0
    /// Findings so far per category (a running summary).
    public private(set) var tally = FindingTally()

    var touches = TouchTable()
    var ended = RecentIDs()
    var frame = OpenFrame()
    var lastUp: LastUp?
    var previousWasCancel = false
    var lastTime: UInt32?
    var lastSerial: UInt32?
    var timeScale = TimeScaleEvidence()
    /// Touch bit of the latest capabilities record; nil before the first (then R14 is not checked).
    var touchCapability: Bool?
    /// Destroyed surfaces, keyboard focus and activation, from the surface records (A7, H3).
    var surfaces = SurfaceState()
    /// Pointer focus, buttons down and the last click, from the pointer records (P1–P5).
    var pointer = PointerState()
    private var finished = false

    /// Creates a checker with nothing down.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Creates a checker for a trace with this header (nil for the compact form).
    public init(header: TraceHeader?) {
        self.init(configuration: Configuration(header: header))
    }

    // MARK: - Public interface

    /// Checks one record; findings it decides are appended to `findings`.
    public mutating func push(_ record: RawRecord, into findings: inout [Finding]) {
        precondition(!finished, "push after finish")
        let start = findings.count
        handle(record.event, index: recordCount, into: &findings)
        recordCount += 1
        if findings.count > start { tally.count(findings[start...]) }
    }

    /// Checks one record and returns the findings it decides.
    public mutating func push(_ record: RawRecord) -> [Finding] {
        var findings: [Finding] = []
        push(record, into: &findings)
        return findings
    }

    /// End of input: appends the findings only the end decides (A1, R8, H3, P2).
    public mutating func finish(into findings: inout [Finding]) {
        precondition(!finished, "finish called twice")
        finished = true
        let start = findings.count
        if let up = lastUp {
            findings.append(ConformanceRule.a1.finding(
                "the trace ends after the up of id \(up.id) with no wl_touch.frame", record: up.record,
                time: up.time, id: up.id))
            lastUp = nil
        }
        closeFrame(because: "the trace ends", into: &findings)
        reportFocusNeverCame(before: "the trace ends", into: &findings)
        finishPointer(into: &findings)
        tally.count(findings[start...])
    }

    /// ``finish(into:)`` returning its findings.
    public mutating func finish() -> [Finding] {
        var findings: [Finding] = []
        finish(into: &findings)
        return findings
    }

    /// Checks a whole stream: every finding, in the order decided.
    public static func check(_ records: [RawRecord], header: TraceHeader?) -> [Finding] {
        var checker = ConformanceChecker(header: header)
        var findings: [Finding] = []
        for record in records { checker.push(record, into: &findings) }
        checker.finish(into: &findings)
        return findings
    }

    /// Ids of the touches down, in no particular order.
    public var activeTouchIDs: [Int32] { touches.touches.map(\.id) }

    // MARK: - Dispatch

    private mutating func handle(_ event: RawEvent, index: Int, into findings: inout [Finding]) {
        if case .capabilities(let touch) = event {
            return capabilities(touch: touch, index: index, into: &findings)
        }
        // The client's own delivery point, not a compositor event: nothing for a rule to judge.
        if case .flush = event { return }
        // Keyboard, popup, drag-and-drop and destroyed-surface records are no wl_touch events:
        // the wl_touch rules neither see them nor count them into a frame; A7 and H3 read them.
        if case .surface(let surfaceEvent) = event {
            if pointerRecord(surfaceEvent, index: index, into: &findings) { return }
            return surfaceRecord(surfaceEvent)
        }
        if eventWithoutTouchCapability(event, index: index, into: &findings) { return }
        eventOnDestroyedSurface(event, index: index, into: &findings)
        let afterCancel = previousWasCancel
        previousWasCancel = false
        if let up = lastUp { resolveLastUp(up, next: event, index: index, into: &findings) }
        if let time = event.time { observeTime(time, index: index, id: event.touchID, into: &findings) }
        switch event {
        case .frame:
            frameEvent(index: index, afterCancel: afterCancel, into: &findings)
            return
        case .down(let serial, let time, let surface, let id, let x, let y):
            observeSerial(serial, index: index, time: time, id: id, into: &findings)
            downForFocus(surface: surface, time: time, id: id, index: index, into: &findings)
            down(id, x: x, y: y, surface: surface, time: time, index: index, into: &findings)
        case .up(let serial, let time, let id):
            observeSerial(serial, index: index, time: time, id: id, into: &findings)
            up(id, time: time, index: index, into: &findings)
        case .motion(let time, let id, let x, let y):
            motion(id, x: x, y: y, time: time, index: index, into: &findings)
        case .shape(let id, let major, let minor):
            shape(id, major: major, minor: minor, index: index, into: &findings)
        case .orientation(let id, let degrees):
            orientation(id, degrees: degrees, index: index, into: &findings)
        case .cancel:
            cancel(index: index, into: &findings)
            return
        case .capabilities, .flush, .surface:
            preconditionFailure("capabilities, flush and surface records are handled above")
        }
        frame.eventCount += 1
    }

    // MARK: - Frames

    /// A1: after an up that left no touch down, a frame settles it; a timed event at least
    /// ``FrameAssembler/replayIdleGapMilliseconds`` later means the frame never came (the live
    /// loop would have gone idle in between); a same-time event continues the frame (one evdev
    /// frame, e.g. an id lifted and reused); untimed events leave the question open.
    private mutating func resolveLastUp(_ up: LastUp, next event: RawEvent, index: Int,
                                        into findings: inout [Finding]) {
        if case .frame = event {
            lastUp = nil
            return
        }
        guard let time = event.time else { return }
        lastUp = nil
        guard Int32(bitPattern: time &- up.time) >= FrameAssembler.replayIdleGapMilliseconds else { return }
        findings.append(ConformanceRule.a1.finding(
            "the up of id \(up.id) left no touch down and the next event (\(event.name) at record \(index), t=\(time)) came without a wl_touch.frame",
            record: up.record, time: up.time, id: up.id))
        closeFrame(because: "the frame after the last up is missing", into: &findings)
    }

    private mutating func frameEvent(index: Int, afterCancel: Bool, into findings: inout [Finding]) {
        if frame.eventCount == 0 {
            if afterCancel {
                findings.append(ConformanceRule.a2.finding(
                    "wl_touch.frame right after a cancel", record: index, time: nil, id: nil))
            } else {
                findings.append(ConformanceRule.r4.finding(
                    "wl_touch.frame with no event since the previous frame", record: index, time: nil, id: nil))
            }
        }
        frame.contactRecord = nil
        frame.contactCount = 0
        startFrame()
    }

    /// Ends the open frame without a wl_touch.frame: a pending shape/orientation breaks R8.
    mutating func closeFrame(because reason: String, into findings: inout [Finding]) {
        if let record = frame.contactRecord {
            let count = frame.contactCount == 1 ? "a shape/orientation event" : "\(frame.contactCount) shape/orientation events"
            findings.append(ConformanceRule.r8.finding(
                "\(count) from this record on got no wl_touch.frame before \(reason)", record: record, time: nil,
                id: nil))
        }
        frame.contactRecord = nil
        frame.contactCount = 0
        startFrame()
    }

    private mutating func startFrame() {
        frame.number &+= 1
        frame.eventCount = 0
    }
}

// MARK: - Running counts

/// How many findings of each category; the summary line of `gesture-sandbox check`.
public struct FindingTally: Hashable, Sendable {
    /// Findings of category violation (R…, S…).
    public var violations = 0
    /// Findings of category ambiguity (A…).
    public var ambiguities = 0
    /// Findings of category heuristic (H…).
    public var heuristics = 0

    /// A tally with these counts (empty by default).
    public init(violations: Int = 0, ambiguities: Int = 0, heuristics: Int = 0) {
        self.violations = violations
        self.ambiguities = ambiguities
        self.heuristics = heuristics
    }

    /// Adds findings to the counts.
    public mutating func count(_ findings: some Sequence<Finding>) {
        for finding in findings {
            switch finding.category {
            case .violation: violations += 1
            case .ambiguity: ambiguities += 1
            case .heuristic: heuristics += 1
            }
        }
    }

    /// All findings counted.
    public var total: Int { violations + ambiguities + heuristics }
}
