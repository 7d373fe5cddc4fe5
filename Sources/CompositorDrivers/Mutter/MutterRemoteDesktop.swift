import Foundation
import SandboxHarness

/// mutter's remote-desktop session bound to a screen-cast stream of its one monitor: the path
/// by which touch, keys and pointer enter mutter's real input stack (org.gnome.Mutter.RemoteDesktop).
///
/// Touch coordinates are the stream's pixels; a slot is our touch id (mutter picks the wl_touch ids).
final class MutterRemoteDesktop {
    /// The PipeWire node that carries the monitor's frames (for screenshots).
    let pipeWireNode: UInt32
    /// The screen-cast stream's object path, which touch and absolute pointer calls name.
    let streamPath: String

    private let bus: DBusConnection
    private let sessionPath: String
    private var isStopped = false

    private static let remoteDesktop = "org.gnome.Mutter.RemoteDesktop"
    private static let screenCast = "org.gnome.Mutter.ScreenCast"
    private static let sessionInterface = "org.gnome.Mutter.RemoteDesktop.Session"
    /// Seconds an input call may wait for mutter's answer: a loaded machine has kept it busy over 5 s.
    private static let inputTimeout = 25.0

    // MARK: - Starting

    /// Creates and starts the sessions, the stream recording `monitor` (a virtual monitor's
    /// connector name: Meta-0, Meta-1), and waits until the stream's PipeWire node exists
    /// (mutter accepts input for a stream only from then on).
    init(bus: DBusConnection, monitor: String, timeout: Double) throws {
        self.bus = bus
        let created = try bus.call(destination: Self.remoteDesktop, path: "/org/gnome/Mutter/RemoteDesktop",
                                   interface: Self.remoteDesktop, method: "CreateSession", timeout: timeout)
        guard let sessionPath = created.first?.stringValue else {
            throw DriverError("RemoteDesktop.CreateSession returned \(created), not a session path")
        }
        self.sessionPath = sessionPath
        let sessionID = try bus.property(destination: Self.remoteDesktop, path: sessionPath,
                                         interface: Self.sessionInterface, name: "SessionId")
        guard let id = sessionID.stringValue else { throw DriverError("the remote-desktop SessionId is \(sessionID)") }
        let cast = try bus.call(destination: Self.screenCast, path: "/org/gnome/Mutter/ScreenCast",
                                interface: Self.screenCast, method: "CreateSession",
                                arguments: [.dictionary(["remote-desktop-session-id": .string(id)])], timeout: timeout)
        guard let castPath = cast.first?.stringValue else {
            throw DriverError("ScreenCast.CreateSession returned \(cast), not a session path")
        }
        let stream = try bus.call(destination: Self.screenCast, path: castPath,
                                  interface: "org.gnome.Mutter.ScreenCast.Session", method: "RecordMonitor",
                                  arguments: [.string(monitor), .dictionary([:])], timeout: timeout)
        guard let streamPath = stream.first?.stringValue else {
            throw DriverError("ScreenCast RecordMonitor returned \(stream), not a stream path")
        }
        self.streamPath = streamPath
        // Subscribed before Start: the node is announced while Start runs.
        try bus.subscribe(interface: "org.gnome.Mutter.ScreenCast.Stream", member: "PipeWireStreamAdded",
                          path: streamPath)
        try bus.call(destination: Self.remoteDesktop, path: sessionPath, interface: Self.sessionInterface,
                     method: "Start", timeout: timeout)
        let added = try bus.waitForSignal(interface: "org.gnome.Mutter.ScreenCast.Stream",
                                          member: "PipeWireStreamAdded", path: streamPath, timeout: timeout)
        guard let node = added.arguments.first?.uint32Value else {
            throw DriverError("PipeWireStreamAdded carried \(added.arguments), not a node id")
        }
        pipeWireNode = node
    }

    // MARK: - Input

    /// A finger lands at stream pixel (x, y).
    func touchDown(slot: UInt32, x: Double, y: Double) throws {
        try session("NotifyTouchDown", [.string(streamPath), .uint32(slot), .double(x), .double(y)])
    }

    /// A finger moves to stream pixel (x, y).
    func touchMotion(slot: UInt32, x: Double, y: Double) throws {
        try session("NotifyTouchMotion", [.string(streamPath), .uint32(slot), .double(x), .double(y)])
    }

    /// A finger lifts.
    func touchUp(slot: UInt32) throws {
        try session("NotifyTouchUp", [.uint32(slot)])
    }

    /// A key (evdev code) goes down or up.
    func key(evdevCode: UInt32, pressed: Bool) throws {
        try session("NotifyKeyboardKeycode", [.uint32(evdevCode), .bool(pressed)])
    }

    /// The pointer moves to stream pixel (x, y).
    func pointerMotion(x: Double, y: Double) throws {
        try session("NotifyPointerMotionAbsolute", [.string(streamPath), .double(x), .double(y)])
    }

    /// A pointer button (evdev code, e.g. BTN_LEFT 0x110) goes down or up.
    func pointerButton(evdevCode: Int32, pressed: Bool) throws {
        try session("NotifyPointerButton", [.int32(evdevCode), .bool(pressed)])
    }

    private func session(_ method: String, _ arguments: [DBusValue]) throws {
        try bus.call(destination: Self.remoteDesktop, path: sessionPath, interface: Self.sessionInterface,
                     method: method, arguments: arguments, timeout: Self.inputTimeout)
    }

    // MARK: - Stopping

    /// Ends the session (mutter removes its virtual devices); idempotent, errors ignored
    /// because mutter may already be gone.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        _ = try? bus.call(destination: Self.remoteDesktop, path: sessionPath, interface: Self.sessionInterface,
                          method: "Stop", timeout: 1)
    }

    /// Waits until `name` has an owner on `bus` (mutter claims its D-Bus names after its socket).
    static func waitForName(_ name: String, on bus: DBusConnection, until deadline: Double,
                            alive: () throws -> Void) throws {
        while true {
            try alive()
            let owned = try bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                     interface: "org.freedesktop.DBus", method: "NameHasOwner",
                                     arguments: [.string(name)])
            if owned == [.bool(true)] { return }
            guard MonotonicClock.now() < deadline else { throw DriverError("\(name) never appeared on the session bus") }
            MonotonicClock.sleep(0.02)
        }
    }
}
