import CWaylandProtocols
import TouchStream

/// Linux input codes for the pointer and key requests (linux/input-event-codes.h).
public enum LinuxInputCode {
    /// BTN_LEFT.
    public static let buttonLeft: UInt32 = 0x110
    /// BTN_RIGHT.
    public static let buttonRight: UInt32 = 0x111
    /// KEY_ESC.
    public static let keyEscape: UInt32 = 1
    /// KEY_LEFTALT.
    public static let keyLeftAlt: UInt32 = 56
    /// KEY_LEFTSHIFT.
    public static let keyLeftShift: UInt32 = 42
}

// MARK: - Touch through weston's input path (global coordinates)

extension HarnessConnection {
    /// touch_down at global (x, y).
    public func touchDown(id: Int32, x: WLFixed, y: WLFixed) throws {
        gesture_harness_v1_touch_down(harness, id, x.rawValue, y.rawValue)
        try flush()
    }

    /// touch_down at global (x, y).
    public func touchDown(id: Int32, x: Double, y: Double) throws {
        try touchDown(id: id, x: WLFixed(x), y: WLFixed(y))
    }

    /// touch_motion to global (x, y).
    public func touchMotion(id: Int32, x: WLFixed, y: WLFixed) throws {
        gesture_harness_v1_touch_motion(harness, id, x.rawValue, y.rawValue)
        try flush()
    }

    /// touch_motion to global (x, y).
    public func touchMotion(id: Int32, x: Double, y: Double) throws {
        try touchMotion(id: id, x: WLFixed(x), y: WLFixed(y))
    }

    /// touch_up.
    public func touchUp(id: Int32) throws {
        gesture_harness_v1_touch_up(harness, id)
        try flush()
    }

    /// touch_frame (weston forwards it to the focused client, if any).
    public func touchFrame() throws {
        gesture_harness_v1_touch_frame(harness)
        try flush()
    }

    /// set_touch_capability: false removes the touch device (as an unplug), true adds it back.
    public func setTouchCapability(_ enabled: Bool) throws {
        gesture_harness_v1_set_touch_capability(harness, enabled ? 1 : 0)
        try flush()
    }
}

// MARK: - Straight to the touch-focused client (things weston 10 never sends)

extension HarnessConnection {
    /// client_cancel: wl_touch.cancel to the focused (else last touched) client; weston's
    /// touch state is reset so the next down starts a new sequence.
    public func cancel() throws {
        gesture_harness_v1_client_cancel(harness)
        try flush()
    }

    /// client_shape: wl_touch.shape to that client's v6+ wl_touch objects.
    public func shape(id: Int32, major: WLFixed, minor: WLFixed) throws {
        gesture_harness_v1_client_shape(harness, id, major.rawValue, minor.rawValue)
        try flush()
    }

    /// client_orientation: wl_touch.orientation to that client's v6+ wl_touch objects.
    public func orientation(id: Int32, degrees: WLFixed) throws {
        gesture_harness_v1_client_orientation(harness, id, degrees.rawValue)
        try flush()
    }

    /// client_frame: an extra wl_touch.frame to that client (e.g. the one weston 10 drops after the last up).
    public func clientFrame() throws {
        gesture_harness_v1_client_frame(harness)
        try flush()
    }
}

// MARK: - Pointer and keyboard

extension HarnessConnection {
    /// pointer_motion to global (x, y) (followed by a pointer frame, as backends do).
    public func pointerMotion(x: Double, y: Double) throws {
        gesture_harness_v1_pointer_motion(harness, WLFixed(x).rawValue, WLFixed(y).rawValue)
        try flush()
    }

    /// pointer_button with a Linux button code (`LinuxInputCode.buttonLeft`).
    public func pointerButton(_ button: UInt32, pressed: Bool) throws {
        gesture_harness_v1_pointer_button(harness, button, pressed ? 1 : 0)
        try flush()
    }

    /// key with a Linux key code; weston updates the modifier state.
    public func key(_ key: UInt32, pressed: Bool) throws {
        gesture_harness_v1_key(harness, key, pressed ? 1 : 0)
        try flush()
    }
}

// MARK: - Scripts

extension HarnessConnection {
    /// Sends a compact-form script (DESIGN §8); record coordinates are global here.
    ///
    /// down/motion/up/frame go through weston (touch_*); cancel, shape and orientation are
    /// client_* requests. Record times, serials and surfaces are not sent: weston stamps its
    /// own. `sleep` really waits while dispatching events (commits keep being recorded).
    /// Ends with a roundtrip, so weston has processed the whole script on return.
    ///
    /// The requests of one frame (up to its `frame` or `cancel`) go out in one write, so weston
    /// handles them in one pass and the client reads them together, as with a real device: a
    /// client that flushes on a drained socket would otherwise see a frame cut in pieces.
    public func run(_ items: [ScriptItem]) throws {
        for item in items {
            switch item {
            case .record(let record):
                try sendInScript(record.event)
            case .sleep(let milliseconds):
                try dispatch(for: Double(milliseconds) / 1000)
            }
        }
        try roundtrip()
    }

    /// Sends one event of a script: requests before a frame's `frame` or `cancel` wait in the
    /// buffer and go out with it (or with the next dispatch or roundtrip), as `run` does.
    public func sendInScript(_ event: RawEvent) throws {
        switch event {
        case .frame, .cancel:
            try send(event)
        default:
            holdsRequests = true
            defer { holdsRequests = false }
            try send(event)
        }
    }

    /// Sends one raw event as the matching request.
    public func send(_ event: RawEvent) throws {
        switch event {
        case .down(_, _, _, let id, let x, let y): try touchDown(id: id, x: x, y: y)
        case .motion(_, let id, let x, let y): try touchMotion(id: id, x: x, y: y)
        case .up(_, _, let id): try touchUp(id: id)
        case .frame: try touchFrame()
        case .cancel: try cancel()
        case .shape(let id, let major, let minor): try shape(id: id, major: major, minor: minor)
        case .orientation(let id, let degrees): try orientation(id: id, degrees: degrees)
        case .capabilities(let touch): try setTouchCapability(touch)
        // The recording client's own delivery point, and the compositor's answers about our
        // surfaces: nothing to send as touch.
        case .flush, .surface: break
        }
    }
}
