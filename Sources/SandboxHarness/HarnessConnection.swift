import CWayland
import CWaylandProtocols
import Foundation

/// A small blocking client of a harness weston: it sends gesture_harness_v1 requests
/// and records the compositor's commit events with their CLOCK_MONOTONIC time.
///
/// Single-threaded: events are only dispatched inside this type's calls (roundtrip,
/// waits, picks, script sleeps). Every request is flushed at once, so its timing is real;
/// scripts (`run`) write each frame's requests together, as a device's frame arrives at once.
public final class HarnessConnection {
    /// The socket this connection uses.
    public let socketPath: String
    /// Every commit event received so far, in arrival order.
    public internal(set) var commits: [HarnessCommit] = []

    let display: OpaquePointer
    var registry: OpaquePointer?
    var harness: OpaquePointer?
    /// The answer of the pick in flight (see HarnessPick.swift).
    var pickAnswer: PickAnswer = .none
    /// True while a script frame is being sent: requests wait in the buffer for its end.
    var holdsRequests = false

    // MARK: - Connecting

    /// Connects to the socket at `socketPath` (absolute) and binds gesture_harness_v1.
    public init(socketPath: String) throws {
        guard let display = wl_display_connect(socketPath) else {
            throw HarnessError("cannot connect to \(socketPath): \(String(cString: strerror(errno)))")
        }
        self.socketPath = socketPath
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, HarnessConnection.registryListener,
                                 Unmanaged.passUnretained(self).toOpaque())
        try roundtrip()
        guard harness != nil else {
            throw HarnessError("\(socketPath) offers no gesture_harness_v1 global (is the harness module loaded?)")
        }
        // The bind was only queued while the first roundtrip's events were dispatched: make
        // weston process it now, or commits of clients started next could precede it.
        try roundtrip()
    }

    /// Connects to the compositor named by `WAYLAND_DISPLAY` (a name inside `XDG_RUNTIME_DIR`,
    /// or an absolute path; default "wayland-0") in `environment`, e.g. a harness weston
    /// started by another process.
    public convenience init(environment: [String: String]) throws {
        let name = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
        if name.hasPrefix("/") {
            try self.init(socketPath: name)
            return
        }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
            throw HarnessError("cannot find the Wayland socket \(name): XDG_RUNTIME_DIR is not set")
        }
        try self.init(socketPath: "\(runtime)/\(name)")
    }

    deinit {
        if let harness { gesture_harness_v1_destroy(harness) }
        if let registry { wl_registry_destroy(registry) }
        wl_display_disconnect(display)
    }

    // MARK: - Dispatching

    /// Sends pending requests and waits until the compositor has processed them all.
    public func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 { throw connectionError() }
    }

    /// Dispatches incoming events for `seconds` (at least one pass), as a script sleep does.
    public func dispatch(for seconds: Double) throws {
        let deadline = MonotonicClock.now() + seconds
        repeat {
            try dispatchOnce(timeout: deadline - MonotonicClock.now())
        } while MonotonicClock.now() < deadline
    }

    /// Waits up to `timeout` seconds for one batch of events and dispatches what arrived.
    func dispatchOnce(timeout: Double) throws {
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
        }
        do {
            try flush()
        } catch {
            wl_display_cancel_read(display)
            throw error
        }
        var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        // To the nanosecond: poll()'s whole milliseconds would send scripted input up to 1 ms late,
        // on a grid set by whatever woke us last (a client's commit), not on the script's schedule.
        let nanoseconds = Int64(min(max(0, timeout * 1e9), 1e15))
        if gs_poll_nanoseconds(&descriptor, 1, nanoseconds) > 0 {
            if wl_display_read_events(display) < 0 { throw connectionError() }
        } else {
            wl_display_cancel_read(display)
        }
        if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
    }

    /// Writes buffered requests (unless a script frame holds them), waiting for the socket when it is full.
    func flush() throws {
        guard !holdsRequests else { return }
        while wl_display_flush(display) < 0 {
            guard errno == EAGAIN else { throw connectionError() }
            var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, -1)
        }
    }

    /// The connection's failure as a one-line error.
    func connectionError() -> HarnessError {
        let code = wl_display_get_error(display)
        if code == EPROTO {
            return HarnessError("harness connection \(socketPath): protocol error")
        }
        return HarnessError("harness connection \(socketPath) failed: \(String(cString: strerror(code == 0 ? errno : code)))")
    }

    // MARK: - Commits

    /// The time of the first commit after `after` (CLOCK_MONOTONIC seconds) from the client
    /// with `pid` (any client when nil), waiting up to `timeout` seconds; nil on timeout.
    public func waitForCommit(pid: Int32? = nil, after: Double, timeout: Double) throws -> Double? {
        let deadline = MonotonicClock.now() + timeout
        while true {
            if let commit = commits.first(where: { (pid == nil || $0.pid == pid) && $0.time > after }) {
                return commit.time
            }
            let remaining = deadline - MonotonicClock.now()
            if remaining <= 0 { return nil }
            try dispatchOnce(timeout: remaining)
        }
    }

    /// Like `waitForCommit(pid:after:timeout:)` with `after` as a timespec.
    public func waitForCommit(pid: Int32? = nil, after: timespec, timeout: Double) throws -> Double? {
        try waitForCommit(pid: pid, after: MonotonicClock.seconds(after), timeout: timeout)
    }

    /// Forgets the commits recorded so far (long runs would otherwise keep them all).
    public func discardCommits() {
        commits.removeAll()
    }
}

/// One commit event: a mapped client surface committed at `time`.
public struct HarnessCommit: Hashable, Sendable {
    /// The committing client's pid.
    public var pid: Int32
    /// CLOCK_MONOTONIC seconds part, as the module sent it.
    public var seconds: UInt32
    /// CLOCK_MONOTONIC nanoseconds part.
    public var nanoseconds: UInt32
    /// The commit time in CLOCK_MONOTONIC seconds (comparable with `MonotonicClock.now()`).
    public var time: Double { Double(seconds) + Double(nanoseconds) / 1e9 }

    /// Creates a commit record.
    public init(pid: Int32, seconds: UInt32, nanoseconds: UInt32) {
        self.pid = pid
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }
}
