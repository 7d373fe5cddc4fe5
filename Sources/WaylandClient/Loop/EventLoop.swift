import CWaylandProtocols
import Glibc
import TouchKit
import WaylandPlumbing

// MARK: - Exit reasons

/// Why `EventLoop.run` (and so `WaylandApp.run`) returned normally; failures are thrown instead.
public enum LoopExitReason: Equatable, Sendable, CustomStringConvertible {
    /// A blocked signal (SIGINT, SIGTERM) arrived through the signalfd.
    case signal(Int32)
    /// The compositor asked the window to close (xdg_toplevel.close).
    case closed
    /// `stop()` was called.
    case stopped

    public var description: String {
        switch self {
        case .signal(let number): "signal \(number) (\(String(cString: strsignal(number))))"
        case .closed: "window closed"
        case .stopped: "stopped"
        }
    }
}

// MARK: - The display as the loop sees it

/// The connection the loop pumps: libwayland's prepare/read/dispatch/flush protocol.
protocol LoopDisplay: AnyObject {
    /// The socket to poll.
    var fileDescriptor: Int32 { get }
    /// Dispatches every queued event.
    func dispatchPending() throws
    /// Announces a read; false when events are already queued (dispatch them first, then retry).
    func prepareRead() -> Bool
    /// Withdraws a prepared read.
    func cancelRead()
    /// Reads what the socket holds into the queue (completes a prepared read).
    func readEvents() throws
    /// Sends buffered requests; false when the socket is full and POLLOUT must be awaited.
    func flush() throws -> Bool
}

/// The plumbing's connection is the display the loop pumps.
extension WaylandConnection: LoopDisplay {}

// MARK: - The loop

/// A single-threaded poll() loop over the Wayland socket, a timerfd and a signalfd.
///
/// One pass: dispatch queued Wayland events, fire due timers, return if an exit reason is set,
/// call the idle hook (frame flush, drawing), flush requests and block in poll(). Everything
/// a wakeup brought (events, due timers) is handled before a signal read in it ends the loop.
/// Timers fire in (deadline, scheduling order) on CLOCK_MONOTONIC seconds.
public final class EventLoop: TouchClock {
    /// The signals that end the loop by default.
    public static let defaultSignals: [Int32] = [SIGINT, SIGTERM]

    private struct Timer {
        let deadline: Double
        let sequence: UInt64
        let action: () -> Void
    }

    private let signals: [Int32]
    private let signalFD: Int32
    private let timerFD: Int32
    private let signalsBlockedBefore: UInt64
    private var timers: [UInt64: Timer] = [:]
    /// The deadline the timerfd holds (`.some(nil)`: disarmed; nil: not known, arm it).
    private var armedDeadline: Double??
    private var nextSequence: UInt64 = 0
    private var exitReason: LoopExitReason?

    /// Blocks `signals` in the calling thread (start other threads afterwards so they inherit
    /// the mask) and opens the signalfd and timerfd.
    public init(signals: [Int32] = EventLoop.defaultSignals) throws {
        self.signals = signals
        var blockedBefore: UInt64 = 0
        signalFD = signals.withUnsafeBufferPointer {
            gs_signalfd_open($0.baseAddress, Int32($0.count), &blockedBefore)
        }
        guard signalFD >= 0 else { throw WaylandError.systemCall(name: "signalfd", errno: errno) }
        signalsBlockedBefore = blockedBefore
        timerFD = gs_timerfd_create_monotonic()
        guard timerFD >= 0 else {
            let code = errno
            close(signalFD)
            throw WaylandError.systemCall(name: "timerfd_create", errno: code)
        }
    }

    deinit {
        close(timerFD)
        // Leave the thread's mask as found; a signal still pending would now act by default.
        let unblock = signals.filter { $0 <= 0 || $0 > 64 || signalsBlockedBefore & (1 << UInt64($0 - 1)) == 0 }
        unblock.withUnsafeBufferPointer { _ = gs_signals_unblock($0.baseAddress, Int32($0.count)) }
        close(signalFD)
    }

    // MARK: - TouchClock

    /// CLOCK_MONOTONIC in seconds.
    public var now: Double { EventLoop.monotonicNow() }

