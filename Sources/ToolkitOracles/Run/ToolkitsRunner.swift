import Foundation
import SandboxHarness
import TouchKit
import TouchStream

// MARK: - Scripts through real toolkits and their models

/// What to run: scripts and corpora, through which toolkits.
public struct ToolkitsConfiguration: Sendable {
    /// The toolkits, by oracle name (`gtk`, `qt`, `chromium`), in report order.
    public var toolkits: [String]
    /// Script cases every toolkit runs.
    public var scripts: [OracleCase]
    /// True: each toolkit also runs its model's corpus.
    public var corpus: Bool
    /// Only the first N corpus cases of each model (nil: all).
    public var corpusLimit: Int?
    /// Quiet seconds after each case: longer than every click series and timer of the toolkits.
    public var gap: Double
    /// Seconds to wait for each oracle's ready line.
    public var startTimeout: Double
    /// A fresh model of a toolkit, or nil when this build has none.
    public var model: @Sendable (String) -> (any ToolkitModel)?
    /// The oracle file of a toolkit (found as ``OracleFiles`` says unless replaced).
    public var oracleFile: @Sendable (ToolkitOracle) throws -> String
    /// Called with a one-line summary as cases finish (for a terminal's progress line).
    public var progress: (@Sendable (String) -> Void)?

    /// The default gap after each case, seconds.
    public static let defaultGap = 1.2

    /// A configuration with the built-in models and the installed or source-tree oracles.
    public init(toolkits: [String], scripts: [OracleCase], corpus: Bool) {
        self.toolkits = toolkits
        self.scripts = scripts
        self.corpus = corpus
        gap = Self.defaultGap
        startTimeout = OracleSession.defaultStartTimeout
        model = { ToolkitModels.named($0) }
        oracleFile = { try OracleFiles.locate($0) }
    }
}

/// One case's outcome: what the toolkit and the model recognised, and how they compare.
public struct ToolkitCaseResult: Sendable {
    /// The case.
    public var testCase: OracleCase
    /// Everything the real toolkit reported, updates included.
    public var real: [ToolkitGesture]
    /// Everything the model recognised, updates included.
    public var model: [ToolkitGesture]
    /// The comparison of the non-update gestures.
    public var comparison: GestureComparison
    /// The wl_touch records the toolkit received (and the model was fed), window-relative.
    public var received: [RawRecord]
    /// When the case's injection began, on the wl_touch clock (ms).
    public var start: UInt32
}

/// One toolkit's run.
public struct ToolkitResult: Sendable {
    /// The oracle.
    public var oracle: ToolkitOracle
    /// The model's name (`gtk-4.8`), nil when this build has none.
    public var modelName: String?
    /// The toolkit's version from its ready line; nil when it did not start.
    public var version: String?
    /// Why it could not run, one line; nil when it ran.
    public var problem: String?
    /// The cases, in run order.
    public var cases: [ToolkitCaseResult] = []
    /// The whole recording (logs for the run's folder), when it ran.
    public var recording: OracleRecording?
    /// Seconds from start to stop.
    public var seconds = 0.0

    /// Cases where model and toolkit agree.
    public var agreeing: Int { cases.count { $0.comparison.agrees } }
    /// Agreement as a percentage of the cases (0 with no cases).
    public var agreement: Double { cases.isEmpty ? 0 : Double(agreeing) * 100 / Double(cases.count) }
}

/// A whole run.
public struct ToolkitsResult: Sendable {
    /// Per toolkit, in the configuration's order.
    public var toolkits: [ToolkitResult]
    /// Wall-clock seconds of the run.
    public var seconds: Double
    /// Per scrolling toolkit, its strokes (`--scroll`, or `--corpus` for toolkits that scroll).
    public var scroll: [ScrollToolkitResult] = []

    /// 2 when a toolkit could not run, else 1 when a model disagrees with its toolkit, else 0.
    public var exitCode: Int32 {
        if toolkits.contains(where: { $0.problem != nil }) || scroll.contains(where: { $0.problem != nil }) { return 2 }
        if toolkits.contains(where: { $0.agreeing < $0.cases.count }) || scroll.contains(where: { $0.agreeing < $0.cases.count }) { return 1 }
        return 0
    }

    /// One line: how every toolkit did.
    public var verdict: String {
        let parts = toolkits.map { result -> String in
            if result.problem != nil { return "\(result.oracle.toolkit): could not run" }
            return "\(result.oracle.toolkit): \(result.agreeing)/\(result.cases.count) agree"
                + " (\(ToolkitsReport.percent(result.agreement)))"
        } + scroll.map { result -> String in
            if result.problem != nil { return "\(result.oracle.toolkit) scrolling: could not run" }
            return "\(result.oracle.toolkit) scrolling: \(result.agreeing)/\(result.cases.count) strokes agree"
                + " (\(ToolkitsReport.percent(result.agreement)))"
        }
        let head = switch exitCode {
        case 0: "every model agrees with its toolkit"
        case 1: "a model differs from its toolkit"
        default: "a toolkit could not run"
        }
        return head + ": " + parts.joined(separator: "; ")
    }
}

