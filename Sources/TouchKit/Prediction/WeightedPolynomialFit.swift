// MARK: - Least squares for the predictor

/// Weighted least-squares polynomials over a touch's recent samples, for `TouchPredictor`.
enum WeightedPolynomialFit {
    /// The coefficients c0…c`degree` of Σ c_k·t^k fitted to `values` over `times` (s, ≤ 0, the
    /// newest 0), each sample weighted 2^(t/halfLife) so the newest count most; values are taken
    /// relative to the newest, for precision (c0 is relative too). Nil when the system is singular.
    static func coefficients(_ times: [Double], _ values: [Double], halfLife: Double, degree: Int) -> [Double]? {
        let n = degree + 1
        // Normal equations [Σw·t^(r+c) | Σw·t^r·v], solved by elimination with partial pivoting.
        var rows = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        let base = values.last ?? 0
        var powers = [Double](repeating: 1, count: 2 * n - 1)
        for (t, value) in zip(times, values) {
            let w = halving(-t / halfLife)
            for k in 1..<powers.count { powers[k] = powers[k - 1] * t }
            for r in 0..<n {
                for c in 0..<n { rows[r][c] += w * powers[r + c] }
                rows[r][n] += w * powers[r] * (value - base)
            }
        }
        for column in 0..<n {
            var pivot = column
            for r in column..<n where abs(rows[r][column]) > abs(rows[pivot][column]) { pivot = r }
            // Times are seconds, so t^6 terms are tiny: the threshold scales with the column.
            guard abs(rows[pivot][column]) > 1e-30 else { return nil }
            rows.swapAt(column, pivot)
            for r in 0..<n where r != column {
                let factor = rows[r][column] / rows[column][column]
                guard factor != 0 else { continue }
                for c in column...n { rows[r][c] -= factor * rows[column][c] }
            }
        }
        let result = (0..<n).map { rows[$0][n] / rows[$0][$0] }
        return result.allSatisfy(\.isFinite) ? result : nil
    }

    /// Steps within this of their median differ only by how wl_touch rounds times (s).
    static let roundingSpread = 0.00125

    /// Sample times put on the uniform grid that fits them best, the newest at 0, when every
    /// step is within `roundingSpread` of their median; otherwise unchanged.
    ///
    /// A touchscreen samples on its own fixed clock, but wl_touch gives whole milliseconds, so an
    /// 8 ms step reads as 7 to 9 ms: at 7500 px/s that is a velocity off by an eighth. Steps that
    /// differ by more are real (a burst delivered late, a pause, a sender's own jitter) and are
    /// left as they are.
    static func regularized(_ times: [Double]) -> [Double] {
        guard times.count >= 3 else { return times }
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
        let median = steps[steps.count / 2]
        guard median > roundingSpread, steps.first! >= median - roundingSpread, steps.last! <= median + roundingSpread
        else { return times }
        let n = Double(times.count), middle = (n - 1) / 2
        let mean = times.reduce(0, +) / n
        var covariance = 0.0, variance = 0.0
        for (index, time) in times.enumerated() {
            covariance += (Double(index) - middle) * (time - mean)
            variance += (Double(index) - middle) * (Double(index) - middle)
        }
        let step = covariance / variance
        return (0..<times.count).map { Double($0 - times.count + 1) * step }
    }

    /// 2^-x for x ≥ 0, without Foundation.
    static func halving(_ x: Double) -> Double {
        // exp(-x·ln 2) by its series after range reduction: x = n + f, 2^-x = 2^-n · 2^-f.
        let whole = x.rounded(.down)
        let f = (x - whole) * 0.6931471805599453
        var term = 1.0, sum = 1.0
        for k in 1...12 {
            term *= -f / Double(k)
            sum += term
        }
        return whole > 1000 ? 0 : sum * Double(sign: .plus, exponent: -Int(whole), significand: 1)
    }
}
