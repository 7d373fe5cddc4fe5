import TouchStream

// MARK: - The scrolling raw-event log

/// The last `capacity` raw records as one-line texts, oldest first, frame boundaries included.
///
/// A `frame` record is written as a boundary line so the log shows which events the compositor
/// grouped; times are wl_touch milliseconds as received.
///
/// Records are kept as they came and written as text only when `entries` is read: the HUD reads
/// it a few times a second, while a drag appends hundreds of records a second.
public struct EventLog: Sendable {
    /// One line of the log.
    public struct Entry: Hashable, Sendable {
        /// The text shown.
        public var text: String
        /// True for a frame boundary (drawn dimmer).
        public var isBoundary: Bool
        /// A line of `text`.
        public init(text: String, isBoundary: Bool) {
            self.text = text
            self.isBoundary = isBoundary
        }
    }

    /// Lines kept.
    public let capacity: Int
    /// The records kept, oldest first.
    private var records: [RawRecord] = []
    /// The lines, oldest first.
    public var entries: [Entry] { records.suffix(capacity).map(Self.entry) }
    /// Records seen in total (also those scrolled off).
    public private(set) var total = 0

    /// An empty log keeping `capacity` lines.
    public init(capacity: Int = HUDStyle.logLength) { self.capacity = max(1, capacity) }

    /// Appends one record.
    public mutating func append(_ record: RawRecord) {
        total += 1
        records.append(record)
        // Trimmed in batches: removing the oldest one at a time moves every record each append.
        if records.count >= 2 * capacity { records.removeFirst(records.count - capacity) }
    }

    /// The line for one record.
    public static func entry(_ record: RawRecord) -> Entry {
        let tag = (record.isEmulated ? " (mouse)" : "") + (record.isControl ? " (control)" : "")
        switch record.event {
        case let .down(_, time, _, id, x, y):
            return Entry(text: "\(time) down \(id) \(x) \(y)\(tag)", isBoundary: false)
        case let .motion(time, id, x, y):
            return Entry(text: "\(time) motion \(id) \(x) \(y)\(tag)", isBoundary: false)
        case let .up(_, time, id):
            return Entry(text: "\(time) up \(id)\(tag)", isBoundary: false)
        case .frame:
            return Entry(text: "──── frame ────", isBoundary: true)
        case .cancel:
            return Entry(text: "cancel\(tag)", isBoundary: false)
        case let .shape(id, major, minor):
            return Entry(text: "shape \(id) \(major) \(minor)", isBoundary: false)
        case let .orientation(id, degrees):
            return Entry(text: "orientation \(id) \(degrees)°", isBoundary: false)
        case let .capabilities(touch):
            return Entry(text: "seat: touch \(touch ? "added" : "removed")", isBoundary: true)
        case .flush:
            return Entry(text: "──── flush (no frame) ────", isBoundary: true)
        case let .surface(event):
            return Entry(text: "\(event.kind.rawValue) \(event.surface ?? "")", isBoundary: false)
        }
    }
}
