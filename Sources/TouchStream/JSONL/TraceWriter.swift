// MARK: - Writer

/// Writes a JSON Lines trace: the header, then one record per line.
///
/// Record lines (all numbers integers, wl_fixed as raw 24.8 bits; `kind` always first):
///
///     {"kind":"down","serial":S,"time":MS,"surface":"wl_surface@3","id":ID,"x":RAW,"y":RAW,"xf":DEC,"yf":DEC}
///     {"kind":"up","serial":S,"time":MS,"id":ID}
///     {"kind":"motion","time":MS,"id":ID,"x":RAW,"y":RAW,"xf":DEC,"yf":DEC}
///     {"kind":"frame"}   {"kind":"cancel"}
///     {"kind":"shape","id":ID,"major":RAW,"minor":RAW,"majorf":DEC,"minorf":DEC}
///     {"kind":"orientation","id":ID,"orientation":RAW,"orientationf":DEC}
///     {"kind":"capabilities","touch":BOOL}   {"kind":"flush"}
///
/// and (versions 2 and 3) the surface records, ``SurfaceEvent``, with their fields in this order, each
/// only where the kind has it: `surface`, `serial`, `time`, `x`, `y`, `xf`, `yf`, `width`,
/// `height`, `active`, `mime`, `action`, `states`, `text`, `code`, `before`, `after`, e.g.
///
///     {"kind":"keyboard-enter","surface":"wl_surface@3","serial":S}
///     {"kind":"dnd-motion","surface":"wl_surface@7","time":MS,"x":RAW,"y":RAW,"xf":DEC,"yf":DEC}
///
/// each optionally ending with `"hires":NS`, `"emulated":true` and `"control":true`. The `…f` decimals are copies
/// for people reading the file; readers use the raw integers.
///
/// The trace goes through an ``OutputTarget``: a regular file is written under `PATH.partial`
/// and renamed to PATH by ``finish()``, so PATH never holds a half-written trace; `-`, devices and
/// FIFOs are written directly. A live recording (``flushesEachFrame``) is never lost: released
/// without ``finish()`` it is finished all the same; killed by a fatal signal, it is cut to its
/// last whole frame and put under PATH; a write error (a full disk) ends it the same way through
/// ``finishAfterError()``.
/// A batch writer's temporary is removed instead. A writer on an output of an ``OutputGroup``
/// leaves putting it in place (or discarding it) to the group: ``finish()`` ends the file at its
/// last record, ``finishAfterError()`` at its last whole frame.
///
/// A cut trace ends at its last whole frame, not merely its last whole line: after the last
/// `frame`, `cancel` or `flush` (or a record outside any touch frame, such as a surface or
/// presentation record written while no touch event waited for its frame), so a reader never
/// gets touch events whose frame was lost, and where the cut falls does not depend on how long
/// the records are (their times are milliseconds since the compositor's machine booted).
public final class TraceWriter {
    /// Appended to the final path while recording.
    public static let temporarySuffix = ".partial"
    /// Buffered bytes that force a write even between frames.
    static let bufferLimit = 1 << 16

    /// Where the finished trace goes.
    public let path: String
    /// Where it is written until ``finish()``; nil for direct outputs (`-`, devices, FIFOs).
    public var temporaryPath: String? { target.temporaryPath }
    /// When true, every frame and cancel is written to the file at once (live recording).
    public let flushesEachFrame: Bool
    /// Records written so far.
    public private(set) var recordCount = 0

    private let target: OutputTarget
    /// False when the output belongs to a group, which commits it with the others.
    private let ownsTarget: Bool
    private var buffer: [UInt8] = []
    /// Where `buffer` holds the end of a whole frame: offsets after which no touch event waits
    /// for its frame.
    private var frameEnds: [Int] = []
    /// A touch event is written that no frame, cancel or flush has closed yet.
    private var frameOpen = false
    /// Bytes on disk that end with a whole frame (see the type's doc): what a cut keeps.
    private var wholeLength = 0
    private var finished = false

