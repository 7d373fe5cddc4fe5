import Foundation
import TouchStream

// MARK: - What an X11 window got, against the wl_touch stream of the same touches

/// Compares what our X11 window received under a compositor's Xwayland (its `x11-…` records) with
/// the wl_touch stream our Wayland client received for the same window-relative script.
///
/// The rule, touch by touch in the order they began: the same number of touches; each begins,
/// moves as often and ends the same way (wl_touch up or cancel; XI TouchEnd); each position,
/// window-relative, within ``tolerance(at:)`` of the wl_touch one. Besides, the X11 window must get the
/// touches as XI 2.2 touch events (it selects them), and pointer events only marked as emulated.
public struct X11TouchComparison: Sendable {
    /// Largest difference, in logical px, between an X11 window position and the wl_touch one that
    /// still counts as the same, for a position `value` px from the window's corner: wl_touch's own
    /// step (wl_fixed, 1/256 px) plus the 1/65536 of the value that Xwayland's scaling into FP16.16
    /// loses (measured under weston 10, KWin 5.27 and sway 1.7: 200 arrives as 199.99695, 320 as
    /// 319.99512). Any offset a scale, a frame or a title bar adds is far larger.
    public static func tolerance(at value: Double) -> Double { 1.0 / 256 + abs(value) / 65536 }
    /// X server times wrap at 2^32 ms: a difference below half of that is "not before".
    static let halfRange: UInt32 = 1 << 31
    /// XIPointerEmulated: a pointer event the X server made up from a touch.
    static let pointerEmulatedFlag: UInt32 = 0x1_0000

    /// One touch: its positions (window-relative px, the begin's first) and how it ended.
    public struct Track: Equatable, Sendable {
        public var id: String
        public var positions: [(x: Double, y: Double)]
        public var ending: Ending

        public static func == (a: Track, b: Track) -> Bool {
            a.id == b.id && a.ending == b.ending && a.positions.elementsEqual(b.positions) { $0 == $1 }
        }
    }

    /// How a touch ended.
    public enum Ending: String, Sendable {
        case ended = "end", cancelled = "cancel", open = "no end"
    }

    /// The wl_touch client's touches and the X11 window's.
    public let wayland: [Track], x11: [Track]
    /// Pointer events (XI and core) the X11 window got: all of them, and those not marked emulated.
    public let pointerEvents: Int, unmarkedPointerEvents: Int
    /// What the comparison found.
    public let observations: [MatrixObservation]
    /// The differences, one per line, for the run's `x11-comparison.txt`.
    public let lines: [String]

    /// X pixels per logical pixel in the X11 window, as the calibration taps measured them (1, 1
    /// where Xwayland's coordinates are the compositor's logical ones).
    public let scale: (x: Double, y: Double)

    /// Compares the wl_touch records of the Wayland run with the X11 window's records; `scale` is
    /// what the calibration measured (a scale other than 1 is itself a difference of positions).
    public init(wayland records: [RawRecord], x11 events: [SurfaceEvent], scale: (x: Double, y: Double) = (1, 1)) {
        self.scale = scale
        wayland = Self.waylandTracks(records)
        // Touches on the client's own decorations count as arriving (Mir gives every touch in the
        // window to libdecor's border), though there is no position to compare them with.
        let waylandTouched = records.contains { if case .down = $0.event { true } else { false } }
        x11 = Self.x11Tracks(events)
        // Pointer events while fingers were down (from the first touch's time to the last's end):
        // the pointer entering the window before, or leaving it after, is no touch's doing.
        let touchTimes = events.filter { [.x11TouchBegin, .x11TouchUpdate, .x11TouchEnd].contains($0.kind) }.compactMap(\.time)
        let pointer = events.filter { event in
            guard Self.pointerKinds.contains(event.kind) else { return false }
            guard let first = touchTimes.first, let last = touchTimes.last, let time = event.time else { return true }
            return time &- first < Self.halfRange && last &- time < Self.halfRange
        }
        pointerEvents = pointer.count
        unmarkedPointerEvents = pointer.filter { ($0.flags ?? 0) & Self.pointerEmulatedFlag == 0 }.count
        var (observations, lines) = Self.compare(wayland: wayland, touched: waylandTouched, x11: x11,
                                                 pointer: pointerEvents, unmarked: unmarkedPointerEvents)
        if scale != (1, 1) {
            lines.insert("the X11 window has \(Self.number(scale.x))×\(Self.number(scale.y)) X pixels per logical pixel "
                + "(calibration taps)", at: 0)
        }
        self.observations = observations
        self.lines = lines
    }

