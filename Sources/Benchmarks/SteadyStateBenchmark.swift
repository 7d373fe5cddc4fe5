import Foundation
import SandboxHarness

// MARK: - Many fingers for minutes

/// What a long many-finger session showed about one client.
public struct SteadyStateResult: Sendable {
    /// The client's name.
    public var client: String
    /// Input frames sent.
    public var inputFrames: Int
    /// The client's commits during the session.
    public var commits: Int
    /// Repaints that took at least one of its commits.
    public var repaintsWithCommits: Int
    /// Repaints that took two or more of its commits.
    public var repaintsWithSeveralCommits: Int
    /// Resident set (bytes) sampled every `sampleInterval` seconds, with the session time (s).
    public var residentSamples: [(time: Double, bytes: Int)]
    /// CPU time over the session (s).
    public var cpu: Double?
}

/// `fingers` fingers moving in small circles at `rate` input frames per second for `duration`
/// seconds under the harness weston, one client at a time; counts commits per repaint (weston's
/// timeline) and samples the client's resident set.
public struct SteadyStateBenchmark {
    /// Fingers down for the whole session.
    public var fingers = 10
    /// Input frames per second.
    public var rate = 240.0
    /// Session length (s).
    public var duration = 180.0
    /// Seconds between resident-set samples.
    public var sampleInterval = 10.0
    /// Output size (logical px).
    public var width = 1280, height = 720

    /// The defaults above.
    public init() {}

    /// Runs `client` once.
    public func run(_ client: LatencyClient) throws -> SteadyStateResult {
        let weston = try WestonInstance(.init(width: width, height: height))
        let timelinePath = "\(weston.runtimeDirectory)/timeline.jsonl"
        let timeline = try weston.launch("weston-debug", arguments: ["timeline"], logName: "timeline.jsonl")
        defer { timeline.terminate() }
        let harness = try weston.connect()
        let launched = MonotonicClock.now()
        let process = try weston.launch(client.executable, arguments: client.arguments,
                                        environment: client.environment, logName: "\(client.name).log")
        defer { process.terminate() }
        guard try harness.waitForCommit(pid: process.pid, after: launched, timeout: 10) != nil else {
            throw HarnessError("\(client.name) did not map a surface within 10 s; log \(process.logPath)")
        }
        try harness.dispatch(for: 0.5)
        harness.discardCommits()
        let cpuBefore = ProcessUsage.cpuSeconds(pid: process.pid)
        var commitTimes: [Double] = []
        var samples: [(time: Double, bytes: Int)] = []
        let start = MonotonicClock.now()
        var nextSample = start
        var frame = 0
        let positions = fingerPositions()
        while MonotonicClock.now() - start < duration {
            let due = start + Double(frame) / rate
            let wait = due - MonotonicClock.now()
            if wait > 0 { try harness.dispatch(for: wait) }
            let angle = Double(frame) / rate * 2 * Double.pi  // one turn per second
            for (id, base) in positions.enumerated() {
                let x = base.x + 20 * cos(angle), y = base.y + 20 * sin(angle)
                if frame == 0 { try harness.touchDown(id: Int32(id), x: x, y: y) } else {
                    try harness.touchMotion(id: Int32(id), x: x, y: y)
                }
            }
            try harness.touchFrame()
            frame += 1
            if MonotonicClock.now() >= nextSample {
                samples.append((MonotonicClock.now() - start, ProcessUsage.residentBytes(pid: process.pid) ?? 0))
                nextSample += sampleInterval
                // Keep memory of the measurement itself bounded: move commit times out of the connection.
                commitTimes += harness.commits.filter { $0.pid == process.pid }.map(\.time)
                harness.discardCommits()
            }
        }
        for id in positions.indices { try harness.touchUp(id: Int32(id)) }
        try harness.touchFrame()
        try harness.dispatch(for: 0.2)
        commitTimes += harness.commits.filter { $0.pid == process.pid }.map(\.time)
        samples.append((MonotonicClock.now() - start, ProcessUsage.residentBytes(pid: process.pid) ?? 0))
        let cpu = ProcessUsage.cpuSeconds(pid: process.pid).flatMap { after in cpuBefore.map { after - $0 } }
        let text = (try? String(contentsOfFile: timelinePath, encoding: .utf8)) ?? ""
        let perRepaint = DragMeasurement(inputs: [], commits: commitTimes,
                                         repaints: WestonTimeline.repaints(in: text)).commitsPerRepaint
        return SteadyStateResult(client: client.name, inputFrames: frame, commits: commitTimes.count,
                                 repaintsWithCommits: perRepaint.count,
                                 repaintsWithSeveralCommits: perRepaint.filter { $0 > 1 }.count,
                                 residentSamples: samples, cpu: cpu)
    }

    /// Where the fingers circle: the first four on TouchDemo's squares, the rest spread out.
    private func fingerPositions() -> [(x: Double, y: Double)] {
        let w = Double(width), h = Double(height)
        let corners = [(100.0, 100.0), (w - 100, 100), (100, h - 100), (w - 100, h - 100)]
        let others = (0..<max(0, fingers - 4)).map { index in
            (w * Double(index + 1) / Double(fingers - 3), h / 2)
        }
        return Array((corners + others).prefix(fingers)).map { (x: $0.0, y: $0.1) }
    }
}
