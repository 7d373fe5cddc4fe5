import Testing
import ToolkitOracles
import TouchKit
import TouchStream

/// What every toolkit model in the catalog promises the runner: a unique name with its version, a
/// known oracle, and a corpus that the runner can inject (unique names, scripts that parse, every
/// point inside 600×400, at most 1.5 s of touch, shorter than the runner's quiet gap allows).
@Suite struct ToolkitCatalogTests {
    /// The oracles the runner knows.
    private static let toolkits: Set<String> = ["gtk", "qt", "chromium", "gtk3", "sdl2", "firefox", "webkitgtk", "qtwidgets"]
    /// Every corpus point must fit any oracle window (ToolkitCorpusCase's promise).
    private static let area = (width: 600.0, height: 400.0)
    /// The longest touch a case may take (the contract's limit), ms.
    private static let longestCase = 1500.0

    @Test func everyModelHasAUniqueVersionedNameAndAKnownToolkit() {
        let models = ToolkitModels.all()
        #expect(Set(models.map(\.name)).count == models.count)
        #expect(Set(models.map(\.toolkit)).count == models.count)
        for model in models {
            #expect(Self.toolkits.contains(model.toolkit), "\(model.name)")
            // The version may continue a toolkit name that ends in its major version (`gtk3`: `gtk-3.24`).
            #expect(model.name.hasPrefix(model.toolkit + "-") || model.name.filter { $0 != "-" }.hasPrefix(model.toolkit),
                    "\(model.name)")
            #expect(ToolkitModels.named(model.name)?.name == model.name)
            #expect(ToolkitModels.named(model.toolkit.uppercased())?.name == model.name)
        }
        #expect(ToolkitModels.named("uikit") == nil)
    }

    @Test func everyCorpusCaseCanBeInjected() throws {
        for model in ToolkitModels.all() {
            let corpus = try #require(model as? any ToolkitCorpusProviding, "\(model.name): no corpus").corpus
            #expect(Set(corpus.map(\.name)).count == corpus.count, "\(model.name): case names repeat")
            for entry in corpus {
                let items = try CompactTrace.parse(entry.script, name: "\(model.name)/\(entry.name)")
                var slept = 0.0
                for item in items {
                    switch item {
                    case .sleep(let ms):
                        slept += Double(ms)
                    case .record(let record):
                        switch record.event {
                        case .down(_, _, _, _, let x, let y), .motion(_, _, let x, let y):
                            #expect((0..<Self.area.width).contains(x.doubleValue) && (0..<Self.area.height).contains(y.doubleValue),
                                    "\(model.name)/\(entry.name): point \(x),\(y) outside 600×400")
                        default:
                            break
                        }
                    }
                }
                #expect(slept <= Self.longestCase, "\(model.name)/\(entry.name): \(slept) ms of touch")
                #expect(!entry.summary.isEmpty, "\(model.name)/\(entry.name): no summary")
            }
        }
    }
}
