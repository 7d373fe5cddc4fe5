import CompositorDrivers
import Foundation
import Glibc
import SandboxHarness
import TouchStream

// MARK: - Our client under a compositor

/// `gesture-sandbox run` recording under a started compositor, its output files in a folder of
/// its own: under any driver's compositor (`init(_:…)`, as the driver tests run it), or under the
/// private harness weston with its window found (`init(scene:…)`, as the integration tests drive it).
///
/// A compositor that cannot start fails the test with its own error (which carries its log tail).
/// Dropping the value stops the client, then every process of the session, then removes the folder.
public final class SandboxClient {
    /// Seconds to wait for the window, for a redraw, and for the client to finish its files after SIGTERM.
    public static let timeout = 10.0
    /// The harness weston's output size, logical px.
    public static let width = 1280, height = 720
    /// Seconds `inject` gives a driver's compositor, whose forwarding the test cannot watch.
    public static let driverSettle = 0.2

    /// How `inject` lets the client read what it injected.
    public enum Settling: Sendable {
        /// Until the client commits the redraw the input causes (the harness sees commits), at most `timeout`.
        case redraw
        /// A fixed number of seconds.
        case seconds(Double)
    }

    /// The compositor and every process it started.
    public let session: CompositorSession
    /// Our client (under cage: cage itself, which runs it).
    public let process: ChildProcess
    /// The folder the outputs go to.
    public let files: TemporaryDirectory
    /// The read end of the FIFO the client writes one output to (-1 when none); the test closes it.
    public var fifoReader: Int32
    /// Where the window was once it could be touched (the harness weston's clients only; see `window`).
    var pickedWindow: PickResult?
    private let settling: Settling

    public var tracePath: String { files.file("trace.jsonl") }
    public var deliveriesPath: String { files.file("deliveries.jsonl") }
    public var statePath: String { files.file("state.json") }
    public var screenshotPath: String { files.file("client.png") }

    // MARK: - Starting

    /// Starts `driver`'s compositor and our client in it (with the HUD hidden unless `hud`, and
    /// `arguments` added to `run`'s). With `inDirectory` the client runs in its folder, where its
    /// record and screenshot controls write.
    public convenience init(_ driver: CompositorDriver, scene: String = "touchdemo",
                            configuration: DriverConfiguration = DriverConfiguration(),
                            environment: [String: String] = [:], hud: Bool = false, inDirectory: Bool = false,
                            arguments: [String] = []) throws {
        let files = try TemporaryDirectory(prefix: "gesture-driver-test")
        let session = try driver.start(configuration)
        try self.init(session: session, files: files, fifoReader: -1,
                      arguments: Self.runArguments(scene: scene, outputs: Self.recordingOutputs(files), hud: hud) + arguments,
                      environment: environment, fileSizeLimit: nil, inDirectory: inDirectory,
                      settling: .seconds(Self.driverSettle))
    }

    /// Starts the harness weston and the client showing `scene` (with the HUD hidden unless `hud`;
    /// with the seat's touch capability off until the test adds it unless `touch`), and waits until
    /// its window can be touched. With `recordsToFIFO` the trace path is a FIFO the test reads (and
    /// can close, a write error); `openingFIFO` does the same for another file of the folder. The
    /// FIFO's read end is open before the client starts (``fifoReader``). `outputs` replaces the
    /// four output options; `fileSizeLimit` runs the client under that RLIMIT_FSIZE (a write past
    /// it fails like a full disk; it bounds the window's shm buffers too: keep the output small);
    /// `environment` is added to the client's.
    public convenience init(scene: String = "touchdemo", scale: Int? = nil, hud: Bool = false, touch: Bool = true,
                            recordsToFIFO: Bool = false, outputs: ((TemporaryDirectory) -> [String])? = nil,
                            openingFIFO: String? = nil, fileSizeLimit: Int? = nil, environment: [String: String] = [:],
                            width: Int = SandboxClient.width, height: Int = SandboxClient.height) throws {
        let files = try TemporaryDirectory(prefix: "gesture-sandbox-it")
        let fifoReader = try (recordsToFIFO ? "trace.jsonl" : openingFIFO).map { try Self.openFIFO(files.file($0)) } ?? -1
        let session: WestonSession
        do {
            session = try Self.startHarnessWeston(width: width, height: height, scale: scale)
            if !touch { try session.harness.setTouchCapability(false) }
        } catch {
            if fifoReader >= 0 { close(fifoReader) }
            throw error
        }
        let outputs = outputs?(files) ?? Self.recordingOutputs(files) + ["--screenshot", files.file("client.png")]
        try self.init(session: session, files: files, fifoReader: fifoReader,
                      arguments: Self.runArguments(scene: scene, outputs: outputs, hud: hud),
                      environment: environment, fileSizeLimit: fileSizeLimit, inDirectory: false, settling: .redraw)
        guard let picked = try harness.waitForView(x: Double(width) / 2, y: Double(height) / 2,
                                                   pid: process.pid, timeout: Self.timeout) else {
            throw HarnessError("the client's window never appeared: \(process.output())")
        }
        pickedWindow = picked
    }

