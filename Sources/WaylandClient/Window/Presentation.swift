import CWayland
import CWaylandProtocols
import Glibc
import WaylandPlumbing

// MARK: - wp_presentation

/// The bound wp_presentation global: its clock, and feedback requests for commits.
final class Presentation {
    /// The wp_presentation proxy.
    let proxy: OpaquePointer
    /// The clock presentation times are on (clock_id event; CLOCK_MONOTONIC until it arrives).
    private(set) var clockID = CLOCK_MONOTONIC

    /// Listens to `proxy` (bound from the registry).
    init(proxy: OpaquePointer) {
        self.proxy = proxy
        wp_presentation_add_listener(proxy, Presentation.listener, userData(self))
    }

    /// Reads the presentation clock in seconds.
    func now() -> Double {
        var time = timespec()
        clock_gettime(clockID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Asks for feedback on the next commit of `surface`; `result` is called once.
    func feedback(surface: OpaquePointer, result: @escaping (PresentationResult) -> Void) {
        guard let object = wp_presentation_feedback(proxy, surface) else { return }
        let feedback = PresentationFeedback(proxy: object, result: result)
        // The feedback keeps itself alive until its one event (see PresentationFeedback.finish).
        feedback.retainUntilResult()
    }

    /// Destroys the proxy (at shutdown).
    func destroy() { wp_presentation_destroy(proxy) }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls this only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wp_presentation_listener(
        clock_id: { data, _, clock in owner(data, as: Presentation.self).clockID = clockid_t(clock) }))
}

// MARK: - wp_presentation_feedback

/// What became of a committed frame.
enum PresentationResult: Equatable {
    /// Shown at `time` (seconds, presentation clock); `refresh` the period in seconds (0: unknown),
    /// `sequence` the output's vblank counter (0: none), `flags` the wp_presentation_feedback kinds.
    case presented(time: Double, refresh: Double, sequence: UInt64, flags: UInt32)
    /// Never shown (replaced by a later commit or not visible).
    case discarded
}

/// One feedback object: it answers once (presented or discarded) and is then destroyed.
final class PresentationFeedback {
    private let proxy: OpaquePointer
    private let result: (PresentationResult) -> Void
    private var selfReference: PresentationFeedback?

    fileprivate init(proxy: OpaquePointer, result: @escaping (PresentationResult) -> Void) {
        self.proxy = proxy
        self.result = result
        wp_presentation_feedback_add_listener(proxy, PresentationFeedback.listener, userData(self))
    }

    fileprivate func retainUntilResult() { selfReference = self }

    private func finish(_ outcome: PresentationResult) {
        wp_presentation_feedback_destroy(proxy)
        let result = self.result
        selfReference = nil
        result(outcome)
    }

    /// Seconds from the event's split fields, as wp_presentation_feedback.presented sends them.
    static func seconds(high: UInt32, low: UInt32, nanoseconds: UInt32) -> Double {
        Double(UInt64(high) << 32 | UInt64(low)) + Double(nanoseconds) / 1e9
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wp_presentation_feedback_listener(
        sync_output: { _, _, _ in },
        presented: { data, _, secondsHigh, secondsLow, nanoseconds, refresh, sequenceHigh, sequenceLow, flags in
            let time = PresentationFeedback.seconds(high: secondsHigh, low: secondsLow, nanoseconds: nanoseconds)
            owner(data, as: PresentationFeedback.self).finish(.presented(
                time: time, refresh: Double(refresh) / 1e9, sequence: UInt64(sequenceHigh) << 32 | UInt64(sequenceLow),
                flags: flags))
        },
        discarded: { data, _ in owner(data, as: PresentationFeedback.self).finish(.discarded) }))
}