/// Runs every toolkit at once, each under a private weston of its own, and compares each with its model.
public struct ToolkitsRunner: Sendable {
    /// What to run.
    public let configuration: ToolkitsConfiguration

    /// A runner for `configuration`.
    public init(configuration: ToolkitsConfiguration) {
        self.configuration = configuration
    }

    /// Runs the toolkits concurrently (one thread each: they mostly sleep in real time) and waits for all.
    public func run() -> ToolkitsResult {
        let started = MonotonicClock.now()
        let board = ProgressBoard(toolkits: configuration.toolkits, report: configuration.progress)
        let configuration = self.configuration
        let jobs = configuration.toolkits.map { name in { Self.runOne(name, configuration, board) } }
        let results = ConcurrentJobs.run(jobs, atOnce: jobs.count)
        return ToolkitsResult(toolkits: results, seconds: MonotonicClock.now() - started)
    }

    /// The cases `toolkit` runs: the scripts, then its model's corpus (when asked for).
    static func cases(for model: (any ToolkitModel)?, _ configuration: ToolkitsConfiguration) throws -> [OracleCase] {
        var cases = configuration.scripts
        if configuration.corpus, let model {
            var corpus = ToolkitModels.corpus(of: model)
            if let limit = configuration.corpusLimit { corpus = Array(corpus.prefix(limit)) }
            for entry in corpus {
                cases.append(try OracleCase(name: entry.name, summary: entry.summary, script: entry.script,
                                            source: OracleCase.corpusSourcePrefix + "\(model.name), case \(entry.name)"))
            }
        }
        return cases
    }

    private static func runOne(_ name: String, _ configuration: ToolkitsConfiguration, _ board: ProgressBoard) -> ToolkitResult {
        let started = MonotonicClock.now()
        guard let oracle = ToolkitOracle.named(name) else {
            preconditionFailure("toolkit names are checked before a run")
        }
        var result = ToolkitResult(oracle: oracle)
        defer { board.finish(name, failed: result.problem != nil) }
        let model = configuration.model(name)
        result.modelName = model?.name
        do {
            if let problem = oracle.installationProblem() { throw OracleError(problem) }
            let file = try configuration.oracleFile(oracle)
            guard model != nil else { throw OracleError("\(name): this build has no model of \(oracle.displayName)") }
            let cases = try Self.cases(for: model, configuration)
            guard !cases.isEmpty else { throw OracleError("\(name): no cases (give scripts or --corpus)") }
            board.start(name, total: cases.count)
            let session = try OracleSession(oracle, oracleFile: file, startTimeout: configuration.startTimeout)
            // Registered before anything starts: the oracle runs in a process group of its own,
            // which a terminal's Ctrl-C does not reach.
            ToolkitInterruption.shared.add(session)
            defer {
                session.stop()
                ToolkitInterruption.shared.remove(session)
            }
            try session.start()
            result.version = session.ready.version
            let recording = try session.run(cases, gap: configuration.gap) { board.advance(name, to: $0) }
            result.recording = recording
            result.cases = recording.cases.map { compare($0, configuration.model(name)!) }
        } catch {
            result.problem = "\(error)"
        }
        result.seconds = MonotonicClock.now() - started
        return result
    }

    /// The model fed what the toolkit received in one case, compared with what the toolkit reported.
    static func compare(_ recorded: OracleCaseRecording, _ fresh: any ToolkitModel) -> ToolkitCaseResult {
        var model = fresh
        let modelled = ModelReplay.gestures(&model, records: recorded.received, cancelTimes: recorded.cancelTimes,
                                            end: Double(recorded.end) / 1000)
        return ToolkitCaseResult(testCase: recorded.testCase, real: recorded.gestures, model: modelled,
                                 comparison: GestureComparison(real: recorded.gestures, model: modelled),
                                 received: recorded.received, start: recorded.start)
    }
}

// MARK: - Shared state of the toolkit threads

/// Cases done per toolkit, summarised into one line for the progress callback.
private final class ProgressBoard: @unchecked Sendable {
    private let lock = NSLock()
    private let order: [String]
    private var done: [String: Int] = [:]
    private var totals: [String: Int] = [:]
    private var finished: [String: Bool] = [:]
    private let report: (@Sendable (String) -> Void)?

    init(toolkits: [String], report: (@Sendable (String) -> Void)?) {
        order = toolkits
        self.report = report
    }

    func start(_ toolkit: String, total: Int) { update { totals[toolkit] = total; done[toolkit] = 0 } }
    func advance(_ toolkit: String, to count: Int) { update { done[toolkit] = count } }
    func finish(_ toolkit: String, failed: Bool) { update { finished[toolkit] = failed } }

    private func update(_ change: () -> Void) {
        lock.lock()
        change()
        let line = order.map { name -> String in
            if let failed = finished[name] { return "\(name) \(failed ? "could not run" : "done")" }
            guard let total = totals[name] else { return "\(name) starting" }
            return "\(name) \(done[name] ?? 0)/\(total)"
        }.joined(separator: ", ")
        lock.unlock()
        report?(line)
    }
}
