import Foundation
import SandboxHarness
import TouchKit

// MARK: - How far the drawing is from the finger when it is seen

/// The injected finger: where the drag put it and when (CLOCK_MONOTONIC s, global logical px).
/// Between two injected frames the finger is taken to move in a straight line at constant speed,
/// as a real finger sampled by a touchscreen does.
public struct InjectedPath: Sendable {
    /// When each frame was sent: the down, the motions, and last the up.
    public var times: [Double]
    /// Where the finger was in each frame (the up's is where it lifted).
    public var points: [Point]

    /// Creates a path; `times` and `points` are parallel, times increasing.
    public init(times: [Double], points: [Point]) {
        self.times = times
        self.points = points
    }

    /// Where the finger is at `time`; nil before the down or after the up.
    public func position(at time: Double) -> Point? {
        guard let first = times.first, let last = times.last, time >= first, time <= last else { return nil }
        let index = max(1, times.partitioningIndex { $0 >= time })
        guard index < times.count else { return points.last }
        let span = times[index] - times[index - 1]
        let f = span > 0 ? (time - times[index - 1]) / span : 1
        let a = points[index - 1], b = points[index]
        return Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
    }

    /// The finger's speed at `time` (px/s): over the injected step around it.
    public func speed(at time: Double) -> Double? {
        guard let first = times.first, let last = times.last, time >= first, time <= last else { return nil }
        let index = min(max(1, times.partitioningIndex { $0 >= time }), times.count - 1)
        let span = times[index] - times[index - 1]
        guard span > 0 else { return nil }
        return distance(points[index - 1], points[index]) / span
    }

    /// How far `point` is from anywhere the finger has been by `time`: 0 for a drawing on the
    /// path behind the finger (lag only), more for one ahead of it or off its path (overshoot).
    public func distanceFromPathTravelled(_ point: Point, by time: Double) -> Double? {
        guard let now = position(at: time) else { return nil }
        let end = times.partitioningIndex { $0 > time }
        var vertices = Array(points[..<end])
        vertices.append(now)
        var best = distance(point, vertices[0])
        for (a, b) in zip(vertices, vertices.dropFirst()) { best = min(best, distance(point, toSegment: a, b)) }
        return best
    }

    private func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0 else { return distance(p, a) }
        let t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
        return distance(p, Point(x: a.x + dx * t, y: a.y + dy * t))
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}

/// One frame as it was seen: when, and where it drew the finger (global logical px).
public struct PresentedFrame: Sendable {
    /// When it turned into light as wp_presentation reports it (CLOCK_MONOTONIC s).
    public var presented: Double
    /// Where it showed the finger.
    public var drawn: Point
    /// The time the drawn point was predicted for; nil when it was not predicted.
    public var aimed: Double?
    /// When the client committed it, when known.
    public var committed: Double?
    /// When weston posted the repaint that took it (`core_repaint_posted`), when known: what the
    /// shown-latency columns call on screen.
    public var posted: Double?
    /// The finger's newest delivered location when the frame was drawn, when the client logs it.
    public var finger: Point?

    /// Creates a frame.
    public init(presented: Double, drawn: Point, aimed: Double? = nil, committed: Double? = nil, posted: Double? = nil,
                finger: Point? = nil) {
        self.presented = presented
        self.drawn = drawn
        self.aimed = aimed
        self.committed = committed
        self.posted = posted
        self.finger = finger
    }

    /// How far a predicted drawing is ahead of the newest delivered location (px): nil when the
    /// frame drew no prediction or the finger is not known.
    public var predictedAhead: Double? {
        guard aimed != nil, let finger else { return nil }
        return ((drawn.x - finger.x) * (drawn.x - finger.x) + (drawn.y - finger.y) * (drawn.y - finger.y)).squareRoot()
    }
}

/// Effective lag of one drag: per presented frame while the finger was down, the distance
/// between the drawing and the finger then, as px and as that distance over the finger's speed
/// (ms: how late the drawing is, whatever caused it); and overshoot, the drawing's distance from
/// anywhere the finger had been, in the frames around the drag's turns and after it stopped.
public struct EffectiveLag: Sendable {
    /// A frame's figures.
    public struct Sample: Sendable {
        public var presented: Double
        /// Drawing to finger (px).
        public var distance: Double
        /// `distance` over the finger's speed (s); nil while it stands still.
        public var lag: Double?
        /// Drawing to the path travelled so far (px).
        public var overshoot: Double
        /// Presented around a turn (within `turnWindow` of one) or after the finger stopped.
        public var atTurn: Bool, atStop: Bool
    }

