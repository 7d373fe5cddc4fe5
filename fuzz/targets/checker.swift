import TouchStream

/// Conformance checker over any compact stream: never crashes, findings point at existing records,
/// and checking record by record gives the findings of checking the whole trace.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChecker(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let trace: Trace
    do {
        trace = try TraceReader.read(bytes: Array("# fuzz\n".utf8) + Array(UnsafeBufferPointer(start: data, count: size)),
                                     name: "fuzz")
    } catch {
        return 0
    }
    let records = trace.records
    let findings = ConformanceChecker.check(records, header: nil)
    for finding in findings {
        require(finding.recordIndex >= 0 && finding.recordIndex <= records.count,
                "finding \(finding) points past the \(records.count) records")
        require(!finding.message.contains("\n"), "finding message spans lines: \(finding.message)")
    }
    var streaming = ConformanceChecker(header: nil)
    var streamed: [Finding] = []
    for record in records { streaming.push(record, into: &streamed) }
    streaming.finish(into: &streamed)
    require(streamed == findings, "streaming and whole-trace checks disagree")
    return 0
}
