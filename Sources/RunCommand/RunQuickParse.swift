import Scenes
import TouchKit

// MARK: - `run`'s options without ArgumentParser's reflection

/// `run`'s command line read by a table, for the window program's start.
///
/// Why: ArgumentParser learns a command's options by reflecting over its properties, twice per
/// parse (once to look for a completion-script request), and each first dynamic cast scans every
/// protocol conformance in the program: 2.2 ms of a 7 ms start before connecting, a quarter of
/// the time to the first frame.
///
/// Only the plain forms are read here: `--name value`, `--name=value` and bare flags, each at
/// most once. Anything else (help, completion requests, short or unknown options, a value that
/// looks like an option, a repeated option) gives nil, and ArgumentParser parses it as before,
/// with its own help and errors; so does a command line that fails validation, so that the
/// message is ArgumentParser's. `RunQuickParseTests` checks that every option ArgumentParser
/// knows for `run` is in the table and that both parses agree.
public enum RunQuickParse {
    /// The options that take a value, by long name, and what each sets.
    /// Each throws for a value ArgumentParser would refuse to convert (it then reads the line itself).
    static let valueOptions: [String: @Sendable (inout Run, String) throws -> Void] = [
        "scene": { $0.sceneOptions.scene = $1 },
        "profile": { $0.sceneOptions.profile = $1 },
        "display": { $0.display = $1 },
        "record": { $0.record = $1 },
        "log": { $0.log = $1 },
        "state": { $0.state = $1 },
        "screenshot": { $0.screenshot = $1 },
        "frame-log": { $0.frameLog = $1 },
        "title": { $0.title = $1 },
        "app-id": { $0.appID = $1 },
        "surface-prefix": { $0.surfacePrefix = $1 },
        "window-size": { $0.windowSize = $1 },
        "second-window": { $0.secondWindow = $1 },
        "on-touch": { $0.touchAction = $1 },
        "prediction-lead": { $0.predictionLead = try number($1) },
        "layer-surface": { $0.layerArguments.layer = $1 },
        "layer-keyboard": { $0.layerArguments.keyboard = $1 },
        "layer-anchor": { $0.layerArguments.anchor = $1 },
        "layer-size": { $0.layerArguments.size = $1 },
        "layer-exclusive-zone": { $0.layerArguments.exclusiveZone = $1 },
        "layer-margin": { $0.layerArguments.margin = $1 },
        "layer-output": { $0.layerArguments.output = $1 },
        "session-lock": { $0.sessionLock = try integer($1) },
        "unlock-taps": { $0.unlockTaps = try integer($1) },
    ]

    /// Not a number, as ArgumentParser's `Double` conversion reads one.
    struct NotANumber: Error {}

    private static func number(_ text: String) throws -> Double {
        guard let value = Double(text) else { throw NotANumber() }
        return value
    }

    private static func integer(_ text: String) throws -> Int {
        guard let value = Int(text) else { throw NotANumber() }
        return value
    }

    /// The flags, by long name, and what each sets.
    static let flags: [String: @Sendable (inout Run) -> Void] = [
        "trace-arena": { $0.sceneOptions.traceArena = true },
        "no-hud": { $0.noHUD = true },
        "no-prediction": { $0.noPrediction = true },
        "subsurface": { $0.subsurface = true },
        "text-input": { $0.textInput = true },
        "osk": { $0.onScreenKeyboard = true },
        "pointer-only": { $0.pointerOnly = true },
    ]

    /// `run` with every option at its default, as ArgumentParser makes it from no arguments.
    static func defaults() -> Run {
        var run = Run()
        var scene = SceneOptions()
        scene.scene = TouchDemoScene.info.name
        scene.profile = ThresholdProfile.uikit.name
        scene.traceArena = false
        run.sceneOptions = scene
        run.display = nil
        run.record = nil
        run.log = nil
        run.state = nil
        run.screenshot = nil
        run.noHUD = false
        run.noPrediction = false
        run.predictionLead = nil
        run.frameLog = nil
        run.title = "gesture-sandbox"
        run.appID = "gesture-sandbox"
        run.surfacePrefix = nil
        run.windowSize = nil
        run.secondWindow = nil
        run.subsurface = false
        run.pointerOnly = false
        run.touchAction = nil
        run.layerArguments = .none
        run.sessionLock = nil
        run.unlockTaps = nil
        run.textInput = false
        run.onScreenKeyboard = false
        return run
    }

    /// `arguments` (those after `run`) as a validated command, or nil when ArgumentParser should
    /// parse them (see the type's doc comment).
    public static func parse(_ arguments: [String]) -> Run? {
        var run = defaults()
        var seen: Set<String> = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
            let body = argument.dropFirst(2)
            let name: String, inline: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inline = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
                inline = nil
            }
            guard seen.insert(name).inserted else { return nil }
            if let set = flags[name] {
                guard inline == nil else { return nil }
                set(&run)
            } else if let set = valueOptions[name] {
                let value: String
                if let inline {
                    // ArgumentParser reads `--name=` as a missing value.
                    guard !inline.isEmpty else { return nil }
                    value = inline
                } else {
                    guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else { return nil }
                    value = arguments[index]
                    index += 1
                }
                do { try set(&run, value) } catch { return nil }
            } else {
                return nil
            }
        }
        do {
            try run.sceneOptions.validate()
            try run.layerArguments.validate()
            try run.validate()
        } catch {
            return nil
        }
        return run
    }
}
