import Foundation
import Playback
import Render
import Scenes
import TouchKit
import TouchStream
import WaylandClient

// MARK: - The live window's keys

/// One keyboard shortcut of the live window.
///
/// Keys are matched on the text the key produces in the compositor's keymap (so `?` is found
/// on any layout), Escape by its keysym name; presses with Control, Alt or Super are left alone.
public enum KeyCommand: CaseIterable, Sendable {
    /// `?`: show or hide the key map.
    case toggleKeyMap
    /// `h`: show or hide the HUD.
    case toggleHUD
    /// `n`: the next scene in the catalog.
    case nextScene
    /// `p`: the previous scene.
    case previousScene
    /// `r`: rebuild the current scene.
    case resetScene
    /// `f`: the next threshold profile.
    case cycleProfile
    /// space: stop or resume delivering input to the scene (records are still recorded).
    case togglePause
    /// `s`: write a PNG of the window, HUD included.
    case screenshot
    /// `c`: start or stop recording the raw trace (a new timestamped file each start).
    case toggleRecording
    /// `t`: toggle exclusiveTouch on the view under the last touch.
    case toggleExclusiveTouch
    /// `m`: toggle multipleTouchEnabled on that view.
    case toggleMultipleTouch
    /// `u`: toggle userInteractionEnabled on that view.
    case toggleUserInteraction
    /// `v`: toggle hidden on that view.
    case toggleHidden
    /// `q` or Escape: quit (output files are finished).
    case quit

    /// The key as the key map shows it.
    public var key: String {
        switch self {
        case .toggleKeyMap: "?"
        case .toggleHUD: "h"
        case .nextScene: "n"
        case .previousScene: "p"
        case .resetScene: "r"
        case .cycleProfile: "f"
        case .togglePause: " "
        case .screenshot: "s"
        case .toggleRecording: "c"
        case .toggleExclusiveTouch: "t"
        case .toggleMultipleTouch: "m"
        case .toggleUserInteraction: "u"
        case .toggleHidden: "v"
        case .quit: "q"
        }
    }

    /// What the key does, for the key map.
    public var summary: String {
        switch self {
        case .toggleKeyMap: "this key map"
        case .toggleHUD: "heads-up display"
        case .nextScene: "next scene"
        case .previousScene: "previous scene"
        case .resetScene: "reset the scene"
        case .cycleProfile: "next threshold profile"
        case .togglePause: "pause input delivery (still recorded)"
        case .screenshot: "screenshot PNG into the current directory"
        case .toggleRecording: "start/stop recording a trace (JSON Lines) into the current directory"
        case .toggleExclusiveTouch: "exclusiveTouch of the view under the last touch"
        case .toggleMultipleTouch: "multipleTouchEnabled of that view"
        case .toggleUserInteraction: "userInteractionEnabled of that view"
        case .toggleHidden: "hidden of that view"
        case .quit: "quit (also Escape)"
        }
    }

    /// The command for a key press, if it is one.
    public init?(_ press: KeyPress) {
        guard press.modifiers.isDisjoint(with: [.control, .alt, .logo]) else { return nil }
        if press.name == "Escape" { self = .quit; return }
        guard let match = Self.allCases.first(where: { $0.key == press.text }) else { return nil }
        self = match
    }

    /// The key map's lines, one per command.
    /// Built once: the HUD asks for them every frame.
    public static let keyMapLines: [String] =
        allCases.map { "\($0.key == " " ? "space" : $0.key.padding(toLength: 5, withPad: " ", startingAt: 0)) \($0.summary)" }
}

// MARK: - State the keys change

/// What the key commands remember between presses.
struct KeyCommandState {
    /// True while records are recorded but not delivered to the scene.
    var isPaused = false
    /// The last command's result, shown in the HUD.
    var status: String?
    /// Where the last touch was (window coordinates): the view toggles act on the view there.
    var lastTouch: Point?

    /// Remembers the position of a down or motion.
    mutating func note(_ record: RawRecord) {
        switch record.event {
        case let .down(_, _, _, _, x, y), let .motion(_, _, x, y):
            lastTouch = Point(x: x.doubleValue, y: y.doubleValue)
        default:
            break
        }
    }
}

// MARK: - Carrying commands out

extension LiveSession {
    /// Builds the host for `sceneType`; also used when a key switches or resets the scene, so
    /// the trace, deliveries log and clock carry on across scenes.
    static func makeHost(sceneType: any Scene.Type, size: Size, profile: ThresholdProfile,
                         clock: TraceAlignedClock, recorder: DeliveryRecorder?) -> SceneHost {
        let host = SceneHost(sceneType: sceneType, size: size, profile: profile, clock: clock, recorder: recorder)
        host.willHandleFrame = { [clock] time in clock.align(to: time) }
        return host
    }

    /// Runs the command `key` stands for, if any.
    func handleKey(_ key: KeyPress) {
        guard let command = KeyCommand(key) else { return }
        perform(command)
    }

