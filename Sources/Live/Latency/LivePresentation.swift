import TouchStream
import WaylandClient

// MARK: - Presentation feedback in a live session

extension LiveSession {
    /// Feeds the HUD's latency line and, while a trace is being written, records the frame.
    /// Nothing is redrawn for it: the line changes with the next frame drawn for other reasons,
    /// so feedback never causes frames of its own.
    func presented(_ frame: FramePresentation) {
        let latencies = frame.latencies
        if let time = frame.presented {
            presentLatency.add(presented: time, missed: frame.missed, latencies: latencies)
        }
        guard let trace else { return }
        do { try trace.write(PresentationRecord(frame)) } catch {
            logger.error("\(error)")
            app.stop()
        }
    }
}

extension PresentationRecord {
    /// The record of `frame`: its times in nanoseconds, its latencies in microseconds.
    init(_ frame: FramePresentation) {
        func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, (seconds * 1e9).rounded())) }
        self.init(committed: nanoseconds(frame.committed), presented: frame.presented.map(nanoseconds),
                  refresh: nanoseconds(frame.refresh), sequence: frame.sequence, flags: frame.flags,
                  missed: frame.missed, latencies: frame.latencies.map { UInt64(max(0, ($0 * 1e6).rounded())) })
    }
}
