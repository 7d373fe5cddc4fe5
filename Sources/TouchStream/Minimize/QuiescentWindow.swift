// MARK: - The part of a long trace a property can rest on

/// The records a streamed trace keeps for shrinking: those since its latest quiescent points,
/// up to the frame that shows the property, so `minimize` needs memory for that window, not for
/// the trace.
///
/// A quiescent point is the position of a `down` that comes while no touch is down (and the
/// trace's start): a trace cut there starts clean, no touch orphaned. Several points are kept
/// (``keptStarts``) because a property may rest on what came before the latest one (R3 on the up
/// it follows, a double tap on its first tap); ``starts`` offers the cuts latest first.
///
/// Records are pushed in order; ``close(afterFrameFrom:)`` says where a checker finding was
/// decided, and the window then ends at the first `frame` from that record on (the end of input
/// otherwise), so the shrunk trace keeps whole frames; ``closeAfterLast()`` ends it at once.
/// A single stretch without a quiescent point longer than ``maximumRecords`` cannot be held:
/// ``overflowed`` tells, and shrinking refuses rather than reading the whole trace.
public struct QuiescentWindow: Sendable {
    /// Quiescent points kept before the property by default.
    public static let defaultKeptStarts = 16
    /// Records held at most by default (older quiescent points are given up first); a few
    /// hundred bytes each, so the window stays in the tens of megabytes however long the trace.
    public static let defaultMaximumRecords = 200_000

    /// How many quiescent points are kept.
    public let keptStarts: Int
    /// The most records held.
    public let maximumRecords: Int
    /// Records pushed so far (the absolute index of the next one).
    public private(set) var count = 0
    /// The absolute index after the window's last record once it is closed and complete.
    public private(set) var end: Int?
    /// True while the stretch since the latest quiescent point outgrows ``maximumRecords`` (the
    /// next quiescent point starts afresh).
    public private(set) var overflowed = false

    private var buffer: [RawRecord] = []
    /// The absolute index of `buffer[0]`.
    private var bufferBase = 0
    /// Absolute indices of the quiescent points still held, oldest first.
    private var heldStarts: [Int] = [0]
    private var down: Set<Int32> = []
    /// The record from which the next frame closes the window.
    private var closeFrom: Int?

    /// An empty window.
    public init(keptStarts: Int = defaultKeptStarts, maximumRecords: Int = defaultMaximumRecords) {
        self.keptStarts = max(keptStarts, 1)
        self.maximumRecords = max(maximumRecords, 1)
    }

    /// Takes the next record of the stream (after the window is complete, only counts it).
    public mutating func push(_ record: RawRecord) {
        defer { count += 1 }
        guard end == nil else { return }
        switch record.event {
        case .down(_, _, _, let id, _, _):
            if down.isEmpty, count > 0 { startSequence() }
            down.insert(id)
        case .up(_, _, let id):
            down.remove(id)
        case .cancel:
            down.removeAll()
        default:
            break
        }
        guard !overflowed else { return }
        buffer.append(record)
        if let from = closeFrom, count >= from, case .frame = record.event { end = count + 1 }
        trim()
    }

    /// A quiescent point at the record being pushed; after an overflow, a fresh start (unless the
    /// property already showed inside the stretch that could not be held).
    private mutating func startSequence() {
        if !overflowed {
            heldStarts.append(count)
        } else if closeFrom == nil {
            overflowed = false
            buffer.removeAll()
            bufferBase = count
            heldStarts = [count]
        }
    }

    /// The property showed at record `index` (already pushed): the window ends at the first frame
    /// from there on.
    public mutating func close(afterFrameFrom index: Int) {
        guard end == nil, closeFrom == nil else { return }
        closeFrom = index
        // An overflowed window holds nothing to end; it stays incomplete.
        if !overflowed, index < count, case .frame? = buffer.last?.event { end = count }
    }

    /// The property showed while the last record pushed was taken (a replay delivered it): the
    /// window ends with that record, which is all a replay needs to deliver it again.
    public mutating func closeAfterLast() {
        guard end == nil, closeFrom == nil else { return }
        closeFrom = count
        end = count
    }

    /// End of input: a window whose frame never came ends with the trace.
    public mutating func finish() {
        if closeFrom != nil, end == nil { end = count }
    }

    /// True once the property showed and its window is complete.
    public var isComplete: Bool { end != nil && !overflowed }

    /// The absolute indices where the window may start, latest first.
    public var starts: [Int] { heldStarts.reversed() }

    /// The records from absolute index `start` (one of ``starts``) to the window's end.
    public func records(from start: Int) -> [RawRecord] {
        let last = (end ?? count) - bufferBase
        return Array(buffer[(start - bufferBase)..<last])
    }

    /// The held record at absolute `index`, nil when it is not held.
    public func record(at index: Int) -> RawRecord? {
        let offset = index - bufferBase
        return !overflowed && buffer.indices.contains(offset) && index >= heldStarts[0] ? buffer[offset] : nil
    }

    /// Gives up the oldest quiescent points beyond ``keptStarts`` or ``maximumRecords``; drops the
    /// records before the oldest one still held (in batches, so trimming stays linear overall).
    private mutating func trim() {
        while heldStarts.count > keptStarts
            || (heldStarts.count > 1 && count + 1 - heldStarts[0] > maximumRecords) {
            heldStarts.removeFirst()
        }
        if count + 1 - heldStarts[0] > maximumRecords { overflowed = true }
        let drop = heldStarts[0] - bufferBase
        if overflowed {
            buffer.removeAll()
            bufferBase = count + 1
        } else if drop > 4096, drop * 2 > buffer.count {
            buffer.removeFirst(drop)
            bufferBase += drop
        }
    }
}
