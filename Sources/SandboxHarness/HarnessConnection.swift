import CWaylandProtocols
import Foundation
import WaylandPlumbing

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

    let connection: WaylandConnection
    var registry: WaylandRegistry?
    var harness: OpaquePointer?
    /// The answer of the pick in flight (see HarnessPick.swift).
    var pickAnswer: PickAnswer = .none
    /// True while a script frame is being sent: requests wait in the buffer for its end.
    var holdsRequests = false

    // MARK: - Connecting

    /// Connects to the socket at `socketPath` (absolute) and binds gesture_harness_v1.
    public init(socketPath: String) throws {
        do {
            connection = try WaylandConnection(display: socketPath)
        } catch {
            throw HarnessError(error.description)
        }
        self.socketPath = socketPath
        let registry = WaylandRegistry(display: connection.display)
        self.registry = registry
        try roundtrip()
        guard let harness = registry.bind("gesture_harness_v1", as: gs_gesture_harness_v1_interface(),
                                          version: HarnessConnection.harnessVersion) else {
            throw HarnessError("\(socketPath) offers no gesture_harness_v1 global (is the harness module loaded?)")
        }
        self.harness = harness
        gesture_harness_v1_add_listener(harness, HarnessConnection.harnessListener, userData(self))
        // Make weston process the bind now, or commits of clients started next could precede it.
        try roundtrip()
    }

    /// Connects to the compositor named by `WAYLAND_DISPLAY` (a name inside `XDG_RUNTIME_DIR`,
    /// or an absolute path; default "wayland-0") in `environment`, e.g. a harness weston
    /// started by another process.
    public convenience init(environment: [String: String]) throws {
        let path: String
        do {
            path = try WaylandConnection.socketPath(environment: environment)
        } catch {
            throw HarnessError(error.description)
        }
        try self.init(socketPath: path)
    }

    deinit {
        if let harness { gesture_harness_v1_destroy(harness) }
        registry?.destroy()
    }

    // MARK: - Dispatching

    /// Sends pending requests and waits until the compositor has processed them all.
    public func roundtrip() throws {
        try checked(connection.roundtrip)
    }

    /// Dispatches incoming events for `seconds` (at least one pass), as a script sleep does.
    public func dispatch(for seconds: Double) throws {
        try checked { try connection.dispatch(for: seconds) }
    }

    /// Waits up to `timeout` seconds for one batch of events and dispatches what arrived.
    func dispatchOnce(timeout: Double) throws {
        try checked { try connection.dispatchOnce(timeout: timeout) }
    }

    /// Writes buffered requests (unless a script frame holds them), waiting for the socket when it is full.
    func flush() throws {
        guard !holdsRequests else { return }
        try checked(connection.flushAll)
    }

    /// Runs a call on the connection, reporting its failure in one line naming the socket.
    private func checked(_ call: () throws -> Void) throws {
        do {
            try call()
        } catch let failure as WaylandConnectionError {
            throw HarnessError("harness connection \(socketPath): \(failure)")
        }
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
