import TouchStream
import WaylandClient

// MARK: - Presentation feedback in a live recording

extension PresentationRecord {
    /// The record of `frame`: its times in nanoseconds, its latencies in microseconds.
    init(_ frame: FramePresentation) {
        func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, (seconds * 1e9).rounded())) }
        self.init(committed: nanoseconds(frame.committed), presented: frame.presented.map(nanoseconds),
                  refresh: nanoseconds(frame.refresh), sequence: frame.sequence, flags: frame.flags,
                  missed: frame.missed, latencies: frame.latencies.map { UInt64(max(0, ($0 * 1e6).rounded())) })
    }
}