    /// Frames this close to a turn count as at the turn (s).
    public static let turnWindow = 0.05
    /// Below this speed the finger stands still and a frame has no lag in ms (px/s).
    public static let stillSpeed = 5.0

    /// The frames.
    public let samples: [Sample]

    /// Measures `frames` against `path` at their presentation (or, `atPosted`, at their
    /// repaint's posting; frames without one are left out); `turns` are the times the drag
    /// turned, `stop` when the finger stopped moving (its last motion) before it lifted.
    public init(frames: [PresentedFrame], path: InjectedPath, turns: [Double], stop: Double?, atPosted: Bool = false) {
        samples = frames.compactMap { frame in
            guard let seen = atPosted ? frame.posted : frame.presented, let finger = path.position(at: seen),
                  let overshoot = path.distanceFromPathTravelled(frame.drawn, by: seen) else { return nil }
            let dx = finger.x - frame.drawn.x, dy = finger.y - frame.drawn.y
            let distance = (dx * dx + dy * dy).squareRoot()
            let stopped = stop.map { seen >= $0 } ?? false
            let speed = stopped ? 0 : path.speed(at: seen) ?? 0
            return Sample(presented: seen, distance: distance,
                          lag: speed >= Self.stillSpeed ? distance / speed : nil, overshoot: overshoot,
                          atTurn: turns.contains { abs($0 - seen) <= Self.turnWindow }, atStop: stopped)
        }
    }
}

// MARK: - What each kind of client drew

extension DragMeasurement {
    /// The frames a client that draws the finger where its last input put it showed, estimated
    /// from outside: each weston repaint that took a commit of the client, posted at
    /// `core_repaint_posted` and presented `presentationDelay` later (what wp_presentation
    /// reports for that repaint; nil: at the posting), showing the position of the last input
    /// frame sent before the client's latest commit (the rule that makes an input "shown" in the
    /// other columns). It credits the client with input it may not have read yet, so it can only
    /// flatter it.
    public func lastInputFrames(path: InjectedPath, presentationDelay: Double?) -> [PresentedFrame] {
        repaints.compactMap { repaint in
            let index = commits.partitioningIndex { $0 >= repaint.begin }
            guard index > 0 else { return nil }
            let commit = commits[index - 1]
            let shown = path.times.partitioningIndex { $0 >= commit }
            guard shown > 0 else { return nil }
            return PresentedFrame(presented: repaint.posted + (presentationDelay ?? 0), drawn: path.points[shown - 1],
                                  committed: commit, posted: repaint.posted)
        }
    }

    /// The repaint that took a commit made at `committed`: the first to begin after it.
    public func repaint(taking committed: Double) -> WestonRepaint? {
        let index = repaints.partitioningIndex { $0.begin > committed }
        return index < repaints.count ? repaints[index] : nil
    }
}

extension InjectedPath {
    /// When the drag turned: the frames after which x or y starts moving the other way.
    public var turns: [Double] {
        guard points.count >= 3 else { return [] }
        return (1..<(points.count - 1)).compactMap { i in
            let before = (x: points[i].x - points[i - 1].x, y: points[i].y - points[i - 1].y)
            let after = (x: points[i + 1].x - points[i].x, y: points[i + 1].y - points[i].y)
            return before.x * after.x < 0 || before.y * after.y < 0 ? times[i] : nil
        }
    }

    /// When the finger stopped: its last motion, after which it rests until the up.
    public var stop: Double? { times.count >= 3 ? times[times.count - 2] : nil }
}

// MARK: - Our client's own account of its frames

/// Reads the frame log `gesture-sandbox run --frame-log` wrote (one JSON object per line: see
/// `FrameLogEntry` in Live): the presented frames that drew a finger.
enum FrameLogReader {
    static func frames(at path: String, client: String) throws -> [PresentedFrame] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HarnessError("\(client) wrote no frame log at \(path)")
        }
        var frames: [PresentedFrame] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw HarnessError("\(path):\(index + 1): not a JSON object")
            }
            func number(_ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }
            guard let presented = number("presented"), let x = number("x"), let y = number("y") else { continue }
            let finger = number("finger_x").flatMap { fx in number("finger_y").map { Point(x: fx, y: $0) } }
            frames.append(PresentedFrame(presented: presented, drawn: Point(x: x, y: y), aimed: number("aimed"),
                                         committed: number("committed"), finger: finger))
        }
        return frames
    }
}
