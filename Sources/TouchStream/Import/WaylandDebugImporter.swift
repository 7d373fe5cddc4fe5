// MARK: - WAYLAND_DEBUG=1 client logs → traces

/// What ``WaylandDebugImporter`` recovered from a WAYLAND_DEBUG=1 client log.
public struct WaylandDebugImport: Hashable, Sendable {
    /// Every wl_touch event, in log order.
    public var records: [RawRecord]
    /// Globals, seat and wl_touch version as far as the log shows them.
    public var environment: CompositorEnvironment
    /// Lines that are not libwayland message lines (the program's own output), skipped.
    public var unrecognisedLines: Int
    /// The wl_touch object ids whose events were imported, in order of first appearance.
    public var touchObjects: [Int]
    /// The wl_touch objects the client made (`wl_seat.get_touch`), in log order: empty when the
    /// client never asked for touch input.
    public var boundTouchObjects: [Int] = []
    /// True when some wl_seat in the log announced the touch capability.
    public var seatOfferedTouch = false

    /// The wl_touch events (records other than capabilities).
    public var touchEventCount: Int { records.count { if case .capabilities = $0.event { false } else { true } } }

    /// Why there is nothing to import, when there are no wl_touch events: the client never bound
    /// wl_touch, the seat never offered touch, or the client was not touched.
    public var emptyReason: String? {
        guard touchEventCount == 0 else { return nil }
        if boundTouchObjects.isEmpty {
            let seat = seatOfferedTouch ? "although the seat offered touch"
                : "and no seat in the log offered touch"
            return "no wl_touch events: the client never bound wl_touch (no wl_seat.get_touch in the log) \(seat), so it takes no touch input"
        }
        let objects = boundTouchObjects.map { "wl_touch@\($0)" }.joined(separator: ", ")
        return "no wl_touch events: the client bound \(objects) but received none (touch its window while it runs with WAYLAND_DEBUG=1)"
    }
}

/// Converts the text libwayland prints for a client run with WAYLAND_DEBUG=1 into trace records.
///
/// Events on every `wl_touch@N` are imported in log order, whatever N: a client that made
/// several wl_touch objects (several seats, or a re-created wl_touch) gets all their events
/// in one stream, and one that holds two wl_touch objects of one seat gets each event twice —
/// pass `touchObject` to keep one. Requests are read only for the environment
/// (`wl_registry.bind` of wl_seat gives the seat version, `wl_seat.get_touch` the wl_touch
/// version, `get_touch_timestamps` ties zwp_input_timestamps_v1 events to their wl_touch);
/// events for destroyed objects (`discarded`) are skipped. wl_fixed arguments, which libwayland
/// prints as `%f` of their exact value, are rounded back to the nearest 1/256: exact, since
/// `%f` keeps six decimals and a step is 1/256. A wl_touch event line that does not have the
/// arguments wayland.xml gives it is an error, located `NAME:LINE:COLUMN`.
///
/// `wl_seat@N.capabilities(K)` becomes a ``RawEvent/capabilities(touch:)`` record (touch is bit
/// ``touchCapabilityBit``), as the live client writes it: at a seat's first report and whenever
/// its touch bit changes. With `touchObject`, only the seat that made that wl_touch counts, once known.
public enum WaylandDebugImporter {
    /// WL_SEAT_CAPABILITY_TOUCH in wayland.xml's wl_seat.capability bitfield.
    public static let touchCapabilityBit: UInt32 = 4

    /// Imports `text`; `name` locates errors.
    public static func importLog(_ text: String, name: String, touchObject: Int? = nil) throws(TraceError)
        -> WaylandDebugImport {
        var state = ImportState(file: name, touchObject: touchObject)
        var lineNumber = 0
        // CRLF logs (a log passed through a Windows tool or a terminal capture) read like LF ones;
        // Swift sees "\r\n" as one Character, so both separators are named.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            guard let parsed = WaylandDebugLine(line) else {
                if line.hasPrefix("["), line.contains("wl_touch@") {
                    // A message line cut short (a killed client, a log truncated by a tool).
                    throw TraceError(file: name, line: lineNumber, column: line.utf8.count + 1,
                                     message: "truncated or malformed wl_touch message line")
                }
                if !line.allSatisfy({ $0 == " " || $0 == "\r" || $0 == "\t" }) { state.unrecognised += 1 }
                continue
            }
            try state.handle(parsed, line: lineNumber)
        }
        var result = WaylandDebugImport(records: state.records, environment: state.environment(),
                                        unrecognisedLines: state.unrecognised, touchObjects: state.touchOrder)
        result.boundTouchObjects = state.boundTouches
        result.seatOfferedTouch = state.seatTouch.values.contains(true) || state.everOfferedTouch
        return result
    }
}

// MARK: - Import state

/// The objects the log has shown so far and the records built.
private struct ImportState {
    let file: String
    let touchObject: Int?
    var records: [RawRecord] = []
    var unrecognised = 0
    var touchOrder: [Int] = []
    /// wl_touch objects made by get_touch, in log order.
    var boundTouches: [Int] = []
    /// Some seat announced touch at some point.
    var everOfferedTouch = false
    /// Globals by their registry name (several registries announce the same ones).
    var globals: [(name: UInt32, global: CompositorEnvironment.Global)] = []
    var seatVersions: [Int: Int] = [:]
    var seatNames: [Int: String] = [:]
    /// wl_touch object → the wl_seat object that made it.
    var touchSeats: [Int: Int] = [:]
    /// zwp_input_timestamps_v1 object → its wl_touch object.
    var timestampOwners: [Int: Int] = [:]
    /// wl_seat object → the touch bit of its latest capabilities event.
    var seatTouch: [Int: Bool] = [:]
    /// wl_touch object → the hi-res time waiting for its next timed event.
    var pendingHiRes: [Int: UInt64] = [:]

