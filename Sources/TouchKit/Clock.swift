// MARK: - Injected time

/// A handle to a scheduled timer, for cancelling it.
public struct TimerHandle: Hashable, Sendable {
    public let rawValue: UInt64
    /// Wraps a scheduler-assigned number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// The clock and timer source TouchKit runs on; TouchKit never reads the wall clock.
///
/// Live, the Wayland event loop implements it on a timerfd; in replay and tests,
/// `VirtualClock` advances with the trace so every run is identical.
public protocol TouchClock: AnyObject {
    /// Seconds on the same monotonic base as InputFrame.timestamp.
    var now: Double { get }
    /// Runs `action` once `now` reaches `deadline`.
    func schedule(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle
    /// Cancels a timer that has not fired yet; cancelling a fired one does nothing.
    func cancel(_ handle: TimerHandle)
}

/// Virtual time for replay and tests: timers fire, in deadline order, only when advanced.
public final class VirtualClock: TouchClock {
    private struct Pending { let deadline: Double; let sequence: UInt64; let action: () -> Void }
    public private(set) var now: Double
    private var pending: [UInt64: Pending] = [:]
    private var nextSequence: UInt64 = 0

    /// Creates a clock reading `start` seconds.
    public init(start: Double = 0) { now = start }

    public func schedule(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle {
        nextSequence += 1
        pending[nextSequence] = Pending(deadline: deadline, sequence: nextSequence, action: action)
        return TimerHandle(rawValue: nextSequence)
    }

    public func cancel(_ handle: TimerHandle) { pending[handle.rawValue] = nil }

    /// The earliest pending deadline, if any.
    public var nextDeadline: Double? { pending.values.map(\.deadline).min() }

    /// Moves time forward to `time`, firing due timers in (deadline, scheduling) order;
    /// a timer scheduled by a firing timer fires too if it is due. Time never goes back.
    public func advance(to time: Double) {
        while let due = pending.values.filter({ $0.deadline <= time })
            .min(by: { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }) {
            pending[due.sequence] = nil
            now = max(now, due.deadline)
            due.action()
        }
        now = max(now, time)
    }
}
