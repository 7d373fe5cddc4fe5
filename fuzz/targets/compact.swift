import TouchStream

/// Compact reader (streamed line by line): never crashes, bounded one-line errors, exact round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompact(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    // A leading comment line keeps the input in the compact form whatever the mutants start with.
    requireRoundTrip(Array("# fuzz\n".utf8) + Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
