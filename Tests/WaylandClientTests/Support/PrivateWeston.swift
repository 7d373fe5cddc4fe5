import Foundation
import Glibc
import Testing
@testable import WaylandClient

// MARK: - A headless weston of the test's own

/// weston 10 on the headless backend with desktop-shell (a toplevel maps without a seat),
/// in its own XDG_RUNTIME_DIR; the client connects through the socket's absolute path,
/// so the test process's environment is never touched.
final class PrivateWeston {
    static let executable = Tools.which("weston")
    /// Output size the compositor is started with.
    static let outputSize = (width: 640, height: 480)
    /// How long to wait for the socket and for a successful connection.
    private static let startTimeout = 10.0
    private static let retryInterval: useconds_t = 20_000

    let runtimeDirectory: URL
    let socketPath: String
    private let process = Process()
    private let log: URL

    /// Starts weston (its output at integer `scale`) and waits until its socket file exists.
    init(scale: Int = 1) throws {
        let executable = try #require(Self.executable, "weston is not installed")
        runtimeDirectory = try Tools.makePrivateDirectory(prefix: "gs-weston")
        let socket = "gs-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        socketPath = runtimeDirectory.appendingPathComponent(socket).path
        log = runtimeDirectory.appendingPathComponent("weston.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--backend=headless-backend.so", "--shell=desktop-shell.so", "--use-pixman",
                             "--width=\(Self.outputSize.width)", "--height=\(Self.outputSize.height)",
                             "--scale=\(scale)", "--idle-time=0", "--no-config", "--socket=\(socket)"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "DISPLAY")
        process.environment = environment
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(Self.startTimeout)
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "weston did not start: \(logText)"])
            }
            usleep(Self.retryInterval)
        }
    }

    deinit { stop() }

    /// weston's log so far (for failure messages).
    var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Connects a client, retrying while weston finishes starting.
    func connect() throws -> WaylandApp {
        let deadline = Date().addingTimeInterval(Self.startTimeout)
        while true {
            do {
                return try WaylandApp(display: socketPath, title: "gesture-sandbox test", appID: "gesture-sandbox")
            } catch let error as WaylandError {
                guard case .connection(.cannotConnect) = error, Date() < deadline else { throw error }
                usleep(Self.retryInterval)
            }
        }
    }

    /// Kills the compositor at once (to test a lost connection).
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// Terminates weston (SIGTERM, then SIGKILL after a grace period) and removes its directory.
    func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(2)
            while process.isRunning && Date() < deadline { usleep(Self.retryInterval) }
            if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }
}
