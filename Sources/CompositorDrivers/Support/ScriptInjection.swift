import TouchStream

/// Walks a compact script for a driver: sends what the driver can inject, really waits at
/// sleeps, and collects the records it cannot inject (the matrix shows them as such).
enum ScriptInjection {
    /// Sends `items` through `send`; `sleep(seconds)` must wait while keeping connections served.
    static func run(_ items: [ScriptItem], capabilities: InjectionCapabilities,
                    sleep: (Double) throws -> Void, send: (RawEvent) throws -> Void) throws -> [ScriptItem] {
        var skipped: [ScriptItem] = []
        for item in items {
            switch item {
            case .sleep(let milliseconds):
                try sleep(Double(milliseconds) / 1000)
            case .record(let record):
                // A flush record is the recording client's, a surface record the compositor's
                // answer: nothing to send.
                if case .flush = record.event { continue }
                if case .surface = record.event { continue }
                if capabilities.contains(InjectionCapabilities.required(for: record.event)) {
                    try send(record.event)
                } else {
                    skipped.append(item)
                }
            }
        }
        return skipped
    }

    /// `items` with every down and motion moved by `offset` (global points into another space).
    static func moved(_ items: [ScriptItem], by offset: (x: Double, y: Double)) -> [ScriptItem] {
        guard offset != (0, 0) else { return items }
        return items.map { item in
            guard case .record(var record) = item else { return item }
            switch record.event {
            case .down(let serial, let time, let surface, let id, let x, let y):
                record.event = .down(serial: serial, time: time, surface: surface, id: id,
                                     x: WLFixed(x.doubleValue + offset.x), y: WLFixed(y.doubleValue + offset.y))
            case .motion(let time, let id, let x, let y):
                record.event = .motion(time: time, id: id, x: WLFixed(x.doubleValue + offset.x),
                                       y: WLFixed(y.doubleValue + offset.y))
            default:
                break
            }
            return .record(record)
        }
    }
}
