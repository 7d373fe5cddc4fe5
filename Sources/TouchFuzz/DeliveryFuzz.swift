import TouchKit
import TouchStream

// MARK: - Fuzzing delivery: streams → assembly → Application → views

/// Delivery-level robustness: seeded random streams (``StreamGenerator``, valid and broken), each
/// closed by a final cancel, replayed through ``ReplayAssembler`` into a random ``FuzzScene``.
///
/// Per stream, checked: the assembly invariants (``AssemblyInvariantChecker``); the deliveries
/// log invariants (``DeliveryInvariantChecker``); every began input is either delivered (it
/// reaches the application, the end of every responder chain) or withheld, exactly once; the
/// application reports no input issue (assembled input is always valid for it); after the final
/// cancel neither the assembler nor the application has a touch down.
public enum DeliveryFuzz {
    /// Mixed into scene seeds so scenes do not share bits with the stream generator's sequence.
    static let sceneSalt: UInt64 = 0xD1B5_4A32_D192_ED03

    /// Runs `streams` streams from `seed`; each stream's scene comes from ``sceneSeed(seed:stream:)``.
    public static func run(streams: Int, seed: UInt64) -> DeliveryFuzzReport {
        var report = DeliveryFuzzReport(seed: seed)
        var generator = StreamGenerator(seed: seed)
        for index in 0..<streams {
            var records = generator.nextStream().records
            records.append(RawRecord(.cancel))
            let sceneSeed = sceneSeed(seed: seed, stream: index)
            let outcome = check(records: records, sceneSeed: sceneSeed)
            report.add(outcome, records: records.count)
            if !outcome.violations.isEmpty, report.failures.count < DeliveryFuzzReport.keptFailures {
                report.failures.append(DeliveryFuzzFailure(
                    seed: seed, streamIndex: index, sceneSeed: sceneSeed, violations: outcome.violations,
                    scene: FuzzScene(seed: sceneSeed).description, stream: CompactTrace.write(records: records)))
            }
        }
        return report
    }

    /// The scene seed of stream `index` of a run from `seed`.
    public static func sceneSeed(seed: UInt64, stream index: Int) -> UInt64 {
        var random = SplitMix64(seed: (seed ^ sceneSalt) &+ UInt64(truncatingIfNeeded: index))
        return random.next()
    }

    /// Replays exactly `records` into the scene of `sceneSeed` and checks every invariant.
    ///
    /// The end-state checks assume the records end cleanly (every touch up, or a cancel), as
    /// ``run(streams:seed:)`` ensures by appending a cancel.
    public static func check(records: [RawRecord], sceneSeed: UInt64) -> DeliveryFuzzOutcome {
        var run = DeliveryFuzzRun(scene: FuzzScene(seed: sceneSeed))
        var replay = ReplayAssembler()
        var output: [AssemblyOutput] = []
        for record in records {
            replay.push(record, into: &output)
            run.deliver(&output)
        }
        replay.finish(into: &output)
        run.deliver(&output)
        if !replay.assembler.activeTouchIDs.isEmpty {
            run.outcome.violations.append("assembler still has touches down: \(replay.assembler.activeTouchIDs)")
        }
        return run.finish()
    }

    /// Parses a compact-form stream (a failure's dump) and checks it as ``check(records:sceneSeed:)``.
    public static func replay(_ compact: String, sceneSeed: UInt64) throws(TraceError) -> DeliveryFuzzOutcome {
        let records: [RawRecord] = try CompactTrace.parse(compact, name: "fuzz case").compactMap {
            if case .record(let record) = $0 { record } else { nil }
        }
        return check(records: records, sceneSeed: sceneSeed)
    }
}

// MARK: - One stream

/// What one stream did to its scene, and every invariant it broke.
public struct DeliveryFuzzOutcome: Sendable {
    /// Frames and passes delivered to the application.
    public var frames = 0
    public var passes = 0
    /// Responder calls in the deliveries log (forwarded calls included).
    public var deliveries = 0
    /// Touches withheld from their views, by reason.
    public var withheld: [WithholdReason: Int] = [:]
    /// Broken invariants, in order.
    public var violations: [String] = []
}

