import ArgumentParser
import Scenes
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
        abstract: "List the threshold profiles with units and sources (* = not documented by the toolkit).")

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
    }
}
