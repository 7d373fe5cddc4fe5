import ArgumentParser
import TouchFuzz
import TouchStream

/// `gesture-bench fuzz`: seeded random streams, valid and broken, against the assembly or delivery invariants.
struct FuzzBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Run seeded random touch streams against the assembly or delivery invariants.",
        discussion: "Prints the rate and the failures (with a compact-form dump to replay); exits 1 on any failure.")

    /// How far down the stack each stream goes.
    enum Level: String, ExpressibleByArgument, CaseIterable {
        /// Raw records → ReplayAssembler → frames (TouchFuzz's `fuzz(streams:seed:)`).
        case assembly
        /// Raw records → ReplayAssembler → Application.handle → views (`DeliveryFuzz.run`).
        case delivery
    }

    @Option(help: "Streams to generate.") var streams = 100_000
    @Option(help: "Seed of the stream generator (equal seeds, equal streams).") var seed: UInt64 = 0x5EED
    @Option(help: "assembly: frames only; delivery: frames into random view trees.") var level: Level = .delivery
    @Option(help: "Replay one failing delivery case: a trace file, e.g. the dumped stream (needs --scene-seed).")
    var replay: String?
    @Option(help: "The failing case's scene seed, as the report prints it.") var sceneSeed: UInt64?

    func validate() throws {
        guard streams > 0 else { throw ValidationError("--streams must be positive") }
        guard (replay == nil) == (sceneSeed == nil) else {
            throw ValidationError("--replay and --scene-seed go together")
        }
    }

    func run() throws {
        if let replay, let sceneSeed { return try replayCase(path: replay, sceneSeed: sceneSeed) }
        let clock = ContinuousClock()
        var failed = 0
        var summary = ""
        let elapsed = clock.measure {
            switch level {
            case .assembly:
                let report = fuzz(streams: streams, seed: seed)
                failed = report.failedStreams
                summary = report.description + (report.firstFailure.map { "\nfirst failing stream:\n" + $0 } ?? "")
            case .delivery:
                let report = DeliveryFuzz.run(streams: streams, seed: seed)
                failed = report.failedStreams
                summary = report.description + (report.passed ? "" : "\nto replay a failure: save its stream to "
                    + "a file, then gesture-bench fuzz --replay FILE --scene-seed SCENE_SEED")
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(summary)
        print("\(level.rawValue) fuzz: \(streams) streams in \(Self.format(seconds)) s, "
            + "\(Int((Double(streams) / seconds).rounded())) streams/s, \(failed) failed")
        if failed > 0 { throw ExitCode.failure }
    }

    /// Replays one dumped delivery case and prints what it broke.
    private func replayCase(path: String, sceneSeed: UInt64) throws {
        let outcome = DeliveryFuzz.check(records: try TraceReader.read(path).records, sceneSeed: sceneSeed)
        print(FuzzScene(seed: sceneSeed).description)
        print("\(outcome.frames) frames, \(outcome.deliveries) deliveries, \(outcome.violations.count) violations")
        for violation in outcome.violations { print("  " + violation) }
        if !outcome.violations.isEmpty { throw ExitCode.failure }
    }

    /// Seconds with three decimals.
    static func format(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
