#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// each optionally ending with `"hires":NS`, `"emulated":true` and `"control":true`. The `…f` decimals are copies
/// for people reading the file; readers use the raw integers.
///
/// The file is written under `PATH.partial` and renamed to PATH by ``finish()``, so PATH never
/// holds a half-written trace. An interrupted recording (crash, kill, or a writer released without
/// ``finish()``) leaves `PATH.partial` holding every line flushed so far — whole frames when
/// flushing per frame — which ``JSONLTraceReader`` reads like any trace (a torn last line is
/// reported as truncated).
public final class TraceWriter {
    /// Appended to the final path while recording.
    public static let temporarySuffix = ".partial"
    /// Buffered bytes that force a write even between frames.
    static let bufferLimit = 1 << 16

    /// Where the finished trace goes.
    public let path: String
    /// Where it is written until ``finish()``.
    public let temporaryPath: String
    /// When true, every frame and cancel is written to the file at once (live recording).
    public let flushesEachFrame: Bool
    /// Records written so far.
    public private(set) var recordCount = 0

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var finished = false

    /// Creates `path + ".partial"` and writes the header line to it.
    public init(path: String, header: TraceHeader, flushEachFrame: Bool = true) throws(TraceFileError) {
        self.path = path
        temporaryPath = path + Self.temporarySuffix
        flushesEachFrame = flushEachFrame
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TraceFileError(path: temporaryPath, operation: "create") }
        buffer.reserveCapacity(Self.bufferLimit * 2)
        buffer += Array(header.jsonLine().utf8)
        buffer.append(UInt8(ascii: "\n"))
        try flush()
    }

    deinit {
        if !finished {
            try? flush()
            close(fd)
        }
    }

    /// Appends one record line; flushes at frames and cancels when ``flushesEachFrame``.
    public func write(_ record: RawRecord) throws(TraceFileError) {
        precondition(!finished, "write after finish")
        Self.encode(record, into: &buffer)
        recordCount += 1
        let endsFrame = switch record.event {
        case .frame, .cancel, .flush: true
        default: false
        }
        if (flushesEachFrame && endsFrame) || buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Appends one presentation-feedback record line.
    public func write(_ presentation: PresentationRecord) throws(TraceFileError) {
        precondition(!finished, "write after finish")
        buffer.append(contentsOf: presentation.jsonLine.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Writes buffered lines to the temporary file.
    public func flush() throws(TraceFileError) {
        guard !buffer.isEmpty else { return }
        let ok = buffer.withUnsafeBytes { POSIXFile.writeAll(fd, $0) }
        guard ok else { throw TraceFileError(path: temporaryPath, operation: "write") }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, syncs and closes the file, then renames it to ``path``.
    public func finish() throws(TraceFileError) {
        precondition(!finished, "finish called twice")
        try flush()
        finished = true
        guard fsync(fd) == 0 else {
            let error = TraceFileError(path: temporaryPath, operation: "sync")
            close(fd)
            throw error
        }
        close(fd)
        guard rename(temporaryPath, path) == 0 else {
            throw TraceFileError(path: temporaryPath, operation: "rename to \(path)")
        }
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
