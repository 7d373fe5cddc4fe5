import Foundation
import SandboxHarness
import TouchKit
import TouchStream

// MARK: - The clients compared

/// A Wayland client the latency benchmark runs under the harness weston.
public struct LatencyClient: Sendable {
    /// The name the table shows.
    public var name: String
    /// The executable (a path, or a name looked up in PATH).
    public var executable: String
    /// Its arguments.
    public var arguments: [String]
    /// Extra environment variables.
    public var environment: [String: String]
    /// Where the drag starts (global logical px): on something the client draws under a finger.
    public var dragStart: (x: Double, y: Double)
    /// True for our own client: it writes what each presented frame drew (`run --frame-log`),
    /// in window coordinates, which are global ones under kiosk-shell (fullscreen at 0,0).
    public var writesFrameLog: Bool

    /// Creates a client description.
    public init(name: String, executable: String, arguments: [String] = [], environment: [String: String] = [:],
                dragStart: (x: Double, y: Double) = (100, 100), writesFrameLog: Bool = false) {
        self.dragStart = dragStart
        self.writesFrameLog = writesFrameLog
        self.name = name
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }

    /// True when the executable exists.
    public var isInstalled: Bool {
        ChildProcess.resolve(executable, path: ProcessInfo.processInfo.environment["PATH"]) != nil
    }
}

/// One client's one drag.
public struct LatencyRun: Sendable {
    /// The client's name.
    public var client: String
    /// Input, commit and repaint times of the drag.
    public var measurement: DragMeasurement
    /// Launch → first commit of a mapped surface (s).
    public var startup: Double
    /// Peak resident set at the end of the run (bytes).
    public var peakResident: Int?
    /// CPU time from the drag's start to its end plus the settle time (s).
    public var cpu: Double?
    /// Where the injected finger was and when.
    public var path: InjectedPath
    /// What the client's presented frames drew, as its frame log says (our client only).
    public var loggedFrames: [PresentedFrame]?
    /// How long after weston posts a repaint wp_presentation says it was presented (s), as our
    /// client's frames measured it in the same weston; nil when none did.
    public var presentationDelay: Double?

    /// Creates a run.
    public init(client: String, measurement: DragMeasurement, startup: Double, peakResident: Int?, cpu: Double?,
                path: InjectedPath, loggedFrames: [PresentedFrame]? = nil) {
        self.client = client
        self.measurement = measurement
        self.startup = startup
        self.peakResident = peakResident
        self.cpu = cpu
        self.path = path
        self.loggedFrames = loggedFrames
    }

    /// The frames the client showed: logged by the client (each given the repaint its commit
    /// went into), else estimated from commits and repaints.
    public var presentedFrames: [PresentedFrame] {
        guard let loggedFrames else { return measurement.lastInputFrames(path: path, presentationDelay: presentationDelay) }
        return loggedFrames.map { frame in
            var frame = frame
            frame.posted = frame.committed.flatMap { measurement.repaint(taking: $0)?.posted }
            return frame
        }
    }

    /// Effective lag and overshoot of the drag at each frame's presentation (wp_presentation's time).
    public var effectiveLag: EffectiveLag {
        EffectiveLag(frames: presentedFrames, path: path, turns: path.turns, stop: path.stop)
    }

    /// The same at each frame's repaint posting (what the shown columns call on screen).
    public var effectiveLagAtPosting: EffectiveLag {
        EffectiveLag(frames: presentedFrames, path: path, turns: path.turns, stop: path.stop, atPosted: true)
    }
    /// The resident set by kind of mapping at the drag's end.
    public var resident: ResidentBreakdown? = nil
}

// MARK: - The benchmark

/// Runs each client under one private harness weston (1280×720 headless, kiosk-shell makes it
/// fullscreen), drags one finger across it (`motionFrames` motion frames `frameInterval` apart)
/// and collects commit times (harness commit events) and repaint times (weston's `timeline`
/// debug scope, read by `weston-debug timeline`). Clients take turns, round after round.
public struct LatencyBenchmark {
    /// Motion frames per drag.
    public var motionFrames = 300
    /// Time between input frames (s).
    public var frameInterval = 0.008
    /// Rounds (each client drags once per round).
    public var rounds = 5
    /// Output size (logical px).
    public var width = 1280, height = 720
    /// Time a client gets after its first mapped commit before the drag (s).
    public var settle = 0.5
    /// Time after the last input frame during which commits still count (s).
    public var tail = 0.15
    /// How far the finger moves per motion frame, right (logical px).
    public var step = 1.5
    /// Longest wait for a client's first mapped commit (s).
    public var startTimeout = 10.0
    /// How long the finger rests after its last motion before it lifts (s): 0 is the classic
    /// drag; `--effective` rests so that what a client shows once the finger stops is measured.
    public var holdBeforeUp = 0.0

    /// A benchmark with the defaults above.
    public init() {}

