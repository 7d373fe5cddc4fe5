import CWayland
import CWaylandProtocols
import Glibc

// MARK: - The connection

/// A libwayland display connection, named for error messages; every failure is one
/// `WaylandConnectionError` line (the protocol error when there is one, else the errno).
///
/// Single-threaded: events are dispatched only inside this type's calls, on the caller's thread.
/// Owners destroy their proxies before they release the connection (deinit disconnects).
public final class WaylandConnection {
    /// The wl_display.
    public let display: OpaquePointer
    /// The socket name or path connected to, as the user would recognise it.
    public let name: String

    /// Connects to `name` (a socket name inside $XDG_RUNTIME_DIR, or an absolute path); when nil,
    /// to what libwayland picks: $WAYLAND_SOCKET, else $WAYLAND_DISPLAY, else "wayland-0".
    public init(display requested: String?) throws(WaylandConnectionError) {
        let described: String
        if let requested {
            described = requested
        } else if let socket = environmentValue("WAYLAND_SOCKET") {
            described = "WAYLAND_SOCKET=\(socket)"
        } else {
            described = environmentValue("WAYLAND_DISPLAY") ?? "wayland-0"
        }
        // libwayland prints a line of its own for a socket path longer than a Unix socket takes:
        // refuse it first, so the user reads one line (ours).
        if requested != nil || environmentValue("WAYLAND_SOCKET") == nil,
           let path = Self.socketPath(name: described, runtimeDirectory: environmentValue("XDG_RUNTIME_DIR")),
           path.utf8.count > RuntimeDirectory.socketPathLimit {
            throw .cannotConnect(display: described, runtimeDirectory: environmentValue("XDG_RUNTIME_DIR"),
                                 errno: ENAMETOOLONG)
        }
        guard let display = wl_display_connect(requested) else {
            let code = errno
            throw .cannotConnect(display: described, runtimeDirectory: environmentValue("XDG_RUNTIME_DIR"),
                                 errno: code == 0 ? ENOENT : code)
        }
        self.display = display
        self.name = described
    }

    /// The socket path `environment` (another process's) names: its WAYLAND_DISPLAY (default
    /// "wayland-0") as given when absolute, else inside its XDG_RUNTIME_DIR, as libwayland resolves it.
    public static func socketPath(environment: [String: String]) throws(WaylandConnectionError) -> String {
        let name = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        guard let path = socketPath(name: name, runtimeDirectory: runtime) else {
            throw .noRuntimeDirectory(display: name)
        }
        return path
    }

    /// Where libwayland looks for the socket `name`: itself when absolute, else inside `runtimeDirectory`.
    static func socketPath(name: String, runtimeDirectory: String?) -> String? {
        if name.hasPrefix("/") { return name }
        return runtimeDirectory.map { "\($0)/\(name)" }
    }

    deinit { wl_display_disconnect(display) }

    // MARK: - libwayland's read protocol, for a caller's own poll loop

    /// The socket to poll.
    public var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Dispatches every queued event.
    public func dispatchPending() throws(WaylandConnectionError) {
        if wl_display_dispatch_pending(display) < 0 { throw failure(during: "dispatch") }
    }

    /// Announces a read; false when events are already queued (dispatch them first, then retry).
    public func prepareRead() -> Bool { wl_display_prepare_read(display) == 0 }

    /// Withdraws a prepared read.
    public func cancelRead() { wl_display_cancel_read(display) }

    /// Reads what the socket holds into the queue (completes a prepared read).
    public func readEvents() throws(WaylandConnectionError) {
        if wl_display_read_events(display) < 0 { throw failure(during: "read") }
    }

    /// Sends buffered requests; false when the socket is full and POLLOUT must be awaited.
    public func flush() throws(WaylandConnectionError) -> Bool {
        if wl_display_flush(display) >= 0 { return true }
        if errno == EAGAIN { return false }
        throw failure(during: "flush")
    }

    // MARK: - Blocking calls, for clients without a loop of their own

    /// Sends every buffered request now, waiting for room when the socket is full: a request's
    /// timing is real only once it is written.
    public func flushAll() throws(WaylandConnectionError) {
        while try !flush() {
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, -1)
        }
    }

    /// Sends all requests and waits until the compositor has handled them (and dispatches the replies).
    public func roundtrip() throws(WaylandConnectionError) {
        if wl_display_roundtrip(display) < 0 { throw failure(during: "roundtrip") }
    }

    /// Sends buffered requests, waits up to `timeout` seconds for one batch of events and dispatches
    /// what arrived (queued events at once).
    public func dispatchOnce(timeout: Double) throws(WaylandConnectionError) {
        while !prepareRead() { try dispatchPending() }
        do {
            try flushAll()
        } catch {
            cancelRead()
            throw error
        }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        // To the nanosecond: poll()'s whole milliseconds would send a blocking client's timed input
        // (a script) up to 1 ms late, on a grid set by whatever woke us last, not on its schedule.
        let nanoseconds = Int64(min(max(0, timeout * 1e9), 1e15))
        if gs_poll_nanoseconds(&descriptor, 1, nanoseconds) > 0 {
            try readEvents()
        } else {
            cancelRead()
        }
        try dispatchPending()
    }

    /// Dispatches incoming events for `seconds` (at least one pass): a blocking client's sleep that
    /// keeps serving the connection.
    public func dispatch(for seconds: Double) throws(WaylandConnectionError) {
        let deadline = monotonicNow() + seconds
        repeat {
            try dispatchOnce(timeout: deadline - monotonicNow())
        } while monotonicNow() < deadline
    }

    // MARK: - Failures

    /// The error the connection is in: the protocol error when there is one, else the errno.
    public func failure(during operation: String) -> WaylandConnectionError {
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

// MARK: - Without Foundation

/// The value of environment variable `name` in this process, nil when unset.
func environmentValue(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

/// CLOCK_MONOTONIC in seconds (the clock scripts and commit times use).
func monotonicNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
