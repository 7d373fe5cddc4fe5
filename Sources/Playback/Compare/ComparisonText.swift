// MARK: - The comparison as text

extension DeliveriesComparison {
    /// Calls listed per responder and side before the rest is elided.
    public static let listedCallsPerSide = 5

    /// The whole comparison for a terminal: responders, recognizers, first divergence with context,
    /// and the one-line ``summary`` last.
    public func text() -> String {
        guard !isEqual else { return summary + "\n" }
        var out = "responders with different calls:\n"
        if responders.isEmpty { out += "  none\n" }
        for difference in responders {
            out += "  \(difference.responder): \(difference.onlyInA.count) only in A, \(difference.onlyInB.count) only in B\n"
            out += Self.listed(difference.onlyInA, side: "A") + Self.listed(difference.onlyInB, side: "B")
        }
        out += "recognizers that ended differently:\n"
        if !hasRecognizerEntries {
            out += "  none logged (the logs have no recognizer transitions)\n"
        } else if recognizers.isEmpty {
            out += "  none\n"
        }
        for difference in recognizers {
            out += "  \(difference.recognizer): A ended \(difference.finalStateA), B ended \(difference.finalStateB)\n"
        }
        out += "first divergence:\n" + divergenceExcerpt()
        return out + summary + "\n"
    }

    private static func listed(_ lines: [String], side: String) -> String {
        var out = lines.prefix(listedCallsPerSide).map { "    \(side): \($0)\n" }.joined()
        if lines.count > listedCallsPerSide { out += "    \(side): … \(lines.count - listedCallsPerSide) more\n" }
        return out
    }

    /// The first run of differing lines with ``contextLines`` equal lines either side:
    /// `  A:n B:m  line` for equal lines, `- A:n  line` and `+ B:m  line` for lines of one side.
    func divergenceExcerpt() -> String {
        guard let first = steps.firstIndex(where: { if case .same = $0 { false } else { true } }) else { return "" }
        var last = first
        while last + 1 < steps.count {
            if case .same = steps[last + 1] { break }
            last += 1
        }
        let lower = max(0, first - Self.contextLines), upper = min(steps.count - 1, last + Self.contextLines)
        return steps[lower...upper].map { step in
            switch step {
            case .same(let a, let b): "  A:\(a + 1) B:\(b + 1)  \(linesA[a])\n"
            case .onlyA(let a): "- A:\(a + 1)  \(linesA[a])\n"
            case .onlyB(let b): "+ B:\(b + 1)  \(linesB[b])\n"
            }
        }.joined()
    }
}
