// MARK: - ddmin (Zeller & Hildebrandt, "Simplifying and Isolating Failure-Inducing Input", 2002)

/// The classic ddmin search over a list of parts, deterministic and cached.
///
/// Starting from two chunks, it tries each chunk alone, then each complement; a
/// success restarts from the smaller list, a failure doubles the number of chunks until
/// chunks are single parts. The result is 1-minimal: removing any one part loses the property.
enum DeltaDebugging {
    /// A 1-minimal subsequence of `parts` that keeps the property; `parts` itself must keep it.
    /// `keeps` is true when a candidate (a subsequence of the parts, order kept) still shows it.
    static func minimize<Part>(_ parts: [Part], keeps: ([Part]) -> Bool) -> [Part] {
        var current = Array(parts.indices)
        var granularity = 2
        var tested: Set<[Int]> = []
        func test(_ candidate: [Int]) -> Bool {
            guard tested.insert(candidate).inserted else { return false }
            return keeps(candidate.map { parts[$0] })
        }
        while current.count >= 2 {
            let chunks = split(current, into: min(granularity, current.count))
            if let subset = chunks.first(where: test) {
                current = subset
                granularity = 2
                continue
            }
            let complements = chunks.indices.map { index in
                chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
            }
            if chunks.count > 2, let complement = complements.first(where: test) {
                current = complement
                granularity = max(granularity - 1, 2)
                continue
            }
            guard granularity < current.count else { break }
            granularity = min(granularity * 2, current.count)
        }
        if current.count == 1, test([]) { current = [] }
        return current.map { parts[$0] }
    }

    /// `items` cut into `count` consecutive chunks whose sizes differ by at most one.
    static func split(_ items: [Int], into count: Int) -> [[Int]] {
        var chunks: [[Int]] = []
        var start = 0
        for index in 0..<count {
            let size = (items.count - start) / (count - index)
            chunks.append(Array(items[start..<start + size]))
            start += size
        }
        return chunks
    }
}
