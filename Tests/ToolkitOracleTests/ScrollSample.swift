import Testing
import ToolkitOracles
import TouchKit

// MARK: - One real toolkit's run over a sample of the scroll corpus

/// A real toolkit scrolling a few named strokes of the scroll corpus under ``ScrollRunner``, run once when first read
/// (held in a suite's `static let`), and its results looked up for the suite's tests.
struct ScrollSample: Sendable {
    /// The runner's results (one toolkit: one result).
    let results: [ScrollToolkitResult]

    /// Runs `toolkit` over the corpus strokes named in `strokes`, the cases credited to `source` (the suite); up to
    /// `starts` starts while the toolkit never became ready, each a fresh toolkit and weston (any other problem is
    /// kept at once).
    init(toolkit: String, strokes names: [String], source: String, starts: Int = 1) {
        let strokes = ScrollCorpus.strokes().filter { names.contains($0.name) }.map {
            try! OracleCase(name: $0.name, summary: $0.summary, script: $0.script, source: source)
        }
        let configuration = ScrollConfiguration(toolkits: [toolkit], strokes: strokes, corpus: false)
        var results = ScrollRunner.run(configuration)
        for _ in 1..<max(1, starts) where results.first?.problem?.contains("was not ready") == true {
            results = ScrollRunner.run(configuration)
        }
        self.results = results
    }

    /// The toolkit's result; a toolkit that cannot start fails here, with its log tail in the problem.
    func result(sourceLocation: SourceLocation = #_sourceLocation) throws -> ScrollToolkitResult {
        let result = try #require(results.first, sourceLocation: sourceLocation)
        #expect(result.problem == nil, "\(result.problem ?? "")", sourceLocation: sourceLocation)
        return result
    }

    /// The result of the stroke called `name`.
    func stroke(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ScrollCaseResult {
        try #require(try result(sourceLocation: sourceLocation).cases.first { $0.testCase.name == name },
                     sourceLocation: sourceLocation)
    }
}
