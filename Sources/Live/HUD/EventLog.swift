import TouchStream

// MARK: - The scrolling raw-event log

/// The last `capacity` raw records as one-line texts, oldest first, frame boundaries included.
///
/// A `frame` record is written as a boundary line so the log shows which events the compositor
/// grouped; times are wl_touch milliseconds as received.
public struct EventLog: Sendable {
    /// One line of the log.
    public struct Entry: Hashable, Sendable {
        /// The text shown.
        public var text: String
        /// True for a frame boundary (drawn dimmer).
        public var isBoundary: Bool
    }

    /// Lines kept.
    public let capacity: Int
    /// The lines, oldest first.
    public private(set) var entries: [Entry] = []
    /// Records seen in total (also those scrolled off).
    public private(set) var total = 0

    /// An empty log keeping `capacity` lines.
    public init(capacity: Int = HUDStyle.logLength) { self.capacity = max(1, capacity) }

    /// Appends one record.
    public mutating func append(_ record: RawRecord) {
        total += 1
        entries.append(Self.entry(record))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
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