    /// What two compositors must match on: each X11 touch's shape, and the pointer events' kinds.
    public var signatures: [String] {
        x11.enumerated().map { index, track in
            "touch \(index + 1): begin, \(track.positions.count - 1) updates, \(track.ending.rawValue)"
        } + ["pointer events: \(pointerEvents), not marked emulated: \(unmarkedPointerEvents)"]
            + (scale == (1, 1) ? [] : ["X pixels per logical pixel: \(Self.number(scale.x))×\(Self.number(scale.y))"])
    }

    static let pointerKinds: Set<SurfaceEventKind> = [.x11Motion, .x11ButtonPress, .x11ButtonRelease, .x11CoreMotion,
                                                      .x11CoreButtonPress, .x11CoreButtonRelease]

    // MARK: - Reading the two streams

    private static func waylandTracks(_ records: [RawRecord]) -> [Track] {
        var tracks: [Track] = [], active: [Int32: Int] = [:]
        for record in records where !record.isControl {
            switch record.event {
            case .down(_, _, _, let id, let x, let y):
                active[id] = tracks.count
                tracks.append(Track(id: "\(id)", positions: [(x.doubleValue, y.doubleValue)], ending: .open))
            case .motion(_, let id, let x, let y):
                if let index = active[id] { tracks[index].positions.append((x.doubleValue, y.doubleValue)) }
            case .up(_, _, let id):
                if let index = active.removeValue(forKey: id) { tracks[index].ending = .ended }
            case .cancel:
                for index in active.values { tracks[index].ending = .cancelled }
                active = [:]
            default:
                break
            }
        }
        return tracks
    }

    private static func x11Tracks(_ events: [SurfaceEvent]) -> [Track] {
        var tracks: [Track] = [], active: [UInt32: Int] = [:]
        for event in events {
            guard let detail = event.detail else { continue }
            let position = (x: Double(event.ex ?? 0) / 65536, y: Double(event.ey ?? 0) / 65536)
            switch event.kind {
            case .x11TouchBegin:
                active[detail] = tracks.count
                tracks.append(Track(id: "\(detail)", positions: [position], ending: .open))
            case .x11TouchUpdate:
                if let index = active[detail] { tracks[index].positions.append(position) }
            case .x11TouchEnd:
                if let index = active.removeValue(forKey: detail) { tracks[index].ending = .ended }
            default:
                break
            }
        }
        return tracks
    }

    // MARK: - The comparison

    private static func compare(wayland: [Track], touched: Bool, x11: [Track], pointer: Int,
                                unmarked: Int) -> ([MatrixObservation], [String]) {
        guard touched else { return ([], ["the wl_touch client got no touch: nothing to compare"]) }
        var found: [MatrixObservation] = [], lines: [String] = []
        if x11.isEmpty {
            found.append(pointer > 0 ? .x11PointerOnly : .x11NothingArrived)
            lines.append(pointer > 0 ? "no XI touch event; \(pointer) pointer events (\(unmarked) not marked emulated)"
                : "no event at all reached the X11 window")
            return (found, lines)
        }
        guard !wayland.isEmpty else {
            return ([], ["the wl_touch client got touches only on its own decorations: no positions to compare"])
        }
        if unmarked > 0 {
            found.append(.x11DoubleDelivery)
            lines.append("\(unmarked) pointer events not marked XIPointerEmulated came with the XI touch events")
        }
        if wayland.count != x11.count {
            lines.append("\(wayland.count) wl_touch touches, \(x11.count) X11 touches")
        }
        var differ = wayland.count != x11.count, off = false
        for (index, (touch, x)) in zip(wayland, x11).enumerated() {
            let name = "touch \(index + 1) (wl_touch id \(touch.id), X11 touch \(x.id))"
            if touch.positions.count != x.positions.count || touch.ending != x.ending {
                differ = true
                lines.append("\(name): wl_touch down + \(touch.positions.count - 1) motions, \(touch.ending.rawValue); "
                    + "X11 begin + \(x.positions.count - 1) updates, \(x.ending.rawValue)")
            }
            for (step, (a, b)) in zip(touch.positions, x.positions).enumerated()
            where abs(a.x - b.x) > tolerance(at: a.x) || abs(a.y - b.y) > tolerance(at: a.y) {
                off = true
                lines.append("\(name), event \(step + 1): wl_touch \(number(a.x)),\(number(a.y)); X11 \(number(b.x)),\(number(b.y))")
            }
        }
        if differ { found.append(.x11TouchesDiffer) }
        if off { found.append(.x11PositionOff) }
        if found.isEmpty { lines.append("the same \(x11.count) touches, positions within 1/256 px + 1/65536 of the position") }
        return (found, lines)
    }

    static func number(_ value: Double) -> String { String(format: "%.5f", value) }
}
