// MARK: - Corpus cases that each start at a point of their own

/// One corpus case, built at the point the corpus gives it: toolkits that remember where the last touch was (a
/// double-click series, a mouse cursor) must not see one case continue the one before.
struct AnchoredCorpusEntry {
    /// Writes the case into the script, starting at (x, y).
    typealias Build = (inout SDL2CorpusScript, Double, Double) -> Void

    var name: String
    var summary: String
    var build: Build

    /// The groups' cases interleaved (the first of each group, then the second of each, …), so that `--limit N`
    /// takes some of every group; the case at index i built at `anchor(i)`.
    static func cases(_ groups: [[AnchoredCorpusEntry]], anchor: (Int) -> (x: Double, y: Double)) -> [ToolkitCorpusCase] {
        var interleaved: [AnchoredCorpusEntry] = []
        for row in 0..<(groups.map(\.count).max() ?? 0) {
            for group in groups where row < group.count { interleaved.append(group[row]) }
        }
        return interleaved.enumerated().map { index, entry in
            var script = SDL2CorpusScript()
            let point = anchor(index)
            entry.build(&script, point.x, point.y)
            return ToolkitCorpusCase(name: entry.name, summary: entry.summary, script: script.text)
        }
    }
}
