import ArgumentParser
import Scenes
import TouchKit

/// `--scene` and `--profile`, shared by run and replay.
struct SceneOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The scene to show (see `gesture-sandbox scenes`).",
                                            valueName: "name"))
    var scene: String = TouchDemoScene.info.name

    @Option(name: .long, help: ArgumentHelp(
        "Threshold profile: uikit, gtk, flutter, android, chromium or qt (see `gesture-sandbox profiles`; uikit's multi-tap interval, distance and pan start are not documented by Apple).",
        valueName: "name"))
    var profile: String = ThresholdProfile.uikit.name

    @Flag(name: .long, help: "Print every gesture recognizer transition (state change with its reason and values) on standard error as it happens.")
    var traceArena = false

    func validate() throws {
        guard SceneCatalog.scene(named: scene) != nil else {
            throw ValidationError("unknown scene \"\(scene)\"; scenes: \(SceneCatalog.names.joined(separator: ", "))")
        }
        guard ThresholdProfile.named(profile) != nil else {
            throw ValidationError("unknown profile \"\(profile)\"; profiles: \(ThresholdProfile.all.map(\.name).joined(separator: ", "))")
        }
    }

    /// The validated scene type.
    var sceneType: any Scene.Type { SceneCatalog.scene(named: scene)! }
    /// The validated profile.
    var thresholdProfile: ThresholdProfile { ThresholdProfile.named(profile)! }
}
