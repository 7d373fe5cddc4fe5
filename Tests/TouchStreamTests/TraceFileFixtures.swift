import Foundation
import TouchStream

// MARK: - Trace files for the trace-file suites

/// A header with every field filled.
let sampleHeader = TraceHeader(
    toolVersion: "0.1.0",
    environment: CompositorEnvironment(
        compositor: "weston 10.0.1",
        globals: [.init(interface: "wl_compositor", version: 4), .init(interface: "wl_seat", version: 7)],
        seat: .init(name: "default", version: 7), touchVersion: 7,
        outputs: [.init(name: "headless", scale: 1, transform: "normal", width: 1024, height: 640, refresh: 60000)],
        surface: .init(width: 1024, height: 640, bufferScale: 1)),
    profile: "uikit", created: "2026-11-22T05:00:00.000Z")

/// Reads every record of a JSON Lines file.
func readAll(_ path: String) throws -> (TraceHeader, [RawRecord]) {
    let reader = try JSONLTraceReader(path: path)
    var records: [RawRecord] = []
    try reader.forEach { records.append($0) }
    return (reader.header, records)
}

/// The description of the error `body` throws, or nil.
func errorText(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return "\(error)"
    }
}
