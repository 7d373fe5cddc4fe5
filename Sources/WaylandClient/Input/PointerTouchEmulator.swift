import TouchStream

// MARK: - Mouse emulation of one finger

/// Turns a left-button drag into one emulated touch, as the iPhone simulator does: press is a
/// down, motion while pressed a motion, release an up, each followed by its own frame; every
/// record is tagged `isEmulated`. Coordinates are surface-local wl_fixed, as wl_touch's.
struct PointerTouchEmulator {
    /// The touch id of the emulated finger: negative, so it never collides with the small
    /// non-negative ids compositors give real touches.
    static let emulatedTouchID: Int32 = -1
    /// BTN_LEFT from linux/input-event-codes.h: the button that is the finger.
    static let fingerButton: UInt32 = 0x110

    /// A pointer event, reduced to what emulation needs.
    enum Event: Equatable {
        case enter(surface: String?, x: WLFixed, y: WLFixed)
        case leave(serial: UInt32)
        case motion(time: UInt32, x: WLFixed, y: WLFixed)
        case button(serial: UInt32, time: UInt32, button: UInt32, pressed: Bool)
    }

    /// Where the pointer is, as far as the finger is concerned.
    enum State: Equatable {
        /// Not over our surface: buttons and motion are not ours.
        case away
        /// Over `surface` at (x, y), finger button up.
        case hovering(surface: String?, x: WLFixed, y: WLFixed)
        /// Finger button down: the emulated touch is active at (x, y); `time` is the last event time.
        case pressed(surface: String?, x: WLFixed, y: WLFixed, time: UInt32)
    }

    private(set) var state: State = .away

    /// Applies one pointer event; returns the records it produces (empty for most).
    mutating func handle(_ event: Event) -> [RawRecord] {
        let id = Self.emulatedTouchID
        switch (state, event) {
        case (_, .enter(let surface, let x, let y)):
            state = .hovering(surface: surface, x: x, y: y)
            return []
        case (.pressed(_, _, _, let time), .leave(let serial)):
            // Focus lost mid-drag (no implicit grab): lift the finger where it was last seen.
            state = .away
            return Self.framed(.up(serial: serial, time: time, id: id))
        case (_, .leave):
            state = .away
            return []
        case (.hovering(let surface, _, _), .motion(_, let x, let y)):
            state = .hovering(surface: surface, x: x, y: y)
            return []
        case (.pressed(let surface, _, _, _), .motion(let time, let x, let y)):
            state = .pressed(surface: surface, x: x, y: y, time: time)
            return Self.framed(.motion(time: time, id: id, x: x, y: y))
        case (.hovering(let surface, let x, let y), .button(let serial, let time, Self.fingerButton, true)):
            state = .pressed(surface: surface, x: x, y: y, time: time)
            return Self.framed(.down(serial: serial, time: time, surface: surface, id: id, x: x, y: y))
        case (.pressed(let surface, let x, let y, _), .button(let serial, let time, Self.fingerButton, false)):
            state = .hovering(surface: surface, x: x, y: y)
            return Self.framed(.up(serial: serial, time: time, id: id))
        case (.away, .motion), (.away, .button), (.hovering, .button), (.pressed, .button):
            // Other buttons, a release whose press happened elsewhere, events without focus:
            // none of them moves the finger.
            return []
        }
    }

    /// `event` then a frame, both tagged as emulated.
    private static func framed(_ event: RawEvent) -> [RawRecord] {
        [RawRecord(event, isEmulated: true), RawRecord(.frame, isEmulated: true)]
    }
}
