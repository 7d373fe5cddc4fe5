import Foundation
import Playback
import SandboxHarness
import Scenes
import TouchKit
import TouchStream

// MARK: - The scripted demo under a private headless weston

/// Runs the client under a private headless weston, injects a four-finger drag into
/// TouchDemo, and leaves the raw trace, deliveries log, scene state and before/after
/// screenshots in one folder.
///
/// The five files are one output group: opened before weston starts, written in weston's private
/// runtime folder while the demo runs, and put in place together only when all of it succeeded.
public struct DemoRunner {
    /// The compositor output size, logical px (kiosk-shell makes the window fill it).
    public static let outputSize = (width: 1280, height: 720)
    /// How far each finger drags its square towards the window centre, as a fraction of the way.
    public static let dragFraction = 0.5
    /// Motion frames per finger drag.
    public static let dragSteps = 12
    /// Time between injected frames, ms (about one 60 Hz frame).
    public static let frameIntervalMilliseconds: UInt32 = 16
    /// How long to wait for the client's first frame and for each commit, seconds.
    public static let commitTimeout = 10.0

    /// The files one demo run wrote.
    public struct Result {
        public var directory: String
        public var trace: String
        public var deliveries: String
        public var state: String
        public var before: String
        public var after: String
        public var recordCount: Int
        /// The weston module the compositor loaded.
        public var module = ""
    }

    /// Where the files go.
    public var outputDirectory: String
    /// The gesture-sandbox executable to run as the client.
    public var clientExecutable: String

    /// Creates a runner.
    public init(outputDirectory: String, clientExecutable: String) {
        self.outputDirectory = outputDirectory
        self.clientExecutable = clientExecutable
    }

    /// The injected script: four fingers land on the four squares, drag them halfway to
    /// the centre together, and lift (compact form, global = window coordinates).
    public static func script(width: Double, height: Double) -> String {
        let side = TouchDemoScene.squareSide, margin = TouchDemoScene.cornerMargin
        let near = margin + side / 2
        let starts = [(near, near), (width - near, near), (near, height - near), (width - near, height - near)]
        let centre = (width / 2, height / 2)
        var lines = ["# TouchDemo: four fingers drag the four squares halfway to the centre"]
        lines.append(starts.enumerated().map { "down \($0.offset) \($0.element.0) \($0.element.1)" }
            .joined(separator: "; ") + "; frame; sleep \(frameIntervalMilliseconds)")
        for step in 1...dragSteps {
            let k = dragFraction * Double(step) / Double(dragSteps)
            let motions = starts.enumerated().map { index, start in
                let x = (start.0 + (centre.0 - start.0) * k).rounded()
                let y = (start.1 + (centre.1 - start.1) * k).rounded()
                return "motion \(index) \(x) \(y)"
            }
            lines.append(motions.joined(separator: "; ") + "; frame; sleep \(frameIntervalMilliseconds)")
        }
        lines.append((0..<starts.count).map { "up \($0)" }.joined(separator: "; ") + "; frame")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the demo; throws a one-line error when any step fails.
    public func run() throws -> Result {
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        let dir = URL(fileURLWithPath: outputDirectory).standardizedFileURL.path
        let result = Result(directory: dir, trace: "\(dir)/trace.jsonl", deliveries: "\(dir)/deliveries.jsonl",
                            state: "\(dir)/state.json", before: "\(dir)/before.png", after: "\(dir)/after.png",
                            recordCount: 0)
        let outputs = OutputGroup()
        let finals = [result.trace, result.deliveries, result.state, result.before, result.after]
        let targets = try finals.map { try outputs.open($0) }
        let size = Self.outputSize
        let weston = try WestonInstance(.init(width: size.width, height: size.height))
        defer { weston.stop() }
        let work = weston.runtimeDirectory
        let files = finals.map { work + "/" + URL(fileURLWithPath: $0).lastPathComponent }
        let harness = try weston.connect()
        let client = try weston.launch(clientExecutable, arguments: [
            "run", "--scene", TouchDemoScene.info.name, "--record", files[0], "--log", files[1], "--state", files[2],
        ], logName: "client.log")
        defer { if client.isRunning { client.terminate() } }
        let pid = Int32(client.pid)
        guard try harness.waitForView(x: Double(size.width) / 2, y: Double(size.height) / 2, pid: pid,
                                      timeout: Self.commitTimeout) != nil else {
            throw RuntimeError("demo: the client never showed its window (\(client.output().suffix(300)))")
        }
        try move(try weston.screenshot(in: work), to: files[3])
        let items = try CompactTrace.parse(Self.script(width: Double(size.width), height: Double(size.height)),
                                           name: "demo-script")
        let injected = MonotonicClock.now()
        try harness.run(items)
        guard try harness.waitForCommit(pid: pid, after: injected, timeout: Self.commitTimeout) != nil else {
            throw RuntimeError("demo: the client did not redraw after the injected drag")
        }
        // Let the client's last frame come round, and the HUD's paced text (the raw-event log, the
        // frame count: four updates a second) catch up with the lift, so the screenshot shows the end.
        try harness.dispatch(for: 0.4)
        try move(try weston.screenshot(in: work), to: files[4])
        switch client.terminate() {
        case .exited(0): break
        case let other:
            throw RuntimeError("demo: the client ended with \(other): \(client.output().suffix(300))")
        }
        let trace = try TraceReader.read(files[0])
        for (target, file) in zip(targets, files) {
            try target.write(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        }
        try outputs.commit()
        var finished = result
        finished.recordCount = trace.records.count
        finished.module = weston.modulePath
        return finished
    }

    private func move(_ from: String, to path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: from, toPath: path)
    }
}
