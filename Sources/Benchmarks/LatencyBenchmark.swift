import Foundation
import SandboxHarness

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

    /// Creates a client description.
    public init(name: String, executable: String, arguments: [String] = [], environment: [String: String] = [:],
                dragStart: (x: Double, y: Double) = (100, 100)) {
        self.dragStart = dragStart
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
                let (run, window) = try drag(client, weston: weston, harness: harness)
                pending.append((run, window))
            }
        }
        try harness.dispatch(for: tail)
        let text = (try? String(contentsOfFile: timelinePath, encoding: .utf8)) ?? ""
        let repaints = WestonTimeline.repaints(in: text)
        guard !repaints.isEmpty else {
            throw HarnessError("weston-debug timeline reported no repaints; log \(timelinePath): \(text.suffix(200))")
        }
        return pending.map { run, window in
            var run = run
            run.measurement.repaints = repaints.filter { window.contains($0.begin) }
            progress(run)
            return run
        }
    }

    /// One client's drag: launch, wait for its first mapped commit, settle, drag, measure, stop.
    private func drag(_ client: LatencyClient, weston: WestonInstance,
                      harness: HarnessConnection) throws -> (LatencyRun, ClosedRange<Double>) {
        harness.discardCommits()
        let launched = MonotonicClock.now()
        let process = try weston.launch(client.executable, arguments: client.arguments,
                                        environment: client.environment, logName: "\(client.name).log")
        defer { process.terminate() }
        guard let mapped = try harness.waitForCommit(pid: process.pid, after: launched, timeout: startTimeout) else {
            throw HarnessError("\(client.name) did not map a surface within \(startTimeout) s; log \(process.logPath)")
        }
        try harness.dispatch(for: settle)
        harness.discardCommits()
        let cpuBefore = ProcessUsage.cpuSeconds(pid: process.pid)
        let inputs = try inject(harness, from: client.dragStart)
        try harness.dispatch(for: tail)
        let end = MonotonicClock.now()
        let cpu = ProcessUsage.cpuSeconds(pid: process.pid).flatMap { after in cpuBefore.map { after - $0 } }
        let commits = harness.commits.filter { $0.pid == process.pid }.map(\.time)
        let run = LatencyRun(client: client.name,
                             measurement: DragMeasurement(inputs: inputs, commits: commits, repaints: []),
                             startup: mapped - launched, peakResident: ProcessUsage.peakResidentBytes(pid: process.pid),
                             cpu: cpu, resident: ResidentBreakdown.of(pid: process.pid))
        return (run, (inputs.first ?? end)...end)
    }

    /// Down, `motionFrames` motions and up, each in its own frame `frameInterval` apart, on a
    /// fixed schedule; returns the time each frame was sent.
    private func inject(_ harness: HarnessConnection, from start: (x: Double, y: Double)) throws -> [Double] {
        let began = MonotonicClock.now()
        var sent: [Double] = []
        for index in 0...(motionFrames + 1) {
            let due = began + Double(index) * frameInterval
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
            try harness.touchFrame()
        }
        return sent
    }
}