    /// Opens the output (see ``OutputTarget``) and writes the header line to it.
    public init(path: String, header: TraceHeader, flushEachFrame: Bool = true) throws(OutputError) {
        self.path = path
        flushesEachFrame = flushEachFrame
        target = try OutputTarget(path: path)
        ownsTarget = true
        buffer.reserveCapacity(Self.bufferLimit * 2)
        buffer += Array(header.jsonLine().utf8)
        buffer.append(UInt8(ascii: "\n"))
        frameEnds.append(buffer.count)
        try flush()
    }

    /// Writes to an output the caller already opened (one of an ``OutputGroup``, which commits it).
    public init(target: OutputTarget, header: TraceHeader, flushEachFrame: Bool = false) throws(OutputError) {
        path = target.path
        flushesEachFrame = flushEachFrame
        self.target = target
        ownsTarget = false
        buffer += Array(header.jsonLine().utf8)
        buffer.append(UInt8(ascii: "\n"))
        frameEnds.append(buffer.count)
        try flush()
    }

    deinit {
        guard !finished else { return }
        guard ownsTarget else {
            // The group commits or discards the file; a recording's records should be in it.
            if flushesEachFrame { try? flush() }
            return
        }
        if flushesEachFrame {
            // A recording is worth keeping: everything, as finish() would; a write failing now
            // cuts it to its last whole frame instead (finish() does that on an error).
            try? finish()
        } else {
            target.discard()
        }
    }

