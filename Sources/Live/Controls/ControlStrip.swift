import TouchKit
import TouchStream

// MARK: - The touch-only control strip

/// The on-screen controls that make every key command reachable by touch (and by pointer,
/// through mouse emulation): a handle on the window's right edge that expands into a column of
/// buttons.
///
/// Rule: a touch that goes down on the strip belongs to the strip until it lifts; it acts on
/// its up, when it is still over the target it went down on (a drag off a button cancels it).
/// Such touches never reach the scene (the live session tags their records `control`).
public struct ControlStrip: Sendable {
    /// A button of the expanded strip, top to bottom.
    public enum Button: CaseIterable, Hashable, Sendable {
        case previousScene, nextScene, profile, hud, record, screenshot, pause

        /// The key command the button stands for.
        public var command: KeyCommand {
            switch self {
            case .previousScene: .previousScene
            case .nextScene: .nextScene
            case .profile: .cycleProfile
            case .hud: .toggleHUD
            case .record: .toggleRecording
            case .screenshot: .screenshot
            case .pause: .togglePause
            }
        }

        /// The button's label, given what is running.
        public func label(recording: Bool, paused: Bool) -> String {
            switch self {
            case .previousScene: "< scene"
            case .nextScene: "scene >"
            case .profile: "profile"
            case .hud: "HUD"
            case .record: recording ? "stop rec" : "record"
            case .screenshot: "shot"
            case .pause: paused ? "resume" : "pause"
            }
        }
    }

    /// What a point on the strip hits.
    public enum Target: Hashable, Sendable {
        /// The handle: expands or collapses the strip.
        case handle
        case button(Button)
    }

    // MARK: - Geometry (logical px)

    /// Handle size: a finger-sized target (Apple's HIG minimum is 44 pt) that covers little of the scene.
    public static let handleSize = Size(width: 28, height: 56)
    /// Button size: 44 px tall for fingers, wide enough for the longest label at the HUD's text size.
    public static let buttonSize = Size(width: 84, height: 44)
    /// Space between buttons, and between the strip and the window's right edge.
    public static let spacing = 4.0

    /// True when the buttons are shown; the strip starts collapsed to its handle.
    public var isExpanded = false

    /// Creates a collapsed strip.
    public init() {}

    /// The handle's frame: on the right edge, centred vertically (TouchDemo's squares sit in the corners).
    public func handleFrame(in window: Size) -> Rect {
        let size = Self.handleSize
        return Rect(x: window.width - Self.spacing - size.width, y: ((window.height - size.height) / 2).rounded(),
                    width: size.width, height: size.height)
    }

    /// The buttons' frames (empty when collapsed): a column left of the handle, centred on it.
    public func buttonFrames(in window: Size) -> [(Button, Rect)] {
        guard isExpanded else { return [] }
        let handle = handleFrame(in: window)
        let size = Self.buttonSize
        let count = Double(Button.allCases.count)
        let height = count * size.height + (count - 1) * Self.spacing
        let x = handle.minX - Self.spacing - size.width
        var y = max(0, (handle.midY - height / 2).rounded())
        return Button.allCases.map { button in
            defer { y += size.height + Self.spacing }
            return (button, Rect(x: x, y: y, width: size.width, height: size.height))
        }
    }

    /// What `point` (window coordinates) hits, if anything.
    public func target(at point: Point, in window: Size) -> Target? {
        if handleFrame(in: window).contains(point) { return .handle }
        return buttonFrames(in: window).first { $0.1.contains(point) }.map { .button($0.0) }
    }
}

// MARK: - Touches owned by the strip

/// The touches that belong to the window's controls rather than the scene, by id: those that
/// went down on the strip (with the target and their latest point) and those claimed for
/// another reason (a down on a decoration surface), which never activate anything.
public struct ControlTouches: Sendable {
    private struct Owned: Sendable {
        /// The strip target it went down on; nil for a touch claimed elsewhere.
        var target: ControlStrip.Target?
        var point: Point
    }

    private var owned: [Int32: Owned] = [:]

    /// No touch owned.
    public init() {}

    /// What a record means for the controls.
    public enum Outcome: Equatable, Sendable {
        /// Not the controls': deliver it to the scene.
        case scene
        /// The controls' (tag it `control`), with nothing to do yet.
        case owned
        /// The controls', and a tap completed on `target`.
        case activated(ControlStrip.Target)
    }

    /// Claims a down that `target` places on the strip, or any down when `claim` is true; follows
    /// motion and up of owned ids; a cancel ends them all. Ups act when still over the target.
    public mutating func handle(_ event: RawEvent, claim: Bool, target: (Point) -> ControlStrip.Target?) -> Outcome {
        switch event {
        case .down(_, _, _, let id, let x, let y):
            let point = Point(x: x.doubleValue, y: y.doubleValue)
            // A down on an owned id is a new touch (the old one was lost): decided afresh.
            owned[id] = nil
            if let hit = target(point) {
                owned[id] = Owned(target: hit, point: point)
            } else if claim {
                owned[id] = Owned(target: nil, point: point)
            } else {
                return .scene
            }
            return .owned
        case .motion(_, let id, let x, let y):
            guard owned[id] != nil else { return .scene }
            owned[id]?.point = Point(x: x.doubleValue, y: y.doubleValue)
            return .owned
        case .up(_, _, let id):
            guard let touch = owned.removeValue(forKey: id) else { return .scene }
            guard let start = touch.target, target(touch.point) == start else { return .owned }
            return .activated(start)
        case .shape(let id, _, _), .orientation(let id, _):
            return owned[id] == nil ? .scene : .owned
        case .cancel:
            // The scene's touches are cancelled too: the cancel record itself stays the scene's.
            owned = [:]
            return .scene
        case .frame, .flush, .capabilities, .surface:
            return .scene
        }
    }

    /// True when `id` is owned by the controls.
    public func owns(_ id: Int32) -> Bool { owned[id] != nil }
}
