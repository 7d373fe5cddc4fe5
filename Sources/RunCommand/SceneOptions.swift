import ArgumentParser
import Scenes
import TouchKit

/// `--scene` and `--profile`, shared by run and replay.
public struct SceneOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The scene to show (see `gesture-sandbox scenes`).",
                                            valueName: "name"))
    public var scene: String = TouchDemoScene.info.name

    @Option(name: .long, help: ArgumentHelp(
        "Threshold profile: uikit, gtk, flutter, android, chromium or qt (see `gesture-sandbox profiles`; uikit's multi-tap interval, distance and pan start are not documented by Apple).",
        valueName: "name"))
    public var profile: String = ThresholdProfile.uikit.name

    @Flag(name: .long, help: "Print every gesture recognizer transition (state change with its reason and values) on standard error as it happens.")
    public var traceArena = false

    /// An empty set, filled in by ArgumentParser.
    public init() {}

    /// Refuses an unknown scene or profile, naming the known ones.
    public func validate() throws {
        guard SceneCatalog.scene(named: scene) != nil else {
            throw ValidationError("unknown scene \"\(scene)\"; scenes: \(SceneCatalog.names.joined(separator: ", "))")
        }
        guard ThresholdProfile.named(profile) != nil else {
            throw ValidationError("unknown profile \"\(profile)\"; profiles: \(ThresholdProfile.all.map(\.name).joined(separator: ", "))")
        }
    }

    /// The validated scene type.
    public var sceneType: any Scene.Type { SceneCatalog.scene(named: scene)! }
    /// The validated profile.
    public var thresholdProfile: ThresholdProfile { ThresholdProfile.named(profile)! }
}
