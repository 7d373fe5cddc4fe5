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
}
