import Foundation
import SandboxHarness
import TouchKit
import TouchStream

// MARK: - Our client under a private weston, as the integration tests drive it

/// The built `gesture-sandbox` executable: $GESTURE_SANDBOX_BIN, else next to the test bundle.
func sandboxExecutable() throws -> String {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let explicit = environment["GESTURE_SANDBOX_BIN"] { candidates.append(explicit) }
    let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    candidates.append(bundleDir.appendingPathComponent("gesture-sandbox").path)
    candidates.append(bundleDir.deletingLastPathComponent().appendingPathComponent("gesture-sandbox").path)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug/gesture-sandbox").path)
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw HarnessError("gesture-sandbox is not built (looked in \(candidates.joined(separator: ", "))); run swift build first")
    }
    return found
}

/// A temporary folder removed when the value is dropped.
final class TemporaryDirectory {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "gesture-sandbox-it-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { "\(path)/\(name)" }
}

/// `gesture-sandbox run` under a private headless weston with the harness, plus its output files.
final class SandboxClient {
    /// Seconds to wait for the window and for redraws.
    static let timeout = 10.0
    /// Output size, logical px.
    static let width = 1280, height = 720

    let weston: WestonInstance
    let harness: HarnessConnection
    let process: ChildProcess
    let files: TemporaryDirectory
    /// The read end of the FIFO the client writes one output to (-1 when none); the test closes it.
    var fifoReader: Int32 = -1
    /// Where the client's window is, global coordinates.
    let window: PickResult

    var tracePath: String { files.file("trace.jsonl") }
    var deliveriesPath: String { files.file("deliveries.jsonl") }
    var statePath: String { files.file("state.json") }
    var screenshotPath: String { files.file("client.png") }

    /// Starts weston and the client showing `scene` (with the HUD hidden unless `hud`; with the
    /// seat's touch capability off until the test adds it unless `touch`), and waits until its
    /// window can be touched. With `recordsToFIFO` the trace path is a FIFO the test reads (and
    /// can close, a write error); `openingFIFO` does the same for another file of the folder.
    /// The FIFO's read end is open before the client starts (``fifoReader``). `outputs` replaces
    /// the four output options; `fileSizeLimit` runs the client under that RLIMIT_FSIZE (a write
    /// past it fails like a full disk; it bounds the window's shm buffers too: keep the output small).
    init(scene: String = "touchdemo", scale: Int? = nil, hud: Bool = false, touch: Bool = true,
         recordsToFIFO: Bool = false, outputs: ((TemporaryDirectory) -> [String])? = nil,
         openingFIFO: String? = nil, fileSizeLimit: Int? = nil, width: Int = SandboxClient.width,
         height: Int = SandboxClient.height) throws {
        files = try TemporaryDirectory()
        if let fifo = recordsToFIFO ? "trace.jsonl" : openingFIFO {
            guard mkfifo(files.file(fifo), 0o600) == 0 else {
                throw HarnessError("cannot make a FIFO: \(String(cString: strerror(errno)))")
            }
            // Open before the client: its outputs are opened at start, and a FIFO's writer waits for a reader.
            fifoReader = open(files.file(fifo), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        }
        weston = try WestonInstance(.init(width: width, height: height, scale: scale))
        harness = try weston.connect()
        if !touch { try harness.setTouchCapability(false) }
        let outputArguments = outputs?(files) ?? [
            "--record", files.file("trace.jsonl"), "--log", files.file("deliveries.jsonl"),
            "--state", files.file("state.json"), "--screenshot", files.file("client.png"),
        ]
        let arguments = ["run", "--scene", scene] + outputArguments + (hud ? [] : ["--no-hud"])
        if let fileSizeLimit {
            // prlimit execs the client: the pid stays the client's.
            process = try weston.launch("/usr/bin/prlimit", arguments: ["--fsize=\(fileSizeLimit)", try sandboxExecutable()]
                + arguments, logName: "client.log")
        } else {
            process = try weston.launch(try sandboxExecutable(), arguments: arguments, logName: "client.log")
        }
        guard let picked = try harness.waitForView(x: Double(width) / 2, y: Double(height) / 2,
                                                   pid: Int32(process.pid), timeout: Self.timeout) else {
            throw HarnessError("the client's window never appeared: \(process.output())")
        }
        window = picked
    }

    deinit {
        if fifoReader >= 0 { close(fifoReader) }
        if process.isRunning { process.terminate() }
        weston.stop()
    }

    /// Injects a compact script (global coordinates) and waits for the client's redraw after it.
    func inject(_ script: String) throws {
        let items = try CompactTrace.parse(script, name: "test-script")
        let start = MonotonicClock.now()
        try harness.run(items)
        _ = try harness.waitForCommit(pid: Int32(process.pid), after: start, timeout: Self.timeout)
    }

    /// Waits until the recording's temporary holds `lines` lines (the header and whole records).
    func waitUntilRecorded(lines: Int) {
        let deadline = MonotonicClock.now() + Self.timeout
        while MonotonicClock.now() < deadline,
              (try? String(contentsOfFile: tracePath + ".partial", encoding: .utf8))?
                .split(separator: "\n").count != lines {
            usleep(10_000)
        }
    }

    /// Ends the client with SIGTERM (a clean exit that finishes its files) and returns how it ended.
    func finish() -> ChildProcess.Termination {
        process.terminate(timeout: Self.timeout)
    }

    /// The recorded raw trace.
    func trace() throws -> Trace { try TraceReader.read(tracePath) }

    /// The scene's final state.
    func state() throws -> StateFile {
        try JSONDecoder().decode(StateFile.self, from: Data(contentsOf: URL(fileURLWithPath: statePath)))
    }

    /// The deliveries log, one parsed JSON object per line.
    func deliveries() throws -> [[String: Any]] {
        try String(contentsOfFile: deliveriesPath, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }
}

/// The JSON `run --state` writes.
struct StateFile: Decodable {
    var views: [String: [Double]]
    var facts: [String: String]

    /// A named view's frame.
    func frame(_ name: String) -> Rect? {
        views[name].map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }
}
