// MARK: - The compact text form (DESIGN §8)

/// The compact text form of a touch stream, for humans, tests and injection scripts.
///
/// Grammar: statements separated by `;` or newlines, `#` starts a comment to the end of the line.
///
///     down ID X Y · motion ID X Y · up ID · frame · cancel
///     shape ID MAJOR MINOR · orientation ID DEGREES · sleep MS
///     capabilities touch · capabilities none · flush
///
/// `capabilities` records the touch bit of wl_seat.capabilities (``RawEvent/capabilities(touch:)``);
/// it is not a wl_touch event and does not advance the clock. Nor is `flush` (``RawEvent/flush``):
/// the live client delivered the pending events there without a wl_touch.frame.
///
/// Event statements take options after their arguments: `t=MS`, `serial=N` (down and up
/// only: motion carries no serial), `surface=NAME` (down only), and two extensions that keep
/// a recorded trace exact: `hires=NS` (zwp_input_timestamps_v1 nanoseconds),
/// `emulated=true` (mouse emulation) and `control=true` (a touch on the window's own controls).
///
/// Time: a script clock starts at 0 ms. Every event is stamped with the clock; `t=MS` first sets
/// the clock to MS (on any event, also frame/cancel/shape which carry no time themselves);
/// each `frame` advances the clock by ``frameIntervalMilliseconds`` after it, and `sleep MS`
/// by MS. So the first frame's events are at t=0, the second's at t=8. The clock wraps at
/// 2^32 like wl_touch time.
///
/// Serials: down and up without `serial=` get the previous serial + 1 (the first is 1);
/// `serial=N` sets it, and later events continue from N + 1.
///
/// Coordinates, shape axes and degrees are wl_fixed: a value that is not a multiple of 1/256 is
/// rounded to the nearest one (ties away from zero); a value outside wl_fixed's range is an error.
/// Surface names are written with `%XX` escapes for bytes other than letters, digits and `_@.:/-`.
public enum CompactTrace {
    /// Time a script's clock advances after each `frame` without `t=`, in ms (DESIGN §8).
    public static let frameIntervalMilliseconds: UInt32 = 8

    /// Parses compact text into items with resolved times and serials; `name` locates errors.
    public static func parse(_ text: String, name: String = "<script>") throws(TraceError) -> [ScriptItem] {
        var parser = CompactParser(name: name)
        return try parser.parseAll(Array(text.utf8))
    }

    /// Parses compact text into items and the `presentation` records it holds (kept apart).
    public static func parseWithPresentations(_ text: String, name: String = "<script>")
        throws(TraceError) -> (items: [ScriptItem], presentations: [PresentationRecord]) {
        var parser = CompactParser(name: name)
        let items = try parser.parseAll(Array(text.utf8))
        return (items, parser.presentations)
    }

    /// Writes items as compact text that parses back to exactly the same items.
    public static func write(_ items: [ScriptItem]) -> String {
        var writer = CompactWriter()
        for item in items { writer.append(item) }
        return writer.finish()
    }

    /// Writes records as compact text that parses back to exactly the same records.
    public static func write(records: [RawRecord]) -> String {
        write(records.map { ScriptItem.record($0) })
    }
}

// MARK: - The implicit clock and serial counter

/// The compact form's implicit time and serial rules, shared so parser and writer agree.
struct ScriptCursor {
    /// The script clock in ms, wrapping at 2^32.
    var time: UInt32 = 0
    /// The serial of the latest down or up (0 before the first, so the first auto serial is 1).
    var lastSerial: UInt32 = 0

    /// The serial a down or up gets without `serial=`.
    var nextSerial: UInt32 { lastSerial &+ 1 }

    /// Applies the after-statement rule: frames advance the clock by the frame interval.
    mutating func advance(after event: RawEvent) {
        if case .frame = event { time &+= CompactTrace.frameIntervalMilliseconds }
    }

    /// Applies a sleep.
    mutating func sleep(_ milliseconds: UInt32) { time &+= milliseconds }
}

// MARK: - Surface name escaping

enum SurfaceName {
    /// Bytes written as themselves; everything else becomes %XX.
    static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "@"),
             UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    static func escape(_ name: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in name.utf8 {
            if isPlain(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes %XX escapes; a malformed escape fails with its offset in `bytes`.
    enum Unescaped { case name(String), malformed(offset: Int) }

    static func unescape(_ bytes: ArraySlice<UInt8>) -> Unescaped {
        var out: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.endIndex,
                      let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) else {
                    return .malformed(offset: i - bytes.startIndex)
                }
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return .name(String(decoding: out, as: UTF8.self))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
