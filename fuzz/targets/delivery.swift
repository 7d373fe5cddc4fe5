import TouchFuzz
import TouchStream

/// Delivery through a random scene (FuzzScene): every delivery invariant holds. The first byte
/// picks the scene, the rest is the stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDelivery(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let stream = records(from: UnsafeRawBufferPointer(start: data + 1, count: size - 1))
    let outcome = DeliveryFuzz.check(records: stream, sceneSeed: UInt64(data[0]))
    require(outcome.violations.isEmpty, outcome.violations.prefix(5).joined(separator: "; ")
        + "\n" + CompactTrace.write(records: stream))
    return 0
}
