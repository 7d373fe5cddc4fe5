import TouchStream

// MARK: - A stream with the compositor's arbitrary choices taken out

/// A recorded wl_touch stream made comparable across compositors: touch ids renumbered in order
/// of first down (0, 1, …), serials and times made relative to the first, surface names dropped,
/// and the events grouped into frames.
///
/// A group ends at wl_touch.frame, at a cancel, at the end of the stream, and where the compositor
/// sent no frame but our client delivered anyway: at its `flush` records when the trace has them,
/// else (older traces) when an up leaves no touch down and another event follows, as the checker
/// reads it (A1). Coordinates stay surface-local and exact. The pointer records of a client without
/// wl_touch (`run --pointer-only`) are events too, grouped by wl_pointer.frame.
public struct NormalizedStream: Hashable, Sendable {
    /// One wl_touch event with its renumbered id and relative serial and time.
    public struct Event: Hashable, Sendable {
        /// The event's name, as in traces.
        public var kind: String
        /// The renumbered id (nil for cancel).
        public var id: Int?
        /// Surface-local position (down and motion), shape axes, or orientation in `x`.
        public var x: WLFixed?, y: WLFixed?
        /// Serial relative to the first down or up (down and up).
        public var serial: UInt32?
        /// Time relative to the first timed event, ms (down, motion, up).
        public var time: UInt32?

        /// The event as compared: kind, id and values (no serial, no time).
        public var signature: String {
            var parts = [kind]
            if let id { parts.append(String(id)) }
            if let x { parts.append(x.description) }
            if let y { parts.append(y.description) }
            return parts.joined(separator: " ")
        }
    }

    /// What ended a group of events.
    public enum Terminator: String, Hashable, Sendable {
        /// wl_touch.frame.
        case frame
        /// wl_touch.cancel (a frame right after it is folded in as `cancelFrame`).
        case cancel
        /// A cancel followed by wl_touch.frame.
        case cancelFrame = "cancel+frame"
        /// No frame: the next sequence started, or the stream ended.
        case none = "no frame"
    }

    /// The events between two frame boundaries.
    public struct Frame: Hashable, Sendable {
        /// The events, in order (a cancel is the last event of its group).
        public var events: [Event]
        /// How the group ended.
        public var terminator: Terminator

        /// The frame as compared: its events' signatures and its terminator.
        public var signature: String {
            let body = events.isEmpty ? "(empty)" : events.map(\.signature).joined(separator: "; ")
            return terminator == .frame ? body : "\(body) [\(terminator.rawValue)]"
        }
    }

    /// The groups, in order.
    public private(set) var frames: [Frame] = []
    /// Raw wl_touch id → renumbered id.
    public private(set) var idMap: [Int32: Int] = [:]
    /// wl_touch.frame events received (counting empty ones and those after a cancel).
    public private(set) var frameEventCount = 0
    /// Touch events (down, motion, up, shape, orientation) received.
    public private(set) var touchEventCount = 0
    /// Cancels received.
    public private(set) var cancelCount = 0
    /// wl_pointer.button events received (`run --pointer-only`: what a finger made into clicks).
    public private(set) var pointerButtonCount = 0

    /// Normalises `records` (capabilities and other non-wl_touch records are skipped).
    public init(records: [RawRecord]) {
        // Flush records (the live client's idle deliveries) are exact; without them, infer.
        var normalizer = Normalizer(infersUnframedEnds: !records.contains { $0.event.name == "flush" })
        for record in records { normalizer.take(record.event) }
        self = normalizer.finish()
    }

    /// No events yet (the normalizer's start).
    private init() {}

    /// The frames' signatures: what two compositors must match on to agree.
    public var signatures: [String] { frames.map(\.signature) }

    /// The stream as text, one group per line (for report folders).
    public var text: String { signatures.joined(separator: "\n") + (frames.isEmpty ? "" : "\n") }

    /// Downs received.
    public var downCount: Int {
        frames.reduce(0) { $0 + $1.events.filter { $0.kind == "down" }.count }
    }

    /// The most downs any one group holds (fingers that landed together).
    public var largestLanding: Int {
        frames.map { $0.events.filter { $0.kind == "down" }.count }.max() ?? 0
    }
}

// MARK: - Normalising, one event at a time

extension NormalizedStream {
    /// The state machine behind ``init(records:)``: takes a stream one event at a time, renumbers
    /// ids, serials and times, and cuts the events into groups by the rule in
    /// ``NormalizedStream``'s doc.
    struct Normalizer {
        /// Whether a group is open, and what ends it.
        enum State: Equatable {
            /// No group is open: the stream has just begun (nil) or a group ended as given. A frame
            /// here is an empty group of its own, except right after a cancel: then it is folded into
            /// the cancel's group (`cancelFrame`).
            case closed(by: Terminator?)
            /// A group is open: a frame, cancel or flush, or the stream's end, closes it.
            case open
            /// A group is open and its last event, an up, left no touch down, in a trace without
            /// flush records: as the checker reads it (A1), the next touch event starts a new group;
            /// a frame or cancel still ends this one.
            case openUntilNextTouch
        }

