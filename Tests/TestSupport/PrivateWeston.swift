import Foundation
import Glibc
import SandboxHarness

// MARK: - A plain headless weston of the test's own

/// weston 10 on the headless backend with desktop-shell (a toplevel maps without a seat) and no
/// harness module, in its own XDG_RUNTIME_DIR; clients connect through the socket's absolute
/// path, so the test process's environment is never touched.
///
/// Not a `WestonInstance`: that one always loads the harness module, passes `--debug` and counts
/// as started only once the harness global is offered; this weston is the bare compositor a
/// toolkit client meets (no seat, no debug globals).
public final class PrivateWeston {
    /// The weston binary, nil when weston is not installed.
    public static let executable = Tools.which("weston")
    /// Output size the compositor is started with.
    public static let outputSize = (width: 640, height: 480)
    /// How long to wait for the socket and for a successful connection.
    public static let startTimeout = 10.0
    private static let retryInterval = 0.02
    /// Seconds `stop()` gives weston between SIGTERM and SIGKILL.
    private static let stopTimeout = 2.0

    /// The private XDG_RUNTIME_DIR (weston's log lives there too).
    public let runtimeDirectory: TemporaryDirectory
    /// The socket's absolute path, usable as a `wl_display_connect` name.
    public let socketPath: String
    private let process: ChildProcess

    /// Starts weston (its output at integer `scale`) and waits until its socket file exists.
    public init(scale: Int = 1) throws {
        guard let executable = Self.executable else { throw HarnessError("weston is not installed") }
        runtimeDirectory = try TemporaryDirectory(runtimeDirectoryPrefix: "gs-weston")
        let socket = "gs-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        socketPath = runtimeDirectory.file(socket)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "DISPLAY")
        process = try ChildProcess(executable: executable, arguments: [
            "--backend=headless-backend.so", "--shell=desktop-shell.so", "--use-pixman",
            "--width=\(Self.outputSize.width)", "--height=\(Self.outputSize.height)",
            "--scale=\(scale)", "--idle-time=0", "--no-config", "--socket=\(socket)",
        ], environment: environment, logPath: runtimeDirectory.file("weston.log"))
        let deadline = MonotonicClock.now() + Self.startTimeout
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard process.isRunning, MonotonicClock.now() < deadline else {
                stop()
                throw HarnessError("weston did not start: \(logText)")
            }
            MonotonicClock.sleep(Self.retryInterval)
        }
    }

    deinit { stop() }

    /// weston's log so far (for failure messages).
    public var logText: String { process.output() }

    /// Opens a connection with `open(socketPath)`, retrying while `isNotYetListening` says the
    /// error is weston still finishing its start, up to `startTimeout`.
    public func connect<Connection>(retryingWhile isNotYetListening: (Error) -> Bool,
                                    _ open: (String) throws -> Connection) throws -> Connection {
        let deadline = MonotonicClock.now() + Self.startTimeout
        while true {
            do {
                return try open(socketPath)
            } catch let error where isNotYetListening(error) && MonotonicClock.now() < deadline {
                MonotonicClock.sleep(Self.retryInterval)
            }
        }
    }

    /// Kills the compositor at once (to test a lost connection).
    public func kill() {
        if process.isRunning { Glibc.kill(process.pid, SIGKILL) }
    }

    /// Terminates weston (SIGTERM, then SIGKILL after a grace period) and removes its folder.
    public func stop() {
        process.terminate(timeout: Self.stopTimeout)
        runtimeDirectory.cleanUp()
    }
}
