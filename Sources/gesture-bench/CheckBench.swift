import ArgumentParser
import Foundation
import TouchStream

/// `gesture-bench check`: conformance-checking throughput on a large valid trace file.
struct CheckBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Time `gesture-sandbox check` (read + parse + check) over a generated JSON Lines trace.",
        discussion: """
            Writes a valid trace of N records (10 fingers by default) to a temporary file with \
            TraceWriter, checks it as `gesture-sandbox check` does, then checks the same stream in \
            memory (checker alone). Reports events/s and peak RSS (getrusage ru_maxrss).
            """)

    /// Throughput target for checking a JSON Lines file, events per second (issue 5).
    static let targetEventsPerSecond = 5_000_000.0

    @Option(help: "Records in the generated trace.") var events = 10_000_000
    @Option(help: "Fingers down at once.") var fingers = 10
    @Option(help: "Records checked in memory (they are all held at once).") var memoryEvents = 2_000_000
    @Option(help: "Keep the trace at this path instead of a temporary file.") var output: String?
    @Option(help: "Check this existing trace file instead of generating one (--events is then ignored for the file).")
    var input: String?

    func validate() throws {
        guard events > 0, memoryEvents > 0 else { throw ValidationError("event counts must be positive") }
        guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be 1…10") }
    }

    func run() throws {
        let path = input ?? output ?? NSTemporaryDirectory() + "gesture-bench-check-\(getpid()).jsonl"
        defer { if input == nil, output == nil { unlink(path) } }
        if input == nil {
            let written = try measure {
                let writer = try TraceWriter(path: path, header: SyntheticTouchStream.header(), flushEachFrame: false)
                for record in SyntheticTouchStream(count: events, fingers: fingers) { try writer.write(record) }
                try writer.finish()
            }
            print("trace: \(events) records, \(fingers) fingers, written in \(seconds(written))")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        var outcome: TraceCheck.Outcome?
        let checked = try measure { outcome = try TraceCheck.run(path: path) { _ in } }
        let fileRSS = peakRSSMegabytes()
        let checkedCount = outcome?.recordCount ?? 0
        print("check file \(path) (\(size / 1_000_000) MB, \(checkedCount) records):")
        print("  \(rate(checkedCount, checked)) (\(seconds(checked)); target ≥ \(Int(Self.targetEventsPerSecond / 1e6)) M/s); \(outcome?.summaryLine ?? "")")
        print("peak RSS after checking the file: \(fileRSS) MB")
        let records = Array(SyntheticTouchStream(count: memoryEvents, fingers: fingers))
        var findings: [Finding] = []
        let alone = try measure {
            var checker = ConformanceChecker(header: SyntheticTouchStream.header())
            for record in records { checker.push(record, into: &findings) }
            checker.finish(into: &findings)
        }
        print("checker alone (in memory): \(rate(memoryEvents, alone)) (\(seconds(alone))), \(findings.count) findings")
        print("peak RSS overall (includes the in-memory records): \(peakRSSMegabytes()) MB")
    }

    // MARK: - Measuring

    /// Wall-clock and CPU seconds (user + system) of `body`; on a shared machine the CPU time
    /// shows the cost without the time spent waiting for a core.
    private func measure(_ body: () throws -> Void) throws -> Timing {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = cpuSeconds()
        try body()
        return Timing(wall: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                      cpu: cpuSeconds() - cpuStart)
    }

    private struct Timing {
        var wall: Double
        var cpu: Double
    }

    private func rate(_ count: Int, _ timing: Timing) -> String {
        String(format: "%.2f M events/s wall, %.2f M events/s CPU", Double(count) / timing.wall / 1e6,
               Double(count) / timing.cpu / 1e6)
    }

    private func seconds(_ timing: Timing) -> String {
        String(format: "%.3f s wall, %.3f s CPU", timing.wall, timing.cpu)
    }

    private func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func value(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return value(usage.ru_utime) + value(usage.ru_stime)
    }

    /// Peak resident set size so far, from getrusage (ru_maxrss is in KiB on Linux).
    private func peakRSSMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}
