import TouchStream

/// JSON Lines reader: never crashes, errors are one bounded line, what reads writes back unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLines(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Keep the input a JSON Lines trace: the seeds start with a header, mutants may lose the brace.
    if bytes.first != UInt8(ascii: "{") { bytes.insert(UInt8(ascii: "{"), at: 0) }
    requireRoundTrip(bytes)
    return 0
}
