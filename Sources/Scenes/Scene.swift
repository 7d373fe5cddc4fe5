import TouchKit

// MARK: - What a scene is

/// The name, one-line summary and source of a scene, as `gesture-sandbox scenes` lists it.
public struct SceneInfo: Hashable, Sendable {
    /// The name `--scene` takes.
    public var name: String
    /// One line saying what the scene shows.
    public var summary: String
    /// Where the example comes from (seed document and listing).
    public var seed: String
    /// Creates scene information.
    public init(name: String, summary: String, seed: String) {
        self.name = name
        self.summary = summary
        self.seed = seed
    }
}

/// What a scene's views are doing now: named view frames plus scene-specific facts.
///
/// Written by `--state` at exit and compared by tests, so keys are stable names.
public struct SceneSnapshot: Hashable, Sendable, Codable {
    /// Each named view's frame in window coordinates (x, y, width, height).
    public var views: [String: [Double]]
    /// Scene-specific observations ("swipe": "right", "placardText": "…").
    public var facts: [String: String]
    /// Creates a snapshot.
    public init(views: [String: [Double]] = [:], facts: [String: String] = [:]) {
        self.views = views
        self.facts = facts
    }
}

/// What the host gives a scene: its clock (timers, animations) and the window size.
public struct SceneContext {
    /// The injected clock (virtual in replay, the event loop live).
    public var clock: TouchClock
    /// The window's logical size when the scene is built.
    public var size: Size
    /// Creates a context.
    public init(clock: TouchClock, size: Size) {
        self.clock = clock
        self.size = size
    }
}

/// A demo scene: a window with views and the responders that drive them.
///
/// The host owns the Application; the scene owns its window's view tree and
/// must only react to touches and its own timers, so a replay is deterministic.
public protocol Scene: AnyObject {
    /// Name, summary and source.
    static var info: SceneInfo { get }
    /// Builds the scene's views for `context.size`.
    init(context: SceneContext)
    /// The window the host adds to its Application.
    var window: Window { get }
    /// Lays the scene out again for a new window size.
    func resize(to size: Size)
    /// The observable state, for tests and `--state`.
    func snapshot() -> SceneSnapshot
}

extension Scene {
    /// The frames of every named descendant of the window (names not starting with "_").
    public func namedViewFrames() -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        func visit(_ view: View) {
            for subview in view.subviews {
                if !subview.name.hasPrefix("_") {
                    let f = subview.convert(subview.bounds, to: nil)
                    result[subview.name] = [f.origin.x, f.origin.y, f.size.width, f.size.height]
                }
                visit(subview)
            }
        }
        visit(window)
        return result
    }

    /// The default snapshot: named view frames and no facts.
    public func snapshot() -> SceneSnapshot { SceneSnapshot(views: namedViewFrames()) }
}

// MARK: - Catalog

/// Every scene, in the order `gesture-sandbox scenes` lists them.
public enum SceneCatalog {
    /// The scene types.
    public static var all: [any Scene.Type] {
        [TouchDemoScene.self, MoveMeScene.self, SwipeScene.self, TapCounterScene.self, TapDragLogScene.self, BeginPointsScene.self,
         LastFingerScene.self, ForwardingScene.self, ExclusiveTouchScene.self, HitTestScene.self,
         DragViewScene.self, SpotsScene.self, PlaygroundScene.self, TransformScene.self, PinchMeScene.self, InkScene.self]
    }

    /// The scene named `name` (case-insensitive), if any.
    public static func scene(named name: String) -> (any Scene.Type)? {
        all.first { $0.info.name == name.lowercased() }
    }

    /// The names, for error messages and help.
    public static var names: [String] { all.map { $0.info.name } }
}