    /// Launches the client in a started `session`; on failure stops the session and says why, with its log.
    private init(session: CompositorSession, files: TemporaryDirectory, fifoReader: Int32, arguments: [String],
                 environment: [String: String], fileSizeLimit: Int?, inDirectory: Bool, settling: Settling) throws {
        do {
            try session.grantClientAccess(to: files.path)
            var command = [try sandboxExecutable()] + arguments
            // prlimit and sh (which changes the folder first) exec the client: the pid stays the client's.
            if let fileSizeLimit { command = ["/usr/bin/prlimit", "--fsize=\(fileSizeLimit)"] + command }
            if inDirectory { command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", files.path] + command }
            process = try session.launchClient(executable: command[0], arguments: Array(command.dropFirst()),
                                               environment: environment, logName: "client.log")
        } catch {
            let tail = session.logTail()
            session.stop()
            if fifoReader >= 0 { close(fifoReader) }
            throw DriverError("\(error); compositor log: \(tail)")
        }
        self.session = session
        self.files = files
        self.fifoReader = fifoReader
        self.settling = settling
    }

    deinit {
        if fifoReader >= 0 { close(fifoReader) }
        session.stop()
    }

    // MARK: - Input

    /// Injects a compact script (global coordinates) and lets the client read it: until its redraw
    /// under the harness weston, `driverSettle` seconds under a driver's, or `settle` seconds when
    /// given. Returns what was not injectable.
    @discardableResult
    public func inject(_ script: String, settle: Double? = nil) throws -> [ScriptItem] {
        let items = try CompactTrace.parse(script, name: "test-script")
        let start = MonotonicClock.now()
        let skipped = try session.inject(items)
        switch settle.map(Settling.seconds) ?? settling {
        case .redraw:
            _ = try harness.waitForCommit(pid: process.pid, after: start, timeout: Self.timeout)
        case .seconds(let seconds):
            // The compositor forwards asynchronously; give the client time to record.
            usleep(UInt32(seconds * 1_000_000))
        }
        return skipped
    }

    // MARK: - Helpers

    /// `run --scene scene`, the outputs, and `--no-hud` unless `hud`.
    private static func runArguments(scene: String, outputs: [String], hud: Bool) -> [String] {
        ["run", "--scene", scene] + outputs + (hud ? [] : ["--no-hud"])
    }

    /// The recording, the deliveries log and the final state, in `files`.
    private static func recordingOutputs(_ files: TemporaryDirectory) -> [String] {
        ["--record", files.file("trace.jsonl"), "--log", files.file("deliveries.jsonl"), "--state", files.file("state.json")]
    }

    /// Makes a FIFO and opens its read end: the client opens its outputs at start, and a FIFO's
    /// writer waits for a reader.
    private static func openFIFO(_ path: String) throws -> Int32 {
        guard mkfifo(path, 0o600) == 0 else {
            throw HarnessError("cannot make a FIFO: \(String(cString: strerror(errno)))")
        }
        return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    }

    /// weston with the harness module, as `WestonInstance` starts it by default.
    private static func startHarnessWeston(width: Int, height: Int, scale: Int?) throws -> WestonSession {
        let configuration = DriverConfiguration(width: width, height: height, scale: Double(scale ?? 1),
                                                startTimeout: WestonInstance.Configuration().startTimeout)
        guard let session = try WestonDriver().start(configuration) as? WestonSession else {
            preconditionFailure("WestonDriver starts a WestonSession")
        }
        return session
    }
}
