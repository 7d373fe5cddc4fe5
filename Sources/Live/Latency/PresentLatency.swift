import TouchStream

// MARK: - Input → presented latency over the last seconds

/// The HUD's latency line: input → presented latency (p50, p99) of the input events shown in the
/// last `span` seconds of presented frames, and how many of those frames missed their repaint.
public struct PresentLatencyWindow: Sendable {
    /// How far back the line looks (s of presentation time).
    public static let span = 5.0

    private var frames: [(presented: Double, missed: Bool, latencies: [Double])] = []
    /// `line` as last made: the HUD asks for it every frame, and it changes only with `add`.
    private var cachedLine: String??

    /// An empty window.
    public init() {}

    /// Adds a presented frame (times in seconds); frames older than `span` before it are dropped.
    public mutating func add(presented: Double, missed: Bool, latencies: [Double]) {
        frames.append((presented, missed, latencies))
        cachedLine = nil
        let oldest = presented - Self.span
        if let keep = frames.firstIndex(where: { $0.presented >= oldest }), keep > 0 { frames.removeFirst(keep) }
    }

    /// Frames in the window.
    public var frameCount: Int { frames.count }

    /// `input→present p50 P · p99 Q ms · missed M/N`, or nil before any presented frame.
    public var line: String? {
        mutating get {
            if let cachedLine { return cachedLine }
            let made = makeLine()
            cachedLine = .some(made)
            return made
        }
    }

    private func makeLine() -> String? {
        guard !frames.isEmpty else { return nil }
        let latencies = frames.flatMap(\.latencies)
        let missed = frames.filter(\.missed).count
        let percentiles: String
        if let p50 = Percentile.of(latencies, 50), let p99 = Percentile.of(latencies, 99) {
            percentiles = "p50 \(Self.milliseconds(p50)) · p99 \(Self.milliseconds(p99)) ms"
        } else {
            percentiles = "no input shown"
        }
        return "input→present \(percentiles) · missed \(missed)/\(frames.count) (\(Int(Self.span)) s)"
    }

    private static func milliseconds(_ seconds: Double) -> String {
        let tenths = (seconds * 10_000).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
    }
}
