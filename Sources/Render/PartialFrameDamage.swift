import TouchKit

/// The damage of frames drawn in parts: prepared into a buffer ahead of time, then finished with
/// what changed since, so little is left to draw between the newest input and the commit.
///
/// Rule: the first part of a frame drawn into a buffer repaints all that buffer's age requires
/// (`DamageTracker`); a later part of the same frame in the same buffer draws only the damage
/// added since; a part in another buffer (the compositor released a newer one) starts over in
/// it, and a whole-surface damage is never drawn in parts. All parts' damage joins the frame's,
/// so buffers drawn later repaint it too. A frame that draws nothing (no damage, in a buffer that
/// lacks nothing) is not committed, so it is not remembered either: it must not count in the
/// ages of buffers. One with no damage of its own in a buffer that lacks some still repairs it
/// and is committed: the next input then finds both buffers whole.
public struct PartialFrameDamage: Sendable {
    /// Every frame's damage, for buffers of any age.
    public private(set) var tracker = DamageTracker()
    /// The buffer the current frame is being drawn into.
    private var buffer: ObjectIdentifier?
    /// What of the current frame that buffer holds (nil: all of it).
    private var drawn: [Rect]? = []

    /// A first frame that repaints everything.
    public init() {}

    /// Marks the whole surface damaged (first frame, resize, scale change).
    public mutating func addFull() { tracker.addFull() }

    /// Adds `damage` to the frame and returns what to draw into `buffer` (last drawn `age` frames
    /// ago) now: nil for everything, an empty list for nothing.
    public mutating func part(adding damage: [Rect], into buffer: ObjectIdentifier, age: Int) -> [Rect]? {
        for rect in damage { tracker.add(rect) }
        if self.buffer == buffer, tracker.repaintRects(bufferAge: 1) != nil {
            drawn = drawn.map { $0 + damage }
            return damage
        }
        let clip = tracker.repaintRects(bufferAge: age)
        self.buffer = buffer
        drawn = clip
        return clip
    }

    /// Ends the frame and returns what of its buffer it changed (nil: all of it); empty when it
    /// drew nothing, which is then not committed and not remembered.
    public mutating func finishFrame() -> [Rect]? {
        defer {
            if drawn?.isEmpty != true { tracker.commitFrame() }
            buffer = nil
            drawn = []
        }
        return drawn
    }
}
