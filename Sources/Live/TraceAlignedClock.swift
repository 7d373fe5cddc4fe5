import TouchKit
import WaylandClient

// MARK: - Live time on the trace's base

/// The event loop's timers, read on the same base as frame timestamps.
///
/// wl_touch times have an undefined base (DESIGN §4, S7), so each frame
/// re-aligns the offset: recognizer deadlines computed from touch timestamps
/// then fire on the loop's timerfd at the right moment.
final class TraceAlignedClock: TouchClock {
    private let loop: EventLoop
    private var offset = 0.0

    init(loop: EventLoop) { self.loop = loop }

    var now: Double { loop.now + offset }

    /// Makes `now` read `traceTime` at this instant.
    func align(to traceTime: Double) { offset = traceTime - loop.now }

    func schedule(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle {
        loop.schedule(at: deadline - offset, action)
    }

    func cancel(_ handle: TimerHandle) { loop.cancel(handle) }
}
