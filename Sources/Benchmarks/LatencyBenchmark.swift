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
    /// Voluntary context switches of all the client's threads from the first input frame to the
    /// drag's end plus the settle time (each is a wakeup: the thread slept until something came).
    public var wakeups: Int? = nil
    /// The human strokes injected after the drag (`--effective`), in order.
    public var strokes: [InjectedStroke] = []
    /// The client's commits and weston's repaints during and after the strokes.
    public var strokeMeasurement = DragMeasurement(inputs: [], commits: [], repaints: [])

    /// Wakeups per frame presented in the drag: voluntary context switches over the repaints that
    /// took a commit of the client; nil when either is unknown.
    public var wakeupsPerRepaint: Double? {
        let frames = measurement.commitsPerRepaint.count
        guard let wakeups, frames > 0 else { return nil }
        return Double(wakeups) / Double(frames)
    }

    /// Effective lag samples of every stroke of `kind` (the abrupt drag: the drag's own).
    public func effectiveSamples(of kind: StrokeKind) -> [EffectiveLag.Sample] {
        guard kind != .abrupt else { return effectiveLag.samples }
        return strokes.filter { $0.kind == kind }.flatMap { stroke in
            let frames = loggedFrames.map { logged in
                logged.map { frame in
                    var frame = frame
                    frame.posted = frame.committed.flatMap { strokeMeasurement.repaint(taking: $0)?.posted }
                    return frame
                }
            } ?? strokeMeasurement.lastInputFrames(path: stroke.path, presentationDelay: presentationDelay)
            return EffectiveLag(frames: frames, path: stroke.path, turns: [], stop: stroke.path.stop).samples
        }
    }
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
    /// Strokes injected after the drag, one after another, each from the client's drag start
    /// (they count neither in the drag's figures nor in its CPU time).
    public var humanStrokes: [HumanStroke] = []
    /// Time between one stroke's up and the next stroke's down (s).
    public var strokeGap = 0.2

    /// A benchmark with the defaults above.
    public init() {}

    /// Runs every client `rounds` times, interleaved; `progress` hears about each run.
    public func run(_ clients: [LatencyClient], progress: (LatencyRun) -> Void = { _ in }) throws -> [LatencyRun] {
        let weston = try WestonInstance(.init(width: width, height: height))
        let timelinePath = "\(weston.runtimeDirectory)/timeline.jsonl"
        let timeline = try weston.launch("weston-debug", arguments: ["timeline"], logName: "timeline.jsonl")
        defer { timeline.terminate() }
        let harness = try weston.connect()
        var pending: [(LatencyRun, ClosedRange<Double>, ClosedRange<Double>?)] = []
        for _ in 0..<rounds {
            for client in clients {
                let (run, window, strokeWindow) = try drag(client, weston: weston, harness: harness, index: pending.count)
                pending.append((run, window, strokeWindow))
            }
        }
        try harness.dispatch(for: tail)
        let text = (try? String(contentsOfFile: timelinePath, encoding: .utf8)) ?? ""
        let repaints = WestonTimeline.repaints(in: text)
        guard !repaints.isEmpty else {
            throw HarnessError("weston-debug timeline reported no repaints; log \(timelinePath): \(text.suffix(200))")
        }
        var runs = pending.map { run, window, strokeWindow in
            var run = run
            run.measurement.repaints = repaints.filter { window.contains($0.begin) }
            if let strokeWindow { run.strokeMeasurement.repaints = repaints.filter { strokeWindow.contains($0.begin) } }
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
                      index: Int) throws -> (LatencyRun, ClosedRange<Double>, ClosedRange<Double>?) {
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
        let switchesBefore = ProcessUsage.voluntaryContextSwitches(pid: process.pid)
        let path = try inject(harness, abruptDrag(from: client.dragStart))
        try harness.dispatch(for: tail)
        let end = MonotonicClock.now()
        let cpu = ProcessUsage.cpuSeconds(pid: process.pid).flatMap { after in cpuBefore.map { after - $0 } }
        let switches = ProcessUsage.voluntaryContextSwitches(pid: process.pid).flatMap { after in switchesBefore.map { after - $0 } }
        let peak = ProcessUsage.peakResidentBytes(pid: process.pid)
        let resident = ResidentBreakdown.of(pid: process.pid)
        let commits = harness.commits.filter { $0.pid == process.pid }.map(\.time)
        var strokes: [InjectedStroke] = [], strokeCommits: [Double] = [], strokeWindow: ClosedRange<Double>?
        if !humanStrokes.isEmpty {
            harness.discardCommits()
            for stroke in humanStrokes {
                try harness.dispatch(for: strokeGap)
                let direction = (x: 0.8, y: client.dragStart.y > Double(height) / 2 ? -0.6 : 0.6)
                let planned = stroke.path(start: 0, origin: Point(x: client.dragStart.x, y: client.dragStart.y),
                                          direction: direction, interval: frameInterval)
                strokes.append(InjectedStroke(kind: stroke.kind, path: try inject(harness, planned)))
            }
            try harness.dispatch(for: tail)
            strokeCommits = harness.commits.filter { $0.pid == process.pid }.map(\.time)
            strokeWindow = (strokes.first?.path.times.first ?? end)...MonotonicClock.now()
        }
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
        run.wakeups = switches
        run.strokes = strokes
        run.strokeMeasurement = DragMeasurement(inputs: strokes.flatMap(\.path.times), commits: strokeCommits, repaints: [])
        return (run, (path.times.first ?? end)...end, strokeWindow)
    }

    /// Down, `motionFrames` motions and up, `frameInterval` apart (the up `holdBeforeUp` later),
    /// planned from time 0: a constant step right, wavy so that y changes too.
    func abruptDrag(from start: (x: Double, y: Double)) -> InjectedPath {
        var times: [Double] = [], points: [Point] = []
        for index in 0...(motionFrames + 1) {
            times.append(Double(index) * frameInterval + (index == motionFrames + 1 ? holdBeforeUp : 0))
            let x = start.x + step * Double(min(index, motionFrames)), y = start.y + 30 * sin(Double(index) / 20)
            points.append(index == motionFrames + 1 ? points[index - 1] : Point(x: x, y: y))
        }
        return InjectedPath(times: times, points: points)
    }

    /// Sends `planned` (its first point a down, its last the up where the last motion left the
    /// finger, the rest motions, each in its own frame) on its schedule, shifted to start now;
    /// returns when each frame was actually sent and where it put the finger.
    private func inject(_ harness: HarnessConnection, _ planned: InjectedPath) throws -> InjectedPath {
        let began = MonotonicClock.now(), origin = planned.times[0]
        var sent: [Double] = []
        for (index, (time, point)) in zip(planned.times, planned.points).enumerated() {
            let wait = began + (time - origin) - MonotonicClock.now()
            if wait > 0 { try harness.dispatch(for: wait) }
            sent.append(MonotonicClock.now())
            switch index {
            case 0: try harness.touchDown(id: 0, x: point.x, y: point.y)
            case planned.times.count - 1: try harness.touchUp(id: 0)
            default: try harness.touchMotion(id: 0, x: point.x, y: point.y)
            }
            try harness.touchFrame()
        }
        return InjectedPath(times: sent, points: planned.points)
    }
}