    /// Appends one record line; flushes at frames and cancels when ``flushesEachFrame``.
    public func write(_ record: RawRecord) throws(OutputError) {
        precondition(!finished, "write after finish")
        Self.encode(record, into: &buffer)
        recordCount += 1
        let endsFrame: Bool
        switch record.event {
        case .frame, .cancel, .flush:
            frameOpen = false
            endsFrame = true
        case .down, .up, .motion, .shape, .orientation:
            frameOpen = true
            endsFrame = false
        case .capabilities, .surface:
            endsFrame = false
        }
        if !frameOpen { frameEnds.append(buffer.count) }
        if (flushesEachFrame && endsFrame) || buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Appends one presentation-feedback record line.
    public func write(_ presentation: PresentationRecord) throws(OutputError) {
        precondition(!finished, "write after finish")
        buffer.append(contentsOf: presentation.jsonLine.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if !frameOpen { frameEnds.append(buffer.count) }
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Writes buffered lines to the output. On a failure the file is cut to its last whole frame
    /// that reached the disk, so it stays a readable trace with no frame missing its end.
    public func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        let before = target.byteCount
        defer {
            buffer.removeAll(keepingCapacity: true)
            frameEnds.removeAll(keepingCapacity: true)
        }
        do {
            try target.write(buffer)
        } catch {
            let written = target.byteCount - before
            if let end = frameEnds.last(where: { $0 <= written }) { wholeLength = before + end }
            target.truncate(to: wholeLength)
            throw error
        }
        if let end = frameEnds.last { wholeLength = before + end }
        if flushesEachFrame { target.keepOnSignal(upTo: wholeLength) }
    }

    /// Flushes, syncs and puts the trace under ``path`` (a group's output: flushes only, the group
    /// commits it).
    public func finish() throws(OutputError) {
        precondition(!finished, "finish called twice")
        do {
            try flush()
        } catch {
            finishAfterError()
            throw error
        }
        finished = true
        if ownsTarget { try target.commit() }
    }

    /// Ends a recording whose writes failed: drops what is buffered and puts the whole frames
    /// that reached the disk under ``path`` (a group's output: at the group's commit). Best
    /// effort; never throws.
    public func finishAfterError() {
        guard !finished else { return }
        finished = true
        buffer.removeAll()
        target.truncate(to: wholeLength)
        if ownsTarget { try? target.commit() }
    }

    // MARK: - Encoding

    /// One record as its JSON line, without the newline.
    public static func line(for record: RawRecord) -> String {
        var bytes: [UInt8] = []
        encode(record, into: &bytes)
        bytes.removeLast()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a record's line, newline included.
    static func encode(_ record: RawRecord, into out: inout [UInt8]) {
        var line = LineEncoder(out: out)
        out = []
        line.key("kind", first: true)
        line.string(record.event.name)
        switch record.event {
        case .down(let serial, let time, let surface, let id, let x, let y):
            line.field("serial", Int64(serial))
            line.field("time", Int64(time))
            if let surface {
                line.key("surface")
                line.string(surface)
            }
            line.field("id", Int64(id))
            line.point(x, y)
        case .up(let serial, let time, let id):
            line.field("serial", Int64(serial))
            line.field("time", Int64(time))
            line.field("id", Int64(id))
        case .motion(let time, let id, let x, let y):
            line.field("time", Int64(time))
            line.field("id", Int64(id))
            line.point(x, y)
        case .frame, .cancel, .flush:
            break
        case .shape(let id, let major, let minor):
            line.field("id", Int64(id))
            line.fixed("major", major)
            line.fixed("minor", minor)
            line.decimal("majorf", major)
            line.decimal("minorf", minor)
        case .orientation(let id, let degrees):
            line.field("id", Int64(id))
            line.fixed("orientation", degrees)
            line.decimal("orientationf", degrees)
        case .capabilities(let touch):
            line.key("touch")
            line.out += Array((touch ? "true" : "false").utf8)
        case .surface(let event):
            line.surfaceFields(event)
        }
        if let hires = record.hiResTimeNanoseconds {
            line.key("hires")
            line.out += Array(String(hires).utf8)
        }
        if record.isEmulated {
            line.key("emulated")
            line.out += Array("true".utf8)
        }
        if record.isControl {
            line.key("control")
            line.out += Array("true".utf8)
        }
        line.out += [UInt8(ascii: "}"), UInt8(ascii: "\n")]
        out = line.out
    }
}

/// Builds one record line.
private struct LineEncoder {
    var out: [UInt8]

    mutating func key(_ name: StaticString, first: Bool = false) {
        out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    mutating func string(_ text: String) { appendJSONString(text, to: &out) }

    mutating func field(_ name: StaticString, _ value: Int64) {
        key(name)
        integer(value)
    }

    mutating func fixed(_ name: StaticString, _ value: WLFixed) { field(name, Int64(value.rawValue)) }

    mutating func decimal(_ name: StaticString, _ value: WLFixed) {
        key(name)
        out.append(contentsOf: value.description.utf8)
    }

    mutating func point(_ x: WLFixed, _ y: WLFixed) {
        fixed("x", x)
        fixed("y", y)
        decimal("xf", x)
        decimal("yf", y)
    }

    mutating func boolean(_ name: StaticString, _ value: Bool) {
        key(name)
        out += Array((value ? "true" : "false").utf8)
    }

    /// A surface record's fields in their fixed order.
    mutating func surfaceFields(_ event: SurfaceEvent) {
        if let surface = event.surface {
            key("surface")
            string(surface)
        }
        if let serial = event.serial { field("serial", Int64(serial)) }
        if let time = event.time { field("time", Int64(time)) }
        if let x = event.x, let y = event.y { point(x, y) }
        if let width = event.width { field("width", Int64(width)) }
        if let height = event.height { field("height", Int64(height)) }
        if let active = event.active { boolean("active", active) }
        if let mime = event.mime {
            key("mime")
            string(mime)
        }
        if let action = event.action { field("action", Int64(action)) }
        if let states = event.states { field("states", Int64(states)) }
        if let text = event.text {
            key("text")
            string(text)
        }
        if let code = event.code { field("code", Int64(code)) }
        if let before = event.before { field("before", Int64(before)) }
        if let after = event.after { field("after", Int64(after)) }
        if let button = event.button { field("button", Int64(button)) }
        if let pressed = event.pressed { boolean("pressed", pressed) }
        if let axis = event.axis { field("axis", Int64(axis)) }
        if let value = event.value { field("value", Int64(value)) }
        if let device = event.device { field("device", Int64(device)) }
        if let detail = event.detail { field("detail", Int64(detail)) }
        if let ex = event.ex, let ey = event.ey {
            field("ex", Int64(ex))
            field("ey", Int64(ey))
        }
        if let rx = event.rx, let ry = event.ry {
            field("rx", Int64(rx))
            field("ry", Int64(ry))
        }
        if let flags = event.flags { field("flags", Int64(flags)) }
    }

    mutating func integer(_ value: Int64) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for k in stride(from: count - 1, through: 0, by: -1) { out.append(raw[k]) }
        }
    }
}
