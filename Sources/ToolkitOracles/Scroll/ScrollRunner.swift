import Foundation
import SandboxHarness
import TouchKit
import TouchStream

// MARK: - Strokes through real scrolling toolkits and their models

/// What to scroll: stroke files and the scroll corpus, through which toolkits.
public struct ScrollConfiguration: Sendable {
    /// The toolkits, by oracle name, each with a scrolling oracle.
    public var toolkits: [String]
    /// Stroke cases every toolkit runs.
    public var strokes: [OracleCase]
    /// True: each toolkit also runs the scroll corpus.
    public var corpus: Bool
    /// Only the first N corpus strokes (nil: all).
    public var corpusLimit: Int?
    /// Quiet seconds after each stroke: longer than the longest fling.
    public var gap: Double
    /// Seconds to wait for each oracle's ready line.
    public var startTimeout: Double
    /// The oracle file of a toolkit.
    public var oracleFile: @Sendable (ToolkitOracle) throws -> String
    /// Called with a one-line summary as strokes finish.
    public var progress: (@Sendable (String) -> Void)?

    /// The default gap after each stroke, seconds: GTK ticks a 4000 px/s fling until it is under 1 px/s, 2.1 s (a
    /// toolkit whose flings last longer gets a longer gap: ``ToolkitScrollModel/longestFlingSeconds``).
    public static let defaultGap = 2.5

    /// A configuration with the installed or source-tree oracles.
    public init(toolkits: [String], strokes: [OracleCase], corpus: Bool) {
        self.toolkits = toolkits
        self.strokes = strokes
        self.corpus = corpus
        gap = Self.defaultGap
        startTimeout = OracleSession.defaultStartTimeout
        oracleFile = { try OracleFiles.locate($0) }
    }

    /// The strokes a toolkit runs: the files, then the corpus (when asked for).
    public func cases() throws -> [OracleCase] {
        var cases = strokes
        if corpus {
            let entries = ScrollCorpus.strokes()
            for entry in entries.prefix(corpusLimit ?? entries.count) {
                cases.append(try OracleCase(name: entry.name, summary: entry.summary, script: entry.script,
                                            source: OracleCase.corpusSourcePrefix + "scroll strokes, case \(entry.name)"))
            }
        }
        return cases
    }
}

/// Runs each scrolling toolkit under a private weston of its own and compares its offsets with its model's.
public enum ScrollRunner {
    /// Refuses, before any toolkit starts, a toolkit without a scrolling oracle and model, and strokes that would
    /// reach an end of the content.
    public static func check(_ configuration: ScrollConfiguration) throws {
        let cases = try configuration.cases()
        for name in configuration.toolkits {
            guard ToolkitOracle.scrollOracle(name) != nil, let model = ScrollModels.model(for: name) else {
                throw OracleError("\(name) has no scrolling oracle and model; toolkits that scroll: "
                    + ToolkitOracle.scrolling.map(\.toolkit).joined(separator: ", "))
            }
            try ScrollTravel.check(cases, model: model)
        }
    }

    /// Every toolkit of `configuration` at once (``check(_:)`` first: a failing check is every toolkit's problem).
    public static func run(_ configuration: ScrollConfiguration) -> [ScrollToolkitResult] {
        let cases: [OracleCase]
        do {
            try check(configuration)
            cases = try configuration.cases()
        } catch {
            return configuration.toolkits.compactMap { name in
                ToolkitOracle.scrollOracle(name).map { ScrollToolkitResult(oracle: $0, problem: "\(error)") }
            }
        }
        let jobs = configuration.toolkits.map { name in { runOne(name, cases, configuration) } }
        return ConcurrentJobs.run(jobs, atOnce: max(1, jobs.count))
    }

    private static func runOne(_ name: String, _ cases: [OracleCase], _ configuration: ScrollConfiguration) -> ScrollToolkitResult {
        let started = MonotonicClock.now()
        guard let oracle = ToolkitOracle.scrollOracle(name), let model = ScrollModels.model(for: name) else {
            preconditionFailure("scrolling toolkit names are checked before a run")
        }
        var result = ScrollToolkitResult(oracle: oracle, modelName: model.name)
        do {
            if let problem = oracle.installationProblem() { throw OracleError(problem) }
            guard !cases.isEmpty else { throw OracleError("\(name): no strokes (give stroke files or --corpus)") }
            let file = try configuration.oracleFile(oracle)
            let session = try OracleSession(oracle, oracleFile: file, startTimeout: configuration.startTimeout)
            ToolkitInterruption.shared.add(session)
            defer {
                session.stop()
                ToolkitInterruption.shared.remove(session)
            }
            try session.start()
            result.version = session.ready.version
            try checkView(session.ready, log: session.logTail(), toolkit: name)
            // A toolkit whose flings outlast the gap gets a longer one: each stroke must start on a still view.
            let gap = max(configuration.gap, model.longestFlingSeconds + 0.5)
            let recording = try session.run(cases, gap: gap) { done in
                configuration.progress?("\(name) scrolling \(done)/\(cases.count)")
            }
            result.recording = recording
            result.cases = compare(recording, model: model)
        } catch {
            result.problem = "\(error)"
        }
        result.seconds = MonotonicClock.now() - started
        return result
    }

