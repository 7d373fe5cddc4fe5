import TouchKit
import TouchStream

// MARK: - The toolkit models, watching the same touches

/// Every toolkit model of the build (gtk-4.8, qt-6.4, chromium-156, …) fed the live window's touches, so the HUD can
/// show what GTK, Qt and Chromium would recognise beside our own recognizers, and after a one-finger stroke where
/// each toolkit that scrolls would bring a scrolling view to rest (``ScrollRestWatch``).
///
/// The models get the records the scene gets (touches on the window's controls left out), assembled
/// by a ``ReplayAssembler`` of their own exactly as the scene host assembles them, on the same time
/// base; timers (a long press) fire through ``advance(to:)``, which the session calls while a touch
/// is down. Each model's last few gestures are kept, updates left out as in the oracle comparison.
public struct ToolkitModelWatch {
    /// Gestures shown per model.
    public static let remembered = 3

    /// The models' names, in catalog order.
    public let names: [String]
    private var models: [any ToolkitModel]
    private var scroll: ScrollRestWatch
    private var assembler = ReplayAssembler()
    /// Each model's latest non-update gestures, oldest first.
    public private(set) var recent: [[ToolkitGesture]]

    /// Watches with fresh `models` and `scrollModels` (the build's catalogs unless given).
    public init(models: [any ToolkitModel] = ToolkitModels.all(), scrollModels: [any ToolkitScrollModel] = ScrollModels.all) {
        self.models = models
        scroll = ScrollRestWatch(models: scrollModels)
        names = models.map(\.name)
        recent = Array(repeating: [], count: models.count)
    }

    /// True while a touch is down for the models (their timers may still fire).
    public var hasTouchDown: Bool { !assembler.assembler.activeTouchIDs.isEmpty }

    /// Feeds one record as the scene gets it.
    public mutating func push(_ record: RawRecord) {
        scroll.push(record)
        var out: [AssemblyOutput] = []
        assembler.push(record, into: &out)
        for frame in out.frames {
            for index in models.indices { remember(models[index].feed(frame), model: index) }
        }
    }

    /// Fires the models' timers due by `time` (seconds on the frames' clock).
    public mutating func advance(to time: Double) {
        for index in models.indices { remember(models[index].advance(to: time), model: index) }
    }

    /// Starts over (a new scene): fresh models, nothing remembered.
    public mutating func reset(models fresh: [any ToolkitModel] = ToolkitModels.all(),
                               scrollModels: [any ToolkitScrollModel] = ScrollModels.all) {
        self = ToolkitModelWatch(models: fresh, scrollModels: scrollModels)
    }

    private mutating func remember(_ gestures: [ToolkitGesture], model index: Int) {
        let shown = gestures.filter { !$0.kind.isUpdate }
        guard !shown.isEmpty else { return }
        recent[index] = Array((recent[index] + shown).suffix(Self.remembered))
    }

    /// The HUD's lines: a heading, then one per model with its latest gestures, newest last, and where its toolkit
    /// would fling the last one-finger stroke; a scroll model whose toolkit has no gesture model gets a line of its own.
    public var lines: [String] {
        guard !names.isEmpty || !scroll.rests.isEmpty else { return ["toolkit models: none in this build"] }
        let toolkits = models.map(\.toolkit)
        let gestureLines = names.indices.map { index in
            let gestures = recent[index].map(Self.describe)
            let line = "\(names[index]): " + (gestures.isEmpty ? "—" : gestures.joined(separator: " · "))
            return scroll.summary(of: toolkits[index]).map { line + " ‖ " + $0 } ?? line
        }
        let scrollOnly = scroll.rests.filter { !toolkits.contains($0.toolkit) }.map { "\($0.model): " + ScrollRestWatch.describe($0) }
        return ["toolkit models (newest last)"] + gestureLines + scrollOnly
    }

    /// `GtkGestureClick tap ×2`, `TapHandler long-press`.
    static func describe(_ gesture: ToolkitGesture) -> String {
        let counted = gesture.kind == .tap || gesture.kind == .pointerDown || gesture.kind == .pointerUp
        let count = counted ? gesture.count.map { " ×\($0)" } ?? "" : ""
        return "\(gesture.recognizer) \(gesture.kind.rawValue)\(count)"
    }
}

extension ToolkitGesture.Kind {
    /// True for the kinds that follow a gesture as it moves: live they would push every other gesture out
    /// (SDL 2's per-motion events included).
    var isUpdate: Bool {
        self == .dragUpdate || self == .panUpdate || self == .touchMotion || self == .pointerMotion || self == .multiGesture
            || self == .gestureUpdated
    }
}
