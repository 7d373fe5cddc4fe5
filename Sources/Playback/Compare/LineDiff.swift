// MARK: - Line diff (Myers, "An O(ND) Difference Algorithm and Its Variations", 1986)

/// One step of an edit script turning lines A into lines B (0-based indices).
public enum DiffStep: Hashable, Sendable {
    /// A[a] equals B[b].
    case same(a: Int, b: Int)
    /// A[a] is only in A.
    case onlyA(Int)
    /// B[b] is only in B.
    case onlyB(Int)
}

/// A shortest edit script between two lists of lines, with bounded work.
///
/// The common prefix and suffix are matched first; Myers' greedy search runs on the middle with at
/// most ``maximumEditDistance`` edits. Logs that differ more than that are reported as the middle of A
/// replaced by the middle of B: still correct, just not minimal.
public enum LineDiff {
    /// The most edits the search explores (its memory grows with the square of this).
    public static let maximumEditDistance = 1_000

    /// The edit script from `a` to `b`.
    public static func diff(_ a: [String], _ b: [String]) -> [DiffStep] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var steps = (0..<prefix).map { DiffStep.same(a: $0, b: $0) }
        let middleA = prefix..<(a.count - suffix), middleB = prefix..<(b.count - suffix)
        steps += myers(a, middleA, b, middleB) ?? (middleA.map { .onlyA($0) } + middleB.map { .onlyB($0) })
        steps += (0..<suffix).map { .same(a: a.count - suffix + $0, b: b.count - suffix + $0) }
        return steps
    }

    /// Myers' forward greedy search with the V array of each round kept for the backtrack;
    /// nil when more than ``maximumEditDistance`` edits are needed.
    private static func myers(_ a: [String], _ ra: Range<Int>, _ b: [String], _ rb: Range<Int>) -> [DiffStep]? {
        let n = ra.count, m = rb.count
        let maxD = min(n + m, maximumEditDistance)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        for d in 0...maxD {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[ra.lowerBound + x] == b[rb.lowerBound + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m { return backtrack(trace, offset: offset, n: n, m: m, ra: ra, rb: rb) }
            }
        }
        return nil
    }

    /// Walks the saved rounds back from (n, m) to (0, 0).
    private static func backtrack(_ trace: [[Int]], offset: Int, n: Int, m: Int, ra: Range<Int>, rb: Range<Int>)
        -> [DiffStep] {
        var steps: [DiffStep] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                steps.append(.same(a: ra.lowerBound + x, b: rb.lowerBound + y))
            }
            if d > 0 {
                steps.append(x == previousX ? .onlyB(rb.lowerBound + previousY) : .onlyA(ra.lowerBound + previousX))
            }
            x = previousX
            y = previousY
        }
        return steps.reversed()
    }
}