        /// True when the trace has no flush records: groups our client delivered without a frame
        /// are then inferred from the ups.
        let infersUnframedEnds: Bool
        private(set) var state = State.closed(by: nil)
        /// The groups closed so far, the id map and the counts.
        private var stream = NormalizedStream()
        /// The open group's events.
        private var pending: [Event] = []
        /// Raw ids of the touches down now.
        private var down = Set<Int32>()
        private var firstSerial: UInt32?
        private var firstTime: UInt32?

        init(infersUnframedEnds: Bool) { self.infersUnframedEnds = infersUnframedEnds }

        /// Takes one record's event; records that are not wl_touch events (capabilities) change nothing.
        mutating func take(_ event: RawEvent) {
            switch event {
            case .flush: closeUnframed()
            case .frame: frame()
            case .cancel: cancel()
            case .down(let serial, let time, _, let id, let x, let y):
                down.insert(id)
                touch(Event(kind: "down", id: number(id), x: x, y: y, serial: relativeSerial(serial),
                            time: relativeTime(time)))
            case .motion(let time, let id, let x, let y):
                touch(Event(kind: "motion", id: number(id), x: x, y: y, time: relativeTime(time)))
            case .up(let serial, let time, let id):
                down.remove(id)
                touch(Event(kind: "up", id: number(id), serial: relativeSerial(serial), time: relativeTime(time)),
                      leavesNoneDown: down.isEmpty)
            case .shape(let id, let major, let minor):
                touch(Event(kind: "shape", id: number(id), x: major, y: minor))
            case .orientation(let id, let degrees):
                touch(Event(kind: "orientation", id: number(id), x: degrees))
            case .surface(let event) where event.kind == .pointerFrame:
                if state == .open { close(.frame) }
            case .surface(let event) where event.kind.isPointer:
                pointer(event)
            case .capabilities, .surface:
                break
            }
        }

        /// A pointer record (`run --pointer-only`), compared as an event of its own: the button as
        /// its id and the axis value as its x; wl_pointer.frame closes the group as wl_touch.frame does,
        /// without counting as one.
        private mutating func pointer(_ event: SurfaceEvent) {
            var kind = event.kind.rawValue
            if event.kind == .pointerButton {
                kind = event.pressed == true ? "pointer-press" : "pointer-release"
                stream.pointerButtonCount += 1
            }
            if state == .openUntilNextTouch { close(.none) }
            let id = event.button.map(Int.init) ?? event.axis.map(Int.init)
            pending.append(Event(kind: kind, id: id, x: event.x ?? event.value.map { WLFixed(rawValue: $0) }, y: event.y))
            state = .open
        }

        /// The stream ended: an open group ends without a frame. Returns the normalised stream.
        mutating func finish() -> NormalizedStream {
            closeUnframed()
            return stream
        }

        // MARK: - Transitions

        private mutating func touch(_ event: Event, leavesNoneDown: Bool = false) {
            stream.touchEventCount += 1
            if state == .openUntilNextTouch { close(.none) }
            pending.append(event)
            state = leavesNoneDown && infersUnframedEnds ? .openUntilNextTouch : .open
        }

        private mutating func frame() {
            stream.frameEventCount += 1
            if state == .closed(by: .cancel) {
                stream.frames[stream.frames.count - 1].terminator = .cancelFrame
                state = .closed(by: .cancelFrame)
            } else {
                close(.frame)
            }
        }

        private mutating func cancel() {
            stream.cancelCount += 1
            down.removeAll()
            pending.append(Event(kind: "cancel"))
            close(.cancel)
        }

        /// An open group ends without a frame: where our client delivered what it had (a flush
        /// record), and at the stream's end.
        private mutating func closeUnframed() {
            if case .closed = state { return }
            close(.none)
        }

        private mutating func close(_ terminator: Terminator) {
            stream.frames.append(Frame(events: pending, terminator: terminator))
            pending = []
            state = .closed(by: terminator)
        }

        // MARK: - Renumbering

        /// `id` as its rank among the ids seen, in order of first appearance.
        private mutating func number(_ id: Int32) -> Int {
            if let known = stream.idMap[id] { return known }
            let next = stream.idMap.count
            stream.idMap[id] = next
            return next
        }

        private mutating func relativeSerial(_ serial: UInt32) -> UInt32 {
            let first = firstSerial ?? serial
            firstSerial = first
            return serial &- first
        }

        private mutating func relativeTime(_ time: UInt32) -> UInt32 {
            let first = firstTime ?? time
            firstTime = first
            return time &- first
        }
    }
}
