import TouchStream

// MARK: - What a compositor sent, in short

/// The parts of an event a compositor decides, as a short string ("down 0 100 100", "frame", …).
public func summary(_ event: RawEvent) -> String {
    switch event {
    case let .down(_, _, _, id, x, y): "down \(id) \(x) \(y)"
    case let .motion(_, id, x, y): "motion \(id) \(x) \(y)"
    case let .up(_, _, id): "up \(id)"
    case .frame: "frame"
    case .cancel: "cancel"
    case let .shape(id, major, minor): "shape \(id) \(major) \(minor)"
    case let .orientation(id, degrees): "orientation \(id) \(degrees)"
    case let .capabilities(touch): "capabilities \(touch ? "touch" : "none")"
    case .flush: "flush"
    case let .surface(event): "\(event.kind.rawValue) \(event.surface ?? "-")"
    }
}

extension Trace {
    /// The records without the surface records (keyboard focus, activation, popups, drag-and-drop):
    /// what wl_touch and the seat sent, for tests about touch alone.
    public var touchRecords: [RawRecord] { records.filter { $0.event.surfaceEvent == nil } }
}