    /// Runs every client `rounds` times, interleaved; `progress` hears about each run.
    public func run(_ clients: [LatencyClient], progress: (LatencyRun) -> Void = { _ in }) throws -> [LatencyRun] {
        let weston = try WestonInstance(.init(width: width, height: height))
        let timelinePath = "\(weston.runtimeDirectory)/timeline.jsonl"
        let timeline = try weston.launch("weston-debug", arguments: ["timeline"], logName: "timeline.jsonl")
        defer { timeline.terminate() }
        let harness = try weston.connect()
        var pending: [(LatencyRun, ClosedRange<Double>)] = []
        for _ in 0..<rounds {
            for client in clients {
                let (run, window) = try drag(client, weston: weston, harness: harness, index: pending.count)
                pending.append((run, window))
            }
        }
        try harness.dispatch(for: tail)
        let text = (try? String(contentsOfFile: timelinePath, encoding: .utf8)) ?? ""
        let repaints = WestonTimeline.repaints(in: text)
        guard !repaints.isEmpty else {
            throw HarnessError("weston-debug timeline reported no repaints; log \(timelinePath): \(text.suffix(200))")
        }
        var runs = pending.map { run, window in
            var run = run
            run.measurement.repaints = repaints.filter { window.contains($0.begin) }
            return run
        }
        // Weston's headless backend presents a repaint (wp_presentation) a fixed time after it
        // posts it; our client's frames measure that, and the other clients' frames are put at it.
        let delays = runs.flatMap { run in
            run.presentedFrames.filter { run.loggedFrames != nil && $0.posted != nil }.map { $0.presented - $0.posted! }
        }
        let delay = Percentile.median(delays)
        for index in runs.indices {
            runs[index].presentationDelay = delay
            progress(runs[index])
        }
        return runs
    }

    /// One client's drag: launch, wait for its first mapped commit, settle, drag, measure, stop.
    private func drag(_ client: LatencyClient, weston: WestonInstance, harness: HarnessConnection,
                      index: Int) throws -> (LatencyRun, ClosedRange<Double>) {
        harness.discardCommits()
        let frameLog = client.writesFrameLog
            ? "\(weston.runtimeDirectory)/\(client.name)-\(index).frames.jsonl" : nil
        let launched = MonotonicClock.now()
        let process = try weston.launch(client.executable,
                                        arguments: client.arguments + (frameLog.map { ["--frame-log", $0] } ?? []),
                                        environment: client.environment, logName: "\(client.name).log")
        defer { process.terminate() }
        guard let mapped = try harness.waitForCommit(pid: process.pid, after: launched, timeout: startTimeout) else {
            throw HarnessError("\(client.name) did not map a surface within \(startTimeout) s; log \(process.logPath)")
        }
        try harness.dispatch(for: settle)
        harness.discardCommits()
        let cpuBefore = ProcessUsage.cpuSeconds(pid: process.pid)
        let path = try inject(harness, from: client.dragStart)
        try harness.dispatch(for: tail)
        let end = MonotonicClock.now()
        let cpu = ProcessUsage.cpuSeconds(pid: process.pid).flatMap { after in cpuBefore.map { after - $0 } }
        let peak = ProcessUsage.peakResidentBytes(pid: process.pid)
        let resident = ResidentBreakdown.of(pid: process.pid)
        let commits = harness.commits.filter { $0.pid == process.pid }.map(\.time)
        var loggedFrames: [PresentedFrame]?
        if let frameLog {
            // The log is put in place when the client exits (SIGTERM ends it like q).
            _ = process.terminate()
            loggedFrames = try FrameLogReader.frames(at: frameLog, client: client.name)
        }
        var run = LatencyRun(client: client.name,
                             measurement: DragMeasurement(inputs: path.times, commits: commits, repaints: []),
                             startup: mapped - launched, peakResident: peak, cpu: cpu, path: path,
                             loggedFrames: loggedFrames)
        run.resident = resident
        return (run, (path.times.first ?? end)...end)
    }

    /// Down, `motionFrames` motions and up, each in its own frame `frameInterval` apart, on a
    /// fixed schedule (the up `holdBeforeUp` later); returns when each frame was sent and where
    /// it put the finger (the up lifts it where the last motion left it).
    private func inject(_ harness: HarnessConnection, from start: (x: Double, y: Double)) throws -> InjectedPath {
        let began = MonotonicClock.now()
        var sent: [Double] = [], points: [Point] = []
        for index in 0...(motionFrames + 1) {
            let due = began + Double(index) * frameInterval + (index == motionFrames + 1 ? holdBeforeUp : 0)
            let wait = due - MonotonicClock.now()
            if wait > 0 { try harness.dispatch(for: wait) }
            // Wavy, so y changes too.
            let x = start.x + step * Double(min(index, motionFrames)), y = start.y + 30 * sin(Double(index) / 20)
            sent.append(MonotonicClock.now())
            switch index {
            case 0: try harness.touchDown(id: 0, x: x, y: y)
            case motionFrames + 1: try harness.touchUp(id: 0)
            default: try harness.touchMotion(id: 0, x: x, y: y)
            }
            points.append(index == motionFrames + 1 ? points[index - 1] : Point(x: x, y: y))
            try harness.touchFrame()
        }
        return InjectedPath(times: sent, points: points)
    }
}
