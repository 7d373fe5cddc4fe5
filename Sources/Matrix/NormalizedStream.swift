import TouchStream

// MARK: - A stream with the compositor's arbitrary choices taken out

/// A recorded wl_touch stream made comparable across compositors: touch ids renumbered in order
/// of first down (0, 1, …), serials and times made relative to the first, surface names dropped,
/// and the events grouped into frames.
///
/// A group ends at wl_touch.frame, at a cancel, at the end of the stream, and where the compositor
/// sent no frame but our client delivered anyway: at its `flush` records when the trace has them,
/// else (older traces) when an up leaves no touch down and another event follows, as the checker
/// reads it (A1). Coordinates stay surface-local and exact.
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

    /// Normalises `records` (capabilities and other non-wl_touch records are skipped).
    public init(records: [RawRecord]) {
        var pending: [Event] = []
        var active = Set<Int32>()
        var firstSerial: UInt32?, firstTime: UInt32?
        var lastTerminator: Terminator?
        var upLeftNoneDown = false
        // Flush records (the live client's idle deliveries) are exact; without them, infer.
        let hasFlushRecords = records.contains { $0.event.name == "flush" }

        func close(_ terminator: Terminator) {
            frames.append(Frame(events: pending, terminator: terminator))
            pending = []
            lastTerminator = terminator
        }
        func number(_ id: Int32) -> Int {
            if let known = idMap[id] { return known }
            let next = idMap.count
            idMap[id] = next
            return next
        }
        func relativeSerial(_ serial: UInt32) -> UInt32 {
            if firstSerial == nil { firstSerial = serial }
            return serial &- firstSerial!
        }
        func relativeTime(_ time: UInt32) -> UInt32 {
            if firstTime == nil { firstTime = time }
            return time &- firstTime!
        }

        for record in records {
            let event = record.event
            if event.name == "flush" {
                if !pending.isEmpty { close(.none) }
                continue
            }
            switch event {
            case .frame, .cancel, .down, .motion, .up, .shape, .orientation: break
            default: continue
            }
            if !hasFlushRecords, upLeftNoneDown, !pending.isEmpty, !Self.isFrameOrCancel(event) { close(.none) }
            upLeftNoneDown = false
            switch event {
            case .frame:
                frameEventCount += 1
                if pending.isEmpty, lastTerminator == .cancel, !frames.isEmpty {
                    frames[frames.count - 1].terminator = .cancelFrame
                    lastTerminator = .cancelFrame
                } else {
                    close(.frame)
                }
            case .cancel:
                cancelCount += 1
                pending.append(Event(kind: "cancel"))
                active.removeAll()
                close(.cancel)
            case .down(let serial, let time, _, let id, let x, let y):
                touchEventCount += 1
                active.insert(id)
                pending.append(Event(kind: "down", id: number(id), x: x, y: y, serial: relativeSerial(serial),
                                     time: relativeTime(time)))
            case .motion(let time, let id, let x, let y):
                touchEventCount += 1
                pending.append(Event(kind: "motion", id: number(id), x: x, y: y, time: relativeTime(time)))
            case .up(let serial, let time, let id):
                touchEventCount += 1
                active.remove(id)
                upLeftNoneDown = active.isEmpty
                pending.append(Event(kind: "up", id: number(id), serial: relativeSerial(serial),
                                     time: relativeTime(time)))
            case .shape(let id, let major, let minor):
                touchEventCount += 1
                pending.append(Event(kind: "shape", id: number(id), x: major, y: minor))
            case .orientation(let id, let degrees):
                touchEventCount += 1
                pending.append(Event(kind: "orientation", id: number(id), x: degrees))
            default:
                break
            }
        }
        if !pending.isEmpty { close(.none) }
    }

    /// The frames' signatures: what two compositors must match on to agree.
    public var signatures: [String] { frames.map(\.signature) }

    /// The stream as text, one group per line (for report folders).
    public var text: String { signatures.joined(separator: "\n") + (frames.isEmpty ? "" : "\n") }

    /// The most downs any one group holds (fingers that landed together).
    public var largestLanding: Int {
        frames.map { $0.events.filter { $0.kind == "down" }.count }.max() ?? 0
    }

    private static func isFrameOrCancel(_ event: RawEvent) -> Bool {
        switch event {
        case .frame, .cancel: true
        default: false
        }
    }
}