    init(file: String, touchObject: Int?) {
        self.file = file
        self.touchObject = touchObject
    }

    mutating func handle(_ line: WaylandDebugLine, line number: Int) throws(TraceError) {
        var args = ArgumentReader(line: line, file: file, lineNumber: number)
        switch (line.isRequest, line.interface, line.message) {
        case (false, _, _) where line.isDiscarded:
            break
        case (false, "wl_touch", _):
            try touchEvent(line, args: &args)
        case (false, "wl_registry", "global"):
            guard let name = try? args.uint(0), let interface = try? args.string(1), let version = try? args.uint(2)
            else { break }
            if !globals.contains(where: { $0.name == name }) {
                globals.append((name, .init(interface: interface, version: Int(version))))
            }
        case (false, "wl_seat", "capabilities"):
            try seatCapabilities(line, args: &args)
        case (false, "wl_seat", "name"):
            if let seatName = try? args.string(0) { seatNames[line.objectID] = seatName }
        case (false, "zwp_input_timestamps_v1", "timestamp"):
            guard let owner = timestampOwners[line.objectID], let high = try? args.uint(0),
                  let low = try? args.uint(1), let nanos = try? args.uint(2) else { break }
            let seconds = UInt64(high) << 32 | UInt64(low)
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: Self.nanosecondsPerSecond)
            pendingHiRes[owner] = overflow ? .max : scaled &+ UInt64(nanos)
        case (true, "wl_registry", "bind"):
            if (try? args.string(1)) == "wl_seat", let version = try? args.uint(2), let id = args.newID(3) {
                seatVersions[id] = Int(version)
            }
        case (true, "wl_seat", "get_touch"):
            if let id = args.newID(0) {
                touchSeats[id] = line.objectID
                boundTouches.append(id)
            }
        case (true, "zwp_input_timestamps_manager_v1", "get_touch_timestamps"):
            if let id = args.newID(0), let touch = args.objectID(1) { timestampOwners[id] = touch }
        default:
            break
        }
    }

    /// Nanoseconds per second, for zwp_input_timestamps_v1's split seconds.
    static let nanosecondsPerSecond: UInt64 = 1_000_000_000

    private mutating func touchEvent(_ line: WaylandDebugLine, args: inout ArgumentReader) throws(TraceError) {
        if let touchObject, line.objectID != touchObject { return }
        let event: RawEvent
        switch line.message {
        case "down":
            try args.expectCount(6)
            event = .down(serial: try args.uint(0), time: try args.uint(1), surface: try args.object(2),
                          id: try args.int(3), x: try args.fixed(4), y: try args.fixed(5))
        case "up":
            try args.expectCount(3)
            event = .up(serial: try args.uint(0), time: try args.uint(1), id: try args.int(2))
        case "motion":
            try args.expectCount(4)
            event = .motion(time: try args.uint(0), id: try args.int(1), x: try args.fixed(2), y: try args.fixed(3))
        case "frame":
            try args.expectCount(0)
            event = .frame
        case "cancel":
            try args.expectCount(0)
            event = .cancel
        case "shape":
            try args.expectCount(3)
            event = .shape(id: try args.int(0), major: try args.fixed(1), minor: try args.fixed(2))
        case "orientation":
            try args.expectCount(2)
            event = .orientation(id: try args.int(0), orientation: try args.fixed(1))
        default:
            throw TraceError(file: file, line: args.lineNumber, column: line.messageColumn,
                             message: "unknown wl_touch event \"\(line.message)\"")
        }
        if !touchOrder.contains(line.objectID) { touchOrder.append(line.objectID) }
        var hiRes: UInt64?
        if event.time != nil { hiRes = pendingHiRes.removeValue(forKey: line.objectID) }
        records.append(RawRecord(event, hiResTimeNanoseconds: hiRes))
    }

    private mutating func seatCapabilities(_ line: WaylandDebugLine, args: inout ArgumentReader) throws(TraceError) {
        if let touchObject, let seat = touchSeats[touchObject], seat != line.objectID { return }
        try args.expectCount(1)
        let touch = try args.uint(0) & WaylandDebugImporter.touchCapabilityBit != 0
        if touch { everOfferedTouch = true }
        guard seatTouch[line.objectID] != touch else { return }
        seatTouch[line.objectID] = touch
        // Another wl_seat object of the same client (libdecor binds its own) reporting what was
        // just recorded adds nothing: a trace records the seat's touch bit, not each object's.
        if seatTouch.count > 1, case .capabilities(touch)? = records.last(where: { $0.event.isCapabilities })?.event {
            return
        }
        records.append(RawRecord(.capabilities(touch: touch)))
    }

    /// The environment: every global; the seat (name and bound version) and wl_touch version
    /// of the first imported wl_touch's seat, else of the only seat bound.
    func environment() -> CompositorEnvironment {
        var environment = CompositorEnvironment(globals: globals.map(\.global))
        let seat = touchOrder.first.flatMap { touchSeats[$0] }
            ?? (seatVersions.count == 1 ? seatVersions.keys.first : nil)
        if let seat, let version = seatVersions[seat] {
            if let name = seatNames[seat] { environment.seat = .init(name: name, version: version) }
            if touchSeats.values.contains(seat) { environment.touchVersion = version }
        }
        return environment
    }
}
