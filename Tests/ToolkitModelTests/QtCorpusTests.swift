import Testing
import ToolkitOracles
import TouchKit
import TouchStream

/// The qt-6.4 corpus is what a toolkits run injects: it must be runnable as the contract says.
@Suite struct QtCorpusTests {
    private let corpus = Qt64Model().corpus

    @Test func hasAtLeast150UniquelyNamedCases() {
        #expect(corpus.count >= 150)
        #expect(Set(corpus.map(\.name)).count == corpus.count)
    }

    @Test func everyScriptStaysInsideTheWindowLastsAtMostOneAndAHalfSecondsAndLiftsEveryFinger() throws {
        for testCase in corpus {
            let items = try CompactTrace.parse(testCase.script, name: testCase.name)
            var down: Set<Int32> = []
            var slept: UInt32 = 0
            for item in items {
                switch item {
                case .sleep(let milliseconds):
                    slept += milliseconds
                case .record(let record):
                    switch record.event {
                    case .down(_, _, _, let id, let x, let y):
                        #expect(inside(x, y), "\(testCase.name): down outside 600×400")
                        down.insert(id)
                    case .motion(_, _, let x, let y):
                        #expect(inside(x, y), "\(testCase.name): motion outside 600×400")
                    case .up(_, _, let id):
                        down.remove(id)
                    case .cancel:
                        down.removeAll()
                    default:
                        break
                    }
                }
            }
            #expect(slept <= 1500, "\(testCase.name): \(slept) ms of touch")
            #expect(down.isEmpty, "\(testCase.name): fingers left down: \(down.sorted())")
        }
    }

    @Test func theModelRecognisesSomethingInEveryCaseAndEveryKindSomewhere() throws {
        var kinds: Set<ToolkitGesture.Kind> = []
        for testCase in corpus {
            let seen = try qtRecognises(testCase.script)
            #expect(!seen.isEmpty, "\(testCase.name): nothing recognised")
            kinds.formUnion(seen.map(\.kind))
        }
        #expect(kinds == [.tap, .longPress, .cancel, .dragBegin, .dragEnd, .pinchBegin, .pinchEnd])
    }

    private func inside(_ x: WLFixed, _ y: WLFixed) -> Bool {
        (0...600).contains(x.doubleValue) && (0...400).contains(y.doubleValue)
    }
}
