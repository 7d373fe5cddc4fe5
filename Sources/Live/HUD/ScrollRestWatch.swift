import TouchKit
import TouchStream

// MARK: - Where each toolkit would fling the last stroke

/// Every scroll model of the build fed the live window's one-finger strokes, so the HUD shows where GTK, Qt,
/// Chromium or Firefox would bring a scrolling view to rest after the same flick.
///
/// A stroke runs from a down with no touch down to the up that leaves none; only a stroke of one finger that
/// moved scrolls (two fingers would pinch, a tap only stops a fling). Each model replays it from the middle of a long content, over the frames of
/// a display that never misses one, and its fling runs to rest.
public struct ScrollRestWatch {
    /// One model's answer to the last stroke.
    public struct Rest: Hashable, Sendable {
        /// The scroll model (`gtk-4.8`).
        public var model: String
        /// Its toolkit (`gtk`).
        public var toolkit: String
        /// How far the view's offset moved from the down to rest (px; positive: the content went up).
        public var moved: Double
        /// The velocity of the fling the lift started (px/s), nil when the lift started none.
        public var fling: Double?
    }

    /// An offset from which no stroke reaches an end of the content.
    static let startOffset = 100_000.0

    private let models: [any ToolkitScrollModel]
    private var stroke: [RawRecord] = []
    private var down: Set<Int32> = []
    private var fingers: Set<Int32> = []
    /// Each model's answer to the last stroke, in model order; empty before one, or when it was not a scroll.
    public private(set) var rests: [Rest] = []

    /// Watches with `models` (the build's scroll models unless given).
    public init(models: [any ToolkitScrollModel] = ScrollModels.all) {
        self.models = models
    }

    /// Feeds one record as the scene gets it; touches on the window's controls are not strokes.
    public mutating func push(_ record: RawRecord) {
        guard !record.isControl else { return }
        switch record.event {
        case .down(_, _, _, let id, _, _):
            if down.isEmpty {
                stroke = []
                fingers = []
            }
            down.insert(id)
            fingers.insert(id)
            stroke.append(record)
        case .motion(_, let id, _, _):
            if down.contains(id) { stroke.append(record) }
        case .up(_, _, let id):
            guard down.remove(id) != nil else { return }
            stroke.append(record)
            if down.isEmpty { finish() }
        case .cancel:
            // A cancelled stroke flings nowhere in any toolkit: what was shown for the one before no longer applies.
            if !down.isEmpty { rests = [] }
            down = []
            stroke = []
        default:
            break
        }
    }

    private mutating func finish() {
        // A tap or a pinch scrolls nothing: what was shown for the stroke before no longer answers the last touch.
        let moved = stroke.contains { if case .motion = $0.event { true } else { false } }
        guard fingers.count == 1, moved, let origin = stroke.first?.event.time else {
            rests = []
            return
        }
        let events = ScrollTouchEvent.events(from: stroke, origin: origin)
        let frames = ScrollFrame.steady(through: events.last?.time ?? 0)
        rests = models.map { model in
            let prediction = model.predict(ScrollModelInput(startOffset: Self.startOffset, events: events, frames: frames))
            return Rest(model: model.name, toolkit: model.toolkit, moved: prediction.resting - Self.startOffset,
                        fling: prediction.flings.last.map(\.velocity))
        }
    }

    /// `scroll rests +1234 px (fling 2300 px/s)` for `toolkit`'s model, nil when it has none or no stroke was seen.
    public func summary(of toolkit: String) -> String? {
        rests.first { $0.toolkit == toolkit }.map(Self.describe)
    }

    static func describe(_ rest: Rest) -> String {
        let moved = Int(rest.moved.rounded())
        // A lift slower than 1 px/s starts a fling in some models' terms, but nothing a user would see move.
        let fling = rest.fling.flatMap { abs($0) >= 1 ? " (fling \(Int($0.rounded())) px/s)" : nil } ?? ", no fling"
        return "scroll rests \(moved > 0 ? "+" : "")\(moved) px" + fling
    }
}
