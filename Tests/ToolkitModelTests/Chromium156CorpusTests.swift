import Testing
import ToolkitOracles
import TouchKit
import TouchStream

/// The corpus the runner injects: enough cases, each short, inside the 600×400 area, and parseable.
@Suite struct Chromium156CorpusTests {
    private let corpus = Chromium156Model().corpus

    @Test func thereAreAtLeast150UniquelyNamedCases() {
        #expect(corpus.count >= 150)
        #expect(Set(corpus.map(\.name)).count == corpus.count)
    }

    @Test func everyCaseParsesLastsAtMostOneAndAHalfSecondsAndStaysInside600By400() throws {
        for item in corpus {
            let items = try CompactTrace.parse(item.script, name: item.name)
            var slept: UInt32 = 0
            for case .sleep(let milliseconds) in items { slept += milliseconds }
            #expect(slept <= 1500, "\(item.name) lasts \(slept) ms")
            for case .record(let record) in items {
                switch record.event {
                case .down(_, _, _, _, let x, let y), .motion(_, _, let x, let y):
                    #expect((0...600).contains(x.doubleValue) && (0...400).contains(y.doubleValue), "\(item.name)")
                default: break
                }
            }
        }
    }

    @Test func theCorpusProbesEveryThresholdAndTheModelIsInTheCatalog() {
        let names = corpus.map(\.name)
        for family in ["tap-hold", "long-press-hold", "tap-slop-inside", "tap-slop-outside", "series-gap", "series-distance",
                       "series-slop", "two-finger-tap-apart", "two-finger-tap-held", "three-fingers", "cancel"] {
            #expect(names.contains { $0.hasPrefix(family) }, "no \(family) case")
        }
        #expect(ToolkitModels.named("chromium")?.name == "chromium-156")
        #expect(ToolkitModels.named("chromium-156")?.toolkit == "chromium")
        #expect(Chromium156Thresholds.all.allSatisfy { !$0.threshold.source.isEmpty })
    }
}
