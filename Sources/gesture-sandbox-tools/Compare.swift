import ArgumentParser
import RunCommand
import Foundation
import Playback
import Scenes
import ToolkitOracles
import TouchKit
import TouchStream

/// `gesture-sandbox compare`: two deliveries logs, two traces, or one trace under two profiles.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two deliveries logs line by line and list what differs.",
        discussion: """
            compare A B                                   two deliveries logs (run --log, replay --log)
            compare --scene S A B                         two traces, each replayed through scene S
            compare --scene S --profile-a P --profile-b Q TRACE   one trace under two profiles
            compare --profile-a gtk-4.8 --profile-b qt-6.4 TRACE  one trace through two toolkit models
            Prints the responders whose calls differ, the recognizers that ended differently, the first \
            divergence with context, and a last line `equal` or `N lines differ; first divergence at A:L / B:L`. \
            With two toolkit models (`gesture-sandbox profiles` lists them; docs/toolkits.md), each model's \
            gestures side by side by time, matched by kind, tap count and time, and a last line `equal` or \
            `N gestures differ`. Exit status: 0 equal, 1 different, 2 bad input.
            """)

    @Argument(help: ArgumentHelp("Two deliveries logs or traces, or one trace with --profile-a/--profile-b.",
                                 valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("Scene that replays traces (default touchdemo).", valueName: "name"))
    var scene: String?

    @Option(help: ArgumentHelp("Profile for replaying two traces (default uikit).", valueName: "name"))
    var profile: String?

    @Option(name: .customLong("profile-a"), help: ArgumentHelp("Profile for side A.", valueName: "name"))
    var profileA: String?

    @Option(name: .customLong("profile-b"), help: ArgumentHelp("Profile for side B.", valueName: "name"))
    var profileB: String?

    func run() throws {
        if let models = try modelPair() {
            let sideBySide: ModelSideBySide
            do {
                guard files.count == 1 else { throw RuntimeError("two toolkit models compare exactly one trace") }
                sideBySide = ModelSideBySide(items: try InputFiles.trace(files[0]).items, a: models.a, b: models.b)
            } catch {
                throw fail(error, code: 2)
            }
            print(sideBySide.text(), terminator: "")
            if sideBySide.differences > 0 { throw ExitCode(1) }
            return
        }
        let comparison: DeliveriesComparison
        do {
            let (a, b) = try logs()
            comparison = try DeliveriesComparison(logA: a.text, nameA: a.name, logB: b.text, nameB: b.name)
        } catch {
            throw fail(error, code: 2)
        }
        print(comparison.text(), terminator: "")
        if !comparison.isEqual { throw ExitCode(1) }
    }

    /// The two toolkit models --profile-a and --profile-b name, nil when neither names one; a model
    /// beside a threshold profile is refused (one gives gestures, the other a deliveries log).
    private func modelPair() throws -> (a: any ToolkitModel, b: any ToolkitModel)? {
        let model = { (name: String?) in name.flatMap { name in ToolkitModels.all().first { $0.name == name.lowercased() } } }
        let (a, b) = (model(profileA), model(profileB))
        if a == nil && b == nil { return nil }
        guard let a, let b else {
            let (modelName, other) = a != nil ? (profileA ?? "", profileB ?? "nothing") : (profileB ?? "", profileA ?? "nothing")
            throw fail(RuntimeError("\(modelName) is a toolkit model and \(other) is not: compare two toolkit models "
                + "(\(ToolkitModels.all().map(\.name).joined(separator: ", "))) or two threshold profiles"), code: 2)
        }
        return (a, b)
    }

    /// The two logs to compare, replaying traces as the options say.
    private func logs() throws -> (a: (name: String, text: String), b: (name: String, text: String)) {
        let sceneType = try Self.scene(scene ?? TouchDemoScene.info.name)
        if profileA != nil || profileB != nil {
            guard let profileA, let profileB, files.count == 1 else {
                throw RuntimeError("--profile-a and --profile-b go together, with exactly one trace")
            }
            let trace = try InputFiles.trace(files[0])
            return ((profileA, try Self.replay(trace, sceneType, profileA)),
                    (profileB, try Self.replay(trace, sceneType, profileB)))
        }
        guard files.count == 2 else { throw RuntimeError("compare takes two files (or one trace with --profile-a/--profile-b)") }
        var sides: [(name: String, text: String)] = []
        for file in files {
            let text = try InputFiles.text(file)
            let name = InputPath.displayName(file)
            if InputFiles.looksLikeDeliveriesLog(text) {
                sides.append((name, text))
            } else {
                let trace = try InputFiles.trace(text: text, name: name)
                sides.append((name, try Self.replay(trace, sceneType, profile ?? ThresholdProfile.uikit.name)))
            }
        }
        return (sides[0], sides[1])
    }

    private static func scene(_ name: String) throws -> any Scene.Type {
        guard let type = SceneCatalog.scene(named: name) else {
            throw RuntimeError("unknown scene \"\(name)\"; scenes: \(SceneCatalog.names.joined(separator: ", "))")
        }
        return type
    }

    private static func replay(_ trace: Trace, _ sceneType: any Scene.Type, _ profileName: String) throws -> String {
        guard let profile = ThresholdProfile.named(profileName) else {
            let models = ToolkitModels.all().map(\.name)
            throw RuntimeError("unknown profile \"\(profileName)\"; profiles: \((ThresholdProfile.all.map(\.name) + models).joined(separator: ", "))")
        }
        return ReplaySession(trace: trace, sceneType: sceneType, profile: profile).deliveriesLog
    }
}
