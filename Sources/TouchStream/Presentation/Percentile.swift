// MARK: - The one percentile definition

// Latencies come from presentation records; the HUD's line and every benchmark read their
// percentiles here, so a p90 from one benchmark compares with a p90 from another.

/// Percentiles by the nearest-rank method.
public enum Percentile {
    /// The `p`-th percentile (0…100) of `values`; nil when empty.
    public static func of(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// The median of `values`; nil when empty.
    public static func median(_ values: [Double]) -> Double? { of(values, 50) }
}
