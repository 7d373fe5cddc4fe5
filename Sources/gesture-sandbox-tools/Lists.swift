import ArgumentParser
import Scenes
import ToolkitOracles
import TouchKit

/// `gesture-sandbox scenes`: the scenes with their sources.
struct ListScenes: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scenes", abstract: "List the scenes.")

    func run() {
        let width = SceneCatalog.names.map(\.count).max() ?? 0
        for scene in SceneCatalog.all {
            let info = scene.info
            print("\(info.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(info.summary)  [\(info.seed)]")
        }
    }
}

/// `gesture-sandbox profiles`: every threshold profile with units and sources.
struct ListProfiles: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "List the threshold profiles with units and sources (* = not documented by the toolkit), then the toolkit models.",
        discussion: """
            Threshold profiles are UIKit-style state machines with a toolkit's numbers (`--profile`); uikit is the \
            default. No oracle checks flutter and android here. The toolkit models re-create a real toolkit's \
            recognizers and are checked against it by `gesture-sandbox toolkits` (docs/toolkits.md); \
            `compare --profile-a MODEL --profile-b MODEL TRACE` compares two of them.
            """)

    func run() {
        for profile in ThresholdProfile.all {
            print(profile.name)
            for (name, threshold) in profile.thresholds {
                let value = threshold.value == threshold.value.rounded() ? String(Int(threshold.value))
                    : String(threshold.value)
                let unit = threshold.unit == .milliseconds ? "ms" : "pt"
                let mark = threshold.isDocumented ? " " : "*"
                let note = threshold.note.map { " — \($0)" } ?? ""
                let label = name.padding(toLength: 18, withPad: " ", startingAt: 0)
                print("  \(label) \(value) \(unit)\(mark)  \(threshold.source)\(note)")
            }
        }
        print("toolkit models (recognizers re-created and checked against the real toolkit by `gesture-sandbox toolkits`)")
        let models = ToolkitModels.all()
        if models.isEmpty { print("  none in this build") }
        for model in models {
            let oracle = ToolkitOracle.named(model.toolkit)?.displayName ?? model.toolkit
            let cases = ToolkitModels.corpus(of: model).count
            print("  \(model.name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(oracle), \(cases) corpus cases")
        }
        print("flutter and android are threshold profiles only: no oracle checks them here.")
    }
}