    /// The view the strokes were checked against (the output's height) must be the one the oracle made, or a little
    /// shorter (Firefox's page under its toolbars): a shorter view leaves the strokes more room in the content.
    private static func checkView(_ ready: OracleReady, log: String, toolkit: String) throws {
        guard let height = ready.height, height <= ScrollTravel.pageHeight, height >= ScrollTravel.pageHeight * 0.8 else {
            throw OracleError("\(toolkit): the scrolling oracle's view is \(ready.height.map { String($0) } ?? "of no") height, "
                + "not \(Int(ScrollTravel.pageHeight)) px; log: \(log)")
        }
    }

    /// Each case's frames, touches and flings, compared with the model.
    static func compare(_ recording: OracleRecording, model: any ToolkitScrollModel) -> [ScrollCaseResult] {
        let (frames, swipes, touches) = ScrollOracleOutput.lines(recording.gestureLog)
        let callbacks = ScrollFrameCallbacks.times(in: recording.debugLog)
        var results: [ScrollCaseResult] = []
        var receipts = ScrollReceipts(log: recording.debugLog)
        for recorded in recording.cases {
            let length = ScrollOracleOutput.milliseconds(recorded.end, after: recorded.start)
            let events = receipts.attach(to: ScrollTouchEvent.events(from: recorded.received, origin: recorded.start), origin: recorded.start)
            let firstTouch = events.first?.time ?? 0
            // Where the stroke's drag starts: the last frame drawn before its first touch was handled (a fling of the
            // stroke before may still have been settling when this one began).
            var offset = ScrollTravel.startOffset
            var mine: [(time: Double, offset: Double, lastTouch: Double?, tickTouch: Double?)] = []
            for frame in frames {
                let time = ScrollOracleOutput.milliseconds(frame.frame, after: recorded.start)
                // A frame belongs to the next stroke from its end on, or once it handled the next stroke's touches
                // (a toolkit whose frame time is its animation tick's can draw them at a time before the end).
                guard time < length, frame.touch == 0 || ScrollOracleOutput.milliseconds(frame.touch, after: recorded.start) < length
                else { break }
                let handled = frame.touch != 0 && ScrollOracleOutput.milliseconds(frame.touch, after: recorded.start) >= firstTouch
                // A toolkit that has seen no touch at all yet (Firefox's page misses its first touch block) counts
                // only the frames before the stroke's first touch.
                if !handled, frame.touch != 0 || time < firstTouch { offset = frame.offset }
                if time < 0 { continue }
                let touch = frame.touch == 0 ? nil : ScrollOracleOutput.milliseconds(frame.touch, after: recorded.start)
                let tickTouch = frame.tickTouch.flatMap { $0 == 0 ? nil : ScrollOracleOutput.milliseconds($0, after: recorded.start) }
                mine.append((time, frame.offset, touch.flatMap { $0 >= 0 ? $0 : nil }, tickTouch.flatMap { $0 >= 0 ? $0 : nil }))
            }
            let lines = swipes.filter {
                let time = ScrollOracleOutput.milliseconds($0.time, after: recorded.start)
                return time >= 0 && time < length
            }
            let inCase = lines.filter { $0.kind == "swipe" }
            let pressClocks = lines.filter { $0.kind == "press" }.compactMap { press in
                press.clock.map { ScrollOracleOutput.milliseconds($0, after: recorded.start) }
            }
            let clocks = inCase.map { swipe in
                swipe.clock.map { ScrollOracleOutput.milliseconds($0, after: recorded.start) }
                    ?? ScrollOracleOutput.milliseconds(swipe.time, after: recorded.start)
            }
            // The frame callbacks from a second before the stroke (a composite's sample can fall before its first touch).
            let vsyncs = callbacks.map { ScrollOracleOutput.milliseconds($0, after: recorded.start) }.filter { $0 >= -1000 && $0 < length }
            let touchClocks = touches.compactMap { touch -> ScrollTouchClock? in
                let time = ScrollOracleOutput.milliseconds(touch.time, after: recorded.start)
                guard time >= 0, time < length else { return nil }
                return ScrollTouchClock(time: time, clock: ScrollOracleOutput.milliseconds(touch.clock, after: recorded.start))
            }
            results.append(ScrollCaseResult.compare(recorded.testCase, start: recorded.start, startOffset: offset,
                                                    events: events, frames: mine, flingClocks: clocks, pressClocks: pressClocks,
                                                    vsyncs: vsyncs, touchClocks: touchClocks,
                                                    realFlings: inCase.map { -($0.vy ?? 0) }.filter { $0 != 0 }, model: model))
        }
        return results
    }
}

extension ToolkitsResult {
    /// A run that only scrolled (`--scroll`).
    public init(scroll: [ScrollToolkitResult], seconds: Double) {
        self.init(toolkits: [], seconds: seconds, scroll: scroll)
    }
}
