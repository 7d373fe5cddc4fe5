#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchKit

// MARK: - Animations on the injected clock

/// Runs a time-based animation as ticks on a `TouchClock`, so replays animate identically.
///
/// Live, the clock is the event loop (each tick damages views and so asks for a
/// frame); in replay, ticks fire as virtual time advances.
public final class ClockAnimation {
    /// Time between ticks: one 60 Hz frame.
    public static let tickInterval = 1.0 / 60

    private let clock: TouchClock
    private let start: Double
    private let duration: Double
    private let step: (Double) -> Void
    private let completion: () -> Void
    private var timer: TimerHandle?

    /// Starts calling `step` with progress 0...1 over `duration` seconds, then `completion`.
    @discardableResult
    public init(clock: TouchClock, duration: Double, step: @escaping (Double) -> Void,
                completion: @escaping () -> Void = {}) {
        self.clock = clock
        self.start = clock.now
        self.duration = duration
        self.step = step
        self.completion = completion
        step(0)
        scheduleTick()
    }

    /// True until the animation completes or is cancelled.
    public var isRunning: Bool { timer != nil }

    /// Stops without calling `completion`.
    public func cancel() {
        if let timer { clock.cancel(timer) }
        timer = nil
    }

    private func scheduleTick() {
        timer = clock.schedule(at: clock.now + Self.tickInterval) { [weak self] in self?.tick() }
    }

    private func tick() {
        let progress = duration > 0 ? min(1, (clock.now - start) / duration) : 1
        step(progress)
        if progress >= 1 {
            timer = nil
            completion()
        } else {
            scheduleTick()
        }
    }

    /// Ease-out with overshoot ("back" easing): the bounce of MoveMe's return to centre.
    public static func easeOutBack(_ t: Double, overshoot: Double = 1.70158) -> Double {
        let u = t - 1
        return 1 + (overshoot + 1) * u * u * u + overshoot * u * u
    }
}