    /// Reads CLOCK_MONOTONIC in seconds.
    public static func monotonicNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public func schedule(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle {
        nextSequence += 1
        timers[nextSequence] = Timer(deadline: deadline, sequence: nextSequence, action: action)
        return TimerHandle(rawValue: nextSequence)
    }

    public func cancel(_ handle: TimerHandle) { timers[handle.rawValue] = nil }

    /// Ends the loop with `.stopped` before it blocks again.
    public func stop() { finish(.stopped) }

    /// Ends the loop with `reason` before it blocks again; the first reason given wins.
    func finish(_ reason: LoopExitReason) {
        if exitReason == nil { exitReason = reason }
    }

    // MARK: - Running

    /// Runs timers and signals only (no display) until `stop()` or a signal; `idle` runs once per pass.
    public func run(idle: () throws -> Void = {}) throws -> LoopExitReason {
        try run(display: nil, idle: idle)
    }

    /// Runs passes until an exit reason is set; `idle` runs once per pass when no Wayland
    /// event is queued, just before the loop would block.
    func run(display: LoopDisplay?, idle: () throws -> Void) throws -> LoopExitReason {
        defer { exitReason = nil }
        while true {
            try display?.dispatchPending()
            fireDueTimers()
            if let reason = exitReason { return reason }
            try idle()
            if let reason = exitReason { return reason }
            if let display, !display.prepareRead() { continue }
            try waitOnce(display: display)
        }
    }

    /// Flushes, blocks in poll() and consumes what woke it; a prepared read is completed or cancelled.
    private func waitOnce(display: LoopDisplay?) throws {
        var socketFull = false
        do {
            if let display { socketFull = try !display.flush() }
            try armTimer()
        } catch {
            display?.cancelRead()
            throw error
        }
        var fds = [pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: timerFD, events: Int16(POLLIN), revents: 0)]
        if let display {
            let events = POLLIN | (socketFull ? POLLOUT : 0)
            fds.append(pollfd(fd: display.fileDescriptor, events: Int16(events), revents: 0))
        }
        let ready = poll(&fds, nfds_t(fds.count), -1)
        if ready < 0 {
            let code = errno
            display?.cancelRead()
            if code == EINTR { return }
            throw WaylandError.systemCall(name: "poll", errno: code)
        }
        if let display {
            // POLLHUP/POLLERR: reading is what turns a dead socket into a reportable error.
            if Int32(fds[2].revents) & (POLLIN | POLLHUP | POLLERR) != 0 {
                try display.readEvents()
            } else {
                display.cancelRead()
            }
        }
        if fds[1].revents != 0 {
            // Expired: the same deadline asked for again must be armed again.
            armedDeadline = nil
            if gs_timerfd_drain(timerFD) < 0 { throw WaylandError.systemCall(name: "read(timerfd)", errno: errno) }
        }
        if fds[0].revents != 0 { try readSignals() }
    }

    private func readSignals() throws {
        while true {
            let number = gs_signalfd_read(signalFD)
            if number == 0 { return }
            guard number > 0 else { throw WaylandError.systemCall(name: "read(signalfd)", errno: errno) }
            finish(.signal(number))
        }
    }

    // MARK: - Timers

    /// Fires the timers due at the time read on entry, in (deadline, sequence) order.
    private func fireDueTimers() {
        let time = now
        while let due = timers.values.filter({ $0.deadline <= time })
            .min(by: { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }) {
            timers[due.sequence] = nil
            due.action()
        }
    }

    private func armTimer() throws {
        let next = timers.values.map(\.deadline).min()
        // Unchanged since the last pass (most passes): the timerfd already holds it. One
        // timerfd_settime per input event was a tenth of a drag's system calls.
        if let armed = armedDeadline, armed == next { return }
        let result: Int32
        if let deadline = next {
            // An absolute expiry of exactly 0 would disarm the timer: never ask for less than 1 ns.
            let nanoseconds = max(Int64(1), Int64((max(deadline, 0) * 1e9).rounded(.up)))
            result = gs_timerfd_arm_absolute(timerFD, nanoseconds / 1_000_000_000, nanoseconds % 1_000_000_000)
        } else {
            result = gs_timerfd_disarm(timerFD)
        }
        if result < 0 { throw WaylandError.systemCall(name: "timerfd_settime", errno: errno) }
        armedDeadline = .some(next)
    }
}
