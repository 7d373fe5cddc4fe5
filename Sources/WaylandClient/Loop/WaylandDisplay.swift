import CWayland
import Glibc

// MARK: - The connection

/// A libwayland display connection, named for error messages, pumped by `EventLoop`.
final class WaylandDisplay: LoopDisplay {
    /// The wl_display.
    let display: OpaquePointer
    /// The socket name or path connected to, as the user would recognise it.
    let name: String

    /// Connects to `name`, or to $WAYLAND_DISPLAY (libwayland's default "wayland-0") when nil.
    init(name requested: String?) throws {
        let environment = ProcessInfoLite.self
        let described: String
        if let requested {
            described = requested
        } else if let socket = environment.value("WAYLAND_SOCKET") {
            described = "WAYLAND_SOCKET=\(socket)"
        } else {
            described = environment.value("WAYLAND_DISPLAY") ?? "wayland-0"
        }
        guard let display = wl_display_connect(requested) else {
            let code = errno
            throw WaylandError.cannotConnect(display: described, runtimeDirectory: environment.value("XDG_RUNTIME_DIR"),
                                             errno: code == 0 ? ENOENT : code)
        }
        self.display = display
        self.name = described
    }

    deinit { wl_display_disconnect(display) }

    var fileDescriptor: Int32 { wl_display_get_fd(display) }

    func dispatchPending() throws {
        if wl_display_dispatch_pending(display) < 0 { throw failure(during: "dispatch") }
    }

    func prepareRead() -> Bool { wl_display_prepare_read(display) == 0 }

    func cancelRead() { wl_display_cancel_read(display) }

    func readEvents() throws {
        if wl_display_read_events(display) < 0 { throw failure(during: "read") }
    }

    func flush() throws -> Bool {
        if wl_display_flush(display) >= 0 { return true }
        if errno == EAGAIN { return false }
        throw failure(during: "flush")
    }

    /// Sends all requests and waits until the compositor has handled them (and dispatches the replies).
    func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 { throw failure(during: "roundtrip") }
    }

    /// The error the connection is in: the protocol error when there is one, else the errno.
    func failure(during operation: String) -> WaylandError {
        let saved = errno
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &objectID)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return .protocolError(interface: name, objectID: objectID, code: protocolCode)
        }
        return .disconnected(operation: operation, errno: code != 0 ? code : saved)
    }
}

/// Environment lookup without Foundation.
enum ProcessInfoLite {
    /// The value of environment variable `name`, nil when unset.
    static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