/// Feeds assembled frames to a scene and keeps the checkers.
private struct DeliveryFuzzRun {
    var scene: FuzzScene
    var outcome = DeliveryFuzzOutcome()
    var assembly = AssemblyInvariantChecker()
    var beganInputs = 0

    init(scene: FuzzScene) { self.scene = scene }

    mutating func deliver(_ output: inout [AssemblyOutput]) {
        for case .frame(let frame) in output {
            assembly.check(frame)
            outcome.frames += 1
            outcome.passes += frame.passes.count
            for pass in frame.passes {
                for input in pass where input.phase == .began { beganInputs += 1 }
            }
            scene.willDeliverFrame(at: frame.timestamp)
            for issue in scene.application.handle(frame) {
                outcome.violations.append("application ignored input: \(issue)")
            }
        }
        output.removeAll(keepingCapacity: true)
    }

    mutating func finish() -> DeliveryFuzzOutcome {
        assembly.finish()
        outcome.violations = assembly.violations.map { "assembly: " + $0 } + outcome.violations
        var log = DeliveryInvariantChecker()
        log.check(scene.recorder.entries)
        log.finish()
        outcome.violations += log.violations
        outcome.deliveries = log.calls
        outcome.withheld = log.withheldByReason
        let reached = log.beganCount(at: scene.application.name)
        if reached + log.withheld != beganInputs {
            outcome.violations.append("\(beganInputs) touches began, but \(reached) reached the application "
                + "and \(log.withheld) were withheld")
        }
        let left = scene.application.activeTouches.map(\.id)
        if !left.isEmpty { outcome.violations.append("application still has touches down: \(left)") }
        return outcome
    }
}

// MARK: - Report

/// One failing stream, with everything needed to replay it.
public struct DeliveryFuzzFailure: Sendable, CustomStringConvertible {
    /// The run's seed and the stream's index in it.
    public var seed: UInt64
    public var streamIndex: Int
    /// The scene seed: `DeliveryFuzz.replay(stream, sceneSeed:)` reproduces the failure.
    public var sceneSeed: UInt64
    /// The invariants it broke.
    public var violations: [String]
    /// The scene, one window or view per line.
    public var scene: String
    /// The stream in the compact form, final cancel included.
    public var stream: String

    /// The failure as a multi-line block: header, violations, scene, stream.
    public var description: String {
        (["stream \(streamIndex) of seed \(seed), scene seed \(sceneSeed):"]
            + violations.map { "  " + $0 }
            + ["scene:"] + scene.split(separator: "\n").map { "  " + $0 }
            + ["stream (compact form):", stream]).joined(separator: "\n")
    }
}

/// The outcome of a delivery fuzz run.
public struct DeliveryFuzzReport: Sendable, CustomStringConvertible {
    /// Most failures kept in full, so a badly broken build still gives a readable report.
    public static let keptFailures = 5

    /// The seed the run started from.
    public var seed: UInt64
    /// Streams run, records fed, frames and passes delivered.
    public var streams = 0
    public var records = 0
    public var frames = 0
    public var passes = 0
    /// Responder calls logged.
    public var deliveries = 0
    /// Touches withheld from their views, by reason.
    public var withheld: [WithholdReason: Int] = [:]
    /// Streams that broke an invariant.
    public var failedStreams = 0
    /// The first failures, in full.
    public var failures: [DeliveryFuzzFailure] = []

    /// True when no invariant was broken.
    public var passed: Bool { failedStreams == 0 }

    mutating func add(_ outcome: DeliveryFuzzOutcome, records count: Int) {
        streams += 1
        records += count
        frames += outcome.frames
        passes += outcome.passes
        deliveries += outcome.deliveries
        withheld.merge(outcome.withheld, uniquingKeysWith: +)
        if !outcome.violations.isEmpty { failedStreams += 1 }
    }

    /// A summary line, then each kept failure.
    public var description: String {
        (["delivery fuzz seed \(seed): \(streams) streams, \(records) records, \(frames) frames, "
            + "\(passes) passes, \(deliveries) deliveries, \(failedStreams) failed",
          "withheld: " + withheld.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: " ")]
            + failures.map(\.description)).joined(separator: "\n")
    }
}
