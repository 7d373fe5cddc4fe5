import TouchStream

// MARK: - Fuzzing frame assembly

/// The outcome of a fuzz run: what was exercised and every invariant violation found.
public struct FuzzReport: Sendable, CustomStringConvertible {
    /// Most violations kept, so a badly broken build still gives a short report.
    public static let keptViolations = 20

    /// The seed the run started from.
    public var seed: UInt64
    /// Streams generated.
    public var streams = 0
    /// Records fed to the assembler.
    public var records = 0
    /// Frames delivered.
    public var frames = 0
    /// Passes delivered (more than frames when frames split).
    public var passes = 0
    /// Diagnostics by kind.
    public var diagnostics: [AssemblyDiagnostic.Kind: Int] = [:]
    /// Streams that broke an invariant.
    public var failedStreams = 0
    /// The first violations ("stream N: …").
    public var violations: [String] = []
    /// The first failing stream in the compact form, to reproduce it.
    public var firstFailure: String?

    /// True when no invariant was broken.
    public var passed: Bool { failedStreams == 0 }

    /// A short multi-line summary: counts, diagnostics by kind, and the kept violations.
    public var description: String {
        let kinds = AssemblyDiagnostic.Kind.allCases.compactMap { kind in
            diagnostics[kind].map { "\(kind.rawValue)=\($0)" }
        }
        var lines = ["fuzz seed \(seed): \(streams) streams, \(records) records, \(frames) frames, \(passes) passes, "
            + "\(failedStreams) failed", "diagnostics: " + kinds.joined(separator: " ")]
        lines += violations
        return lines.joined(separator: "\n")
    }
}

/// Generates `streams` random streams from `seed` (``StreamGenerator``), replays each through a
/// fresh assembler, and checks ``AssemblyInvariantChecker``'s invariants on the output.
public func fuzz(streams: Int, seed: UInt64) -> FuzzReport {
    var report = FuzzReport(seed: seed)
    var generator = StreamGenerator(seed: seed)
    var output: [AssemblyOutput] = []
    for index in 0..<streams {
        let stream = generator.nextStream()
        var replay = ReplayAssembler()
        output.removeAll(keepingCapacity: true)
        for record in stream.records { replay.push(record, into: &output) }
        replay.finish(into: &output)
        var checker = AssemblyInvariantChecker()
        checker.check(output)
        checker.finish()
        if !replay.assembler.activeTouchIDs.isEmpty {
            checker.recordExternal("assembler still has touches down: \(replay.assembler.activeTouchIDs)")
        }
        tally(output, stream: stream, into: &report)
        if !checker.violations.isEmpty {
            report.failedStreams += 1
            if report.firstFailure == nil { report.firstFailure = CompactTrace.write(records: stream.records) }
            for violation in checker.violations where report.violations.count < FuzzReport.keptViolations {
                report.violations.append("stream \(index): \(violation)")
            }
        }
    }
    report.streams = streams
    return report
}

private func tally(_ output: [AssemblyOutput], stream: GeneratedStream, into report: inout FuzzReport) {
    report.records += stream.records.count
    for item in output {
        switch item {
        case .frame(let frame):
            report.frames += 1
            report.passes += frame.passes.count
        case .diagnostic(let diagnostic):
            report.diagnostics[diagnostic.kind, default: 0] += 1
        }
    }
}
