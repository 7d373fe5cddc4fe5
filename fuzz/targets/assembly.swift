import TouchFuzz
import TouchStream

/// Frame assembly over any record stream: every invariant of AssemblyInvariantChecker holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssembly(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let stream = records(from: UnsafeRawBufferPointer(start: data, count: size))
    var replay = ReplayAssembler()
    var output: [AssemblyOutput] = []
    for record in stream { replay.push(record, into: &output) }
    replay.finish(into: &output)
    var checker = AssemblyInvariantChecker()
    checker.check(output)
    checker.finish()
    require(replay.assembler.activeTouchIDs.isEmpty, "touches still down after the final cancel")
    require(checker.violations.isEmpty, checker.violations.joined(separator: "; ")
        + "\n" + CompactTrace.write(records: stream))
    return 0
}
