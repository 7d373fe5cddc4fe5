import TouchKit

/// Damage (logical px) per frame, and the region a buffer of a given age must repaint.
///
/// Rule: a buffer last drawn N frames ago (age N ≥ 1) repaints the union of the damage of the
/// frame being drawn and the N − 1 frames before it; age 0 (contents unknown), an age older
/// than the kept history, or a full-damage frame in that span means a full repaint (nil).
/// Rect lists stay at most `maxRects` long by merging the pair whose bounding box wastes least.
public struct DamageTracker: Sendable {
    /// Frames of history kept: enough for triple buffering plus one compositor-held buffer.
    public static let defaultHistoryLength = 4
    /// Rect budget per region: beyond a handful, one pixman region op costs more than it saves.
    public static let defaultMaxRects = 8

    /// One frame's damage.
    private enum Damage: Sendable {
        case rects([Rect])
        case full
    }

    /// Most rects a region holds.
    public let maxRects: Int
    /// Frames remembered after they are committed.
    public let historyLength: Int
    private var pending = Damage.rects([])
    private var history: [Damage] = []  // most recent first

    /// Creates a tracker whose first frame repaints everything.
    public init(maxRects: Int = defaultMaxRects, historyLength: Int = defaultHistoryLength) {
        self.maxRects = max(1, maxRects)
        self.historyLength = max(0, historyLength)
        pending = .full
    }

    // MARK: - Recording

    /// Adds damage to the frame being built; empty or non-finite rects are ignored.
    public mutating func add(_ rect: Rect) {
        guard case .rects(let rects) = pending else { return }
        pending = .rects(Self.adding(rect, to: rects, limit: maxRects))
    }

    /// Marks the whole surface damaged (first frame, resize, scale change).
    public mutating func addFull() { pending = .full }

    /// True when the frame being built has any damage.
    public var hasPendingDamage: Bool {
        if case .rects(let rects) = pending { return !rects.isEmpty }
        return true
    }

    /// Ends the frame: its damage joins the history and a new, undamaged frame begins.
    public mutating func commitFrame() {
        history.insert(pending, at: 0)
        if history.count > historyLength { history.removeLast(history.count - historyLength) }
        pending = .rects([])
    }

    // MARK: - Queries

    /// What a buffer of age `bufferAge` must repaint for the frame being built; nil means everything.
    public func repaintRects(bufferAge: Int) -> [Rect]? {
        guard bufferAge >= 1, bufferAge - 1 <= history.count else { return nil }
        var result: [Rect] = []
        for damage in [pending] + history.prefix(bufferAge - 1) {
            guard case .rects(let rects) = damage else { return nil }
            for rect in rects { result = Self.adding(rect, to: result, limit: maxRects) }
        }
        return result
    }

    // MARK: - Merging

    /// `rects` plus `rect`: contained rects dropped, then the cheapest pairs merged down to `limit`.
    static func adding(_ rect: Rect, to rects: [Rect], limit: Int) -> [Rect] {
        let new = normalized(rect)
        guard !new.isEmpty, [new.minX, new.minY, new.maxX, new.maxY].allSatisfy(\.isFinite) else { return rects }
        if rects.contains(where: { contains($0, new) }) { return rects }
        var result = rects.filter { !contains(new, $0) }
        result.append(new)
        while result.count > limit {
            var best = (i: 0, j: 1, waste: Double.infinity)
            for i in result.indices {
                for j in result.indices where j > i {
                    let waste = area(union(result[i], result[j])) - area(result[i]) - area(result[j])
                    if waste < best.waste { best = (i, j, waste) }
                }
            }
            let merged = union(result[best.i], result[best.j])
            result.remove(at: best.j)
            result[best.i] = merged
        }
        return result
    }

    private static func normalized(_ r: Rect) -> Rect { Rect(x: r.minX, y: r.minY, width: r.width, height: r.height) }
    private static func area(_ r: Rect) -> Double { r.width * r.height }
    private static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }
    private static func union(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }
}
