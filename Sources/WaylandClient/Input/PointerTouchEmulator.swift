import TouchStream

// MARK: - Mouse emulation of touches

/// Turns left-button drags into emulated touches, as the iPhone simulator does (DESIGN §7).
///
/// Press is a down, motion while pressed a motion, release an up; each step is followed by
/// its own frame and every record is tagged `isEmulated`. Holding Alt at the press adds a
/// second finger mirrored around the window centre (pinch and rotate); Alt+Shift keeps the
/// second finger at its initial offset so both move together (two-finger pan). The modifiers
/// are read once, at the press, and hold for the whole drag. Coordinates are surface-local
/// wl_fixed, as wl_touch's.
struct PointerTouchEmulator {
    /// The touch id of the finger under the pointer: negative, so it never collides with the
    /// small non-negative ids compositors give real touches.
    static let emulatedTouchID: Int32 = -1
    /// The touch id of the second (Alt) finger.
    static let secondTouchID: Int32 = -2
    /// BTN_LEFT from linux/input-event-codes.h: the button that is the finger.
    static let fingerButton: UInt32 = 0x110

    /// A surface-local position in wl_fixed.
    struct Position: Equatable {
        var x: WLFixed
        var y: WLFixed
    }

    /// Where the second finger goes relative to the first.
    enum SecondFinger: Equatable {
        /// Mirrored through `centre`: 2·centre − pointer.
        case mirrored(centre: Position)
        /// At a fixed raw offset from the pointer.
        case offset(dx: Int32, dy: Int32)

        /// The second finger's position for the pointer at `p` (wl_fixed arithmetic, clamped).
        func position(for p: Position) -> Position {
            func add(_ a: Int64, _ b: Int64) -> WLFixed { WLFixed(rawValue: Int32(clamping: a + b)) }
            switch self {
            case .mirrored(let c):
                return Position(x: add(2 * Int64(c.x.rawValue), -Int64(p.x.rawValue)),
                                y: add(2 * Int64(c.y.rawValue), -Int64(p.y.rawValue)))
            case .offset(let dx, let dy):
                return Position(x: add(Int64(p.x.rawValue), Int64(dx)), y: add(Int64(p.y.rawValue), Int64(dy)))
            }
        }
    }

    /// A pointer event, reduced to what emulation needs.
    enum Event: Equatable {
        case enter(serial: UInt32 = 0, surface: String?, x: WLFixed, y: WLFixed)
        case leave(serial: UInt32, surface: String? = nil)
        case motion(time: UInt32, x: WLFixed, y: WLFixed)
        /// A button; `modifiers` are the keyboard's at that moment, `centre` the window centre.
        case button(serial: UInt32, time: UInt32, button: UInt32, pressed: Bool,
                    modifiers: KeyModifiers = [], centre: Position = Position(x: WLFixed(0), y: WLFixed(0)))
    }

    /// Where the pointer is, as far as the fingers are concerned.
    enum State: Equatable {
        /// Not over our surface: buttons and motion are not ours.
        case away
        /// Over `surface` at `at`, finger button up.
        case hovering(surface: String?, at: Position)
        /// Finger button down: the emulated touches are active; `time` is the last event time.
        case pressed(surface: String?, at: Position, time: UInt32, second: SecondFinger?)
    }

    private(set) var state: State = .away

    /// Applies one pointer event; returns the records it produces (empty for most).
    mutating func handle(_ event: Event) -> [RawRecord] {
        switch (state, event) {
        case (_, .enter(_, let surface, let x, let y)):
            state = .hovering(surface: surface, at: Position(x: x, y: y))
            return []
        case (.pressed(_, _, let time, let second), .leave(let serial, _)):
            // Focus lost mid-drag (no implicit grab): lift the fingers where they were last seen.
            state = .away
            return Self.framed(ups(serial: serial, time: time, second: second))
        case (_, .leave):
            state = .away
            return []
        case (.hovering(let surface, _), .motion(_, let x, let y)):
            state = .hovering(surface: surface, at: Position(x: x, y: y))
            return []
        case (.pressed(let surface, _, _, let second), .motion(let time, let x, let y)):
            let at = Position(x: x, y: y)
            state = .pressed(surface: surface, at: at, time: time, second: second)
            var events: [RawEvent] = [.motion(time: time, id: Self.emulatedTouchID, x: x, y: y)]
            if let other = second?.position(for: at) {
                events.append(.motion(time: time, id: Self.secondTouchID, x: other.x, y: other.y))
            }
            return Self.framed(events)
        case (.hovering(let surface, let at), .button(let serial, let time, Self.fingerButton, true, let mods, let centre)):
            return press(surface: surface, at: at, serial: serial, time: time, modifiers: mods, centre: centre)
        case (.pressed(let surface, let at, _, let second), .button(let serial, let time, Self.fingerButton, false, _, _)):
            state = .hovering(surface: surface, at: at)
            return Self.framed(ups(serial: serial, time: time, second: second))
        case (.away, .motion), (.away, .button), (.hovering, .button), (.pressed, .button):
            // Other buttons, a release whose press happened elsewhere, events without focus:
            // none of them moves a finger.
            return []
        }
    }

    private mutating func press(surface: String?, at: Position, serial: UInt32, time: UInt32,
                                modifiers: KeyModifiers, centre: Position) -> [RawRecord] {
        var second: SecondFinger?
        if modifiers.contains(.alt) {
            let mirrored = SecondFinger.mirrored(centre: centre)
            let start = mirrored.position(for: at)
            second = modifiers.contains(.shift)
                ? .offset(dx: start.x.rawValue &- at.x.rawValue, dy: start.y.rawValue &- at.y.rawValue)
                : mirrored
        }
        state = .pressed(surface: surface, at: at, time: time, second: second)
        var events: [RawEvent] = [.down(serial: serial, time: time, surface: surface, id: Self.emulatedTouchID,
                                        x: at.x, y: at.y)]
        if let other = second?.position(for: at) {
            events.append(.down(serial: serial, time: time, surface: surface, id: Self.secondTouchID,
                                x: other.x, y: other.y))
        }
        return Self.framed(events)
    }

    private func ups(serial: UInt32, time: UInt32, second: SecondFinger?) -> [RawEvent] {
        [.up(serial: serial, time: time, id: Self.emulatedTouchID)]
            + (second == nil ? [] : [.up(serial: serial, time: time, id: Self.secondTouchID)])
    }

    /// `events` then one frame, all tagged as emulated.
    private static func framed(_ events: [RawEvent]) -> [RawRecord] {
        (events + [.frame]).map { RawRecord($0, isEmulated: true) }
    }
}