    /// Runs `command`, whether a key or the control strip asked for it.
    func perform(_ command: KeyCommand) {
        switch command {
        case .quit: app.stop()
        case .toggleKeyMap: hud.showsKeyMap.toggle()
        case .toggleHUD:
            hud.showsHUD.toggle()
            if let reason = hud.unavailableReason { logger.error("\(reason)") }
        case .nextScene, .previousScene: switchScene(by: command == .nextScene ? 1 : -1)
        case .resetScene: switchScene(by: 0)
        case .cycleProfile:
            let all = ThresholdProfile.all
            let index = all.firstIndex { $0.name == host.application.profile.name } ?? -1
            host.application.profile = all[(index + 1) % all.count]
            keys.status = "profile → \(host.application.profile.name)"
        case .togglePause:
            keys.isPaused.toggle()
            keys.status = keys.isPaused ? "input paused (still recorded)" : "input resumed"
        case .screenshot: takeScreenshot()
        case .toggleRecording: toggleRecording()
        case .toggleExclusiveTouch: toggle("exclusiveTouch", \.isExclusiveTouch)
        case .toggleMultipleTouch: toggle("multipleTouchEnabled", \.isMultipleTouchEnabled)
        case .toggleUserInteraction: toggle("userInteractionEnabled", \.isUserInteractionEnabled)
        case .toggleHidden: toggle("hidden", \.isHidden)
        }
        setNeedsFrame()
    }

    /// Replaces the host with the scene `offset` places along the catalog (0: the same scene, rebuilt).
    ///
    /// The old scene gets its pending frame first, so the deliveries log is complete; fingers
    /// still down continue in the new scene as ids frame assembly does not know (it repairs them).
    private func switchScene(by offset: Int) {
        let all = SceneCatalog.all
        let current = all.firstIndex { $0 == type(of: host.scene) } ?? 0
        let next = all[((current + offset) % all.count + all.count) % all.count]
        host.finish()
        host = Self.makeHost(sceneType: next, size: host.scene.window.bounds.size, profile: host.application.profile,
                             clock: clock, recorder: host.recorder)
        keys.status = offset == 0 ? "scene reset" : "scene → \(next.info.name)"
        damage.addFull()
    }

    private func toggle(_ property: String, _ keyPath: ReferenceWritableKeyPath<View, Bool>) {
        guard let point = keys.lastTouch, let view = host.scene.window.deepestView(at: point), !(view is Window) else {
            keys.status = "\(property): no view under the last touch"
            return
        }
        view[keyPath: keyPath].toggle()
        keys.status = "\(view.name): \(property) \(view[keyPath: keyPath] ? "on" : "off")"
    }

    /// A new file in the current directory named for this instant: gesture-sandbox-<UTC time>.<suffix>.
    private func timestampedPath(suffix: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        return FileManager.default.currentDirectoryPath + "/gesture-sandbox-\(formatter.string(from: Date())).\(suffix)"
    }

    /// Stops a running recording (finishing its file) or starts a new one.
    private func toggleRecording() {
        guard let path = recordingPath else {
            recordingPath = timestampedPath(suffix: "jsonl")
            keys.status = "recording → \(recordingPath ?? "")"
            return
        }
        do {
            try recording(to: path).finish()
            // The command line's trace is one of the command's outputs, put in place with the others.
            keys.status = path == options.recordPath ? "recording stopped; \(path) is written at exit with the other outputs"
                : "trace saved → \(path)"
        } catch {
            logger.error("\(error)")
            keys.status = "recording failed: \(error)"
        }
        trace = nil
        recordingPath = nil
    }

    private func takeScreenshot() {
        let path = timestampedPath(suffix: "png")
        do {
            try writeScreenshot(to: path)
            keys.status = "screenshot → \(path)"
        } catch {
            logger.error("\(error)")
            keys.status = "screenshot failed: \(error)"
        }
    }
}

// MARK: - Finding a view regardless of its flags

extension View {
    /// The front-most deepest view whose bounds contain `point` (window coordinates), hidden or
    /// not, interactive or not: the toggles must find a view again to switch a flag back.
    func deepestView(at point: Point) -> View? {
        for subview in subviews.reversed() {
            if let found = subview.deepestView(at: point) { return found }
        }
        return bounds.contains(convert(point, from: nil)) ? self : nil
    }
}

// MARK: - The HUD's frame

extension LiveSession {
    /// Lays the HUD and the control strip out for this frame and returns their damage.
    func hudDamage() -> [Rect] {
        var snapshot = HUDSnapshot(host: host, environment: app.environment, log: hud.log, isPaused: keys.isPaused,
                                   status: keys.status, recognizers: hud.recognizerReport(host))
        snapshot.latency = presentLatency.line
        // Paced only while shown: hidden, none of that text is laid out, and nothing waits for it.
        let paced = hud.showsHUD ? hudTextPace.snapshot(snapshot, now: app.loop.now) : (snapshot: snapshot, recheck: nil)
        snapshot = paced.snapshot
        if let recheck = paced.recheck, hudTextTimer == nil {
            hudTextTimer = app.loop.schedule(at: recheck) { [unowned self] in
                hudTextTimer = nil
                setNeedsFrame()
            }
        }
        // The control strip is always there, HUD or not.
        let controls = hud.controlPanels(strip, window: host.scene.window.bounds.size, recording: recordingPath != nil,
                                         paused: keys.isPaused)
        return hud.update(snapshot, keyMap: KeyCommand.keyMapLines, controls: controls)
    }
}
