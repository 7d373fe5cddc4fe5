import FoundationEssentials
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
    /// `g`: show or hide, in the HUD, what each toolkit model recognises for the same touches.
    case toggleToolkitModels
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
        case .toggleToolkitModels: "g"
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
        case .toggleToolkitModels: "toolkit models (GTK, Qt, Chromium) beside ours in the HUD"
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

    /// `text` cut or padded with spaces to `width` characters (the key map's first column).
    private static func column(_ text: String, width: Int) -> String {
        String(text.prefix(width)) + String(repeating: " ", count: max(0, width - text.count))
    }

    /// The key map's lines, one per command.
    /// Built once: the HUD asks for them every frame.
    public static let keyMapLines: [String] =
        allCases.map { "\($0.key == " " ? "space" : Self.column($0.key, width: 5)) \($0.summary)" }
}

// MARK: - State the keys change

/// What the key commands remember between presses, and the commands that change only that and
/// the scene (pause, profile, a view's flags); the session carries out the others.
struct KeyCommandState {
    /// True while records are recorded but not delivered to the scene.
    private(set) var isPaused = false
    /// The last command's result, shown in the HUD.
    var status: String?
    /// Where the last touch was (window coordinates): the view toggles act on the view there.
    private(set) var lastTouch: Point?

    /// Remembers the position of a down or motion.
    mutating func note(_ record: RawRecord) {
        switch record.event {
        case let .down(_, _, _, _, x, y), let .motion(_, _, x, y):
            lastTouch = Point(x: x.doubleValue, y: y.doubleValue)
        default:
            break
        }
    }

    /// Stops or resumes delivering input to the scene.
    mutating func togglePause() {
        isPaused.toggle()
        status = isPaused ? "input paused (still recorded)" : "input resumed"
    }

    /// Puts the next threshold profile in force in `application`.
    mutating func cycleProfile(of application: Application) {
        let all = ThresholdProfile.all
        let index = all.firstIndex { $0.name == application.profile.name } ?? -1
        application.profile = all[(index + 1) % all.count]
        status = "profile → \(application.profile.name)"
    }

    /// Toggles the flag `property` of the view under the last touch in `window`.
    mutating func toggle(_ property: String, _ keyPath: ReferenceWritableKeyPath<View, Bool>, in window: Window) {
        guard let point = lastTouch, let view = window.deepestView(at: point), !(view is Window) else {
            status = "\(property): no view under the last touch"
            return
        }
        view[keyPath: keyPath].toggle()
        status = "\(view.name): \(property) \(view[keyPath: keyPath] ? "on" : "off")"
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
