import TouchStream

/// WAYLAND_DEBUG importer: never crashes, bounded one-line errors, imported records survive a
/// JSON Lines round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWaylandDebug(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let imported: WaylandDebugImport
    do {
        imported = try WaylandDebugImporter.importLog(text, name: "fuzz.log")
    } catch {
        requireOneLineError(error)
        return 0
    }
    let header = TraceHeader(toolVersion: "fuzz", environment: imported.environment, profile: "uikit",
                             created: "2026-01-01T00:00:00.000Z")
    let lines = imported.records.map(TraceWriter.line(for:)).map { $0 + "\n" }.joined()
    do {
        let trace = try TraceReader.read(bytes: Array((header.jsonLine() + "\n" + lines).utf8), name: "imported")
        require(trace.records == imported.records, "imported records changed in a JSON Lines round trip")
    } catch {
        // An environment outside the header's documented ranges is refused on read, with a located error.
        requireOneLineError(error)
        require("\(error)".hasPrefix("imported:1:"), "imported records do not read back: \(error)")
    }
    return 0
}
