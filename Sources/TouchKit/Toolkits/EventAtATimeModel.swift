// MARK: - Toolkits that take each wl_touch event on its own

/// A toolkit model that sees a frame's touches one by one, as a browser engine dispatches each wl_touch event
/// as its own touch event, its timers firing first.
protocol EventAtATimeModel: ToolkitModel {
    /// Finger `id` went down at `location`, `time` seconds.
    mutating func down(_ id: Int32, _ location: Point, at time: Double, into out: inout [ToolkitGesture])
    /// Finger `id` moved to `location`.
    mutating func move(_ id: Int32, _ location: Point)
    /// Finger `id` lifted at `time` seconds.
    mutating func up(_ id: Int32, at time: Double, into out: inout [ToolkitGesture])
    /// The compositor cancelled every touch.
    mutating func cancel(into out: inout [ToolkitGesture])
}

extension EventAtATimeModel {
    /// Fires the timers that fell due, then takes the frame's touches one by one.
    public mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
        var out = advance(to: frame.timestamp)
        for pass in frame.passes {
            for input in pass {
                switch input.phase {
                case .began: down(input.id, input.location, at: frame.timestamp, into: &out)
                case .moved: move(input.id, input.location)
                case .ended: up(input.id, at: frame.timestamp, into: &out)
                case .cancelled: cancel(into: &out)
                case .stationary: break
                }
            }
        }
        return out
    }
}
