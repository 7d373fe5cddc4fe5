import Foundation
import WaylandPlumbing

/// A private headless weston with the harness module loaded (DESIGN §9).
///
/// Each instance has its own XDG_RUNTIME_DIR (mode 0700, removed in deinit) holding
/// the socket and weston's log. `init` returns once a registry roundtrip sees the
/// gesture_harness_v1 global: the socket appears before modules load.
public final class WestonInstance {
    /// How to start weston.
    public struct Configuration: Sendable {
        /// Output width in logical pixels (the headless mode is width × scale pixels).
        public var width: Int
        /// Output height in logical pixels.
        public var height: Int
        /// Output scale (`--scale`); nil leaves weston's default of 1.
        public var scale: Int?
        /// The module to load; nil means `HarnessModule.locate()`.
        public var modulePath: String?
        /// The weston binary, a path or a name looked up in PATH.
        public var westonExecutable: String
        /// Seconds to wait for the harness global before giving up.
        public var startTimeout: Double
        /// Extra command-line arguments, appended last.
        public var extraArguments: [String]
        /// Whether weston also serves X11 clients through Xwayland (`--xwayland`, its xwayland.so; Debian
        /// package xwayland), started on the first X client's connection.
        public var xwayland: Bool
        /// A seat with touch and a keyboard and no pointer, as a touchscreen kiosk's: pointer
        /// requests then do nothing, and nested compositors get no pointer from this weston either.
        public var touchOnlySeat = false

        /// Creates a configuration; the defaults suit tests.
        public init(width: Int = 1024, height: Int = 768, scale: Int? = nil,
                    modulePath: String? = nil, westonExecutable: String = "weston",
                    startTimeout: Double = 10, extraArguments: [String] = [], xwayland: Bool = false) {
            self.width = width
            self.height = height
            self.scale = scale
            self.modulePath = modulePath
            self.westonExecutable = westonExecutable
            self.startTimeout = startTimeout
            self.extraArguments = extraArguments
            self.xwayland = xwayland
        }
    }

    /// The variable through which the harness module learns the seat's kind.
    static let seatVariable = "GESTURE_HARNESS_SEAT"

    /// The configuration this instance started with.
    public let configuration: Configuration
    /// The private XDG_RUNTIME_DIR (also the place for logs and screenshots of this run).
    public let runtimeDirectory: String
    /// The socket name (WAYLAND_DISPLAY).
    public let socketName: String
    /// The module weston loaded.
    public let modulePath: String
    /// weston's stdout and stderr.
    public var logPath: String { process.logPath }
    /// weston's pid.
    public var pid: pid_t { process.pid }
    /// The socket's absolute path, usable as a `wl_display_connect` name.
    public var socketPath: String { "\(runtimeDirectory)/\(socketName)" }
    /// The variables a client needs to reach this compositor.
    public var environment: [String: String] {
        var variables = ["WAYLAND_DISPLAY": socketName, "XDG_RUNTIME_DIR": runtimeDirectory]
        if let xwaylandDisplay { variables["DISPLAY"] = xwaylandDisplay }
        return variables
    }
    /// The X display (":1") weston's Xwayland listens on, when started with `xwayland`.
    public private(set) var xwaylandDisplay: String?
    /// /tmp/.X11-unix made if missing for Xwayland, and left as found once weston stops.
    private var xSockets: XSocketDirectory?
    /// If true, deinit leaves the runtime directory (and its logs) in place.
    public var keepsRuntimeDirectory = false

    private let process: ChildProcess
    private static let startPollInterval = 0.002
    /// Lines of weston's log quoted in a start error.
    public static let logTailLines = 4

    // MARK: - Starting

    /// Starts weston and waits until the harness global is offered.
    public init(_ configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        let base = ProcessInfo.processInfo.environment
        guard let weston = ChildProcess.resolve(configuration.westonExecutable, path: base["PATH"]) else {
            throw HarnessError("\(configuration.westonExecutable) not found in PATH: install weston (Debian package weston) or set westonExecutable")
        }
        modulePath = try HarnessModule.locate(explicitPath: configuration.modulePath, environment: base)
        do {
            runtimeDirectory = try RuntimeDirectory.make(prefix: "gesture-harness")
        } catch {
            throw HarnessError(error.description)
        }
        if configuration.xwayland {
            do {
                xSockets = try XSocketDirectory(owner: geteuid())
            } catch {
                try? FileManager.default.removeItem(atPath: runtimeDirectory)
                throw error
            }
        }
        socketName = SocketName.next(prefix: "gesture-harness")
        var env = base.filter { !["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", Self.seatVariable].contains($0.key) }
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        if configuration.touchOnlySeat { env[Self.seatVariable] = "touch-only" }
        do {
            let module = try Self.loadablePath(of: modulePath, in: runtimeDirectory)
            process = try ChildProcess(executable: weston,
                                       arguments: WestonInstance.arguments(configuration, socket: socketName,
                                                                           module: module),
                                       environment: env, logPath: "\(runtimeDirectory)/weston.log")
        } catch {
            xSockets?.restore()
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
            throw error
        }
        do {
            try waitUntilReady(timeout: configuration.startTimeout)
            if configuration.xwayland { xwaylandDisplay = try waitForXwaylandDisplay(timeout: configuration.startTimeout) }
        } catch {
            process.terminate()
            xSockets?.restore()
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
            throw error
        }
    }

    /// The longest module path weston 10 loads: it copies each name of `--modules` into a
    /// 256-byte buffer, so a longer one (a deep install prefix) is cut and fails to load.
    static let moduleArgumentLimit = 255

    /// The path to give weston for `module`: itself, or when it is too long for weston, a link to
    /// it in `directory` (the runtime directory, which is short: see `RuntimeDirectory.make`).
    static func loadablePath(of module: String, in directory: String) throws -> String {
        guard module.utf8.count > moduleArgumentLimit else { return module }
        let link = "\(directory)/gesture-harness.so"
        do {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: module)
        } catch {
            throw HarnessError("cannot link the harness module into \(directory): \(error.localizedDescription)")
        }
        return link
    }

    static func arguments(_ c: Configuration, socket: String, module: String) -> [String] {
        var arguments = [
            "--backend=headless-backend.so", "--shell=kiosk-shell.so", "--use-pixman",
            "--width=\(c.width)", "--height=\(c.height)",
        ]
        if let scale = c.scale { arguments.append("--scale=\(scale)") }
        arguments += ["--idle-time=0", "--no-config", "--debug", "--socket=\(socket)", "--modules=\(module)"]
        if c.xwayland { arguments.append("--xwayland") }
        return arguments + c.extraArguments
    }

    private func waitUntilReady(timeout: Double) throws {
        let deadline = MonotonicClock.now() + timeout
        while true {
            if let termination = process.poll() {
                throw HarnessError("weston exited (\(termination)) before offering gesture_harness_v1; log \(logPath): \(logTail())")
            }
            if let connection = try? HarnessConnection(socketPath: socketPath) {
                _ = connection
                return
            }
            if MonotonicClock.now() >= deadline {
                throw HarnessError("weston did not offer gesture_harness_v1 within \(timeout) s; log \(logPath): \(logTail())")
            }
            MonotonicClock.sleep(WestonInstance.startPollInterval)
        }
    }

    /// weston 10's xwayland.so logs "xserver listening on display :N" once it holds the X socket (it
    /// starts Xwayland itself only when the first X client connects).
    private func waitForXwaylandDisplay(timeout: Double) throws -> String {
        let deadline = MonotonicClock.now() + timeout
        let log = LogFollower(path: process.logPath, scan: LogSearch("xserver listening on display "))
        while true {
            if let display = log.refresh().word, display.hasPrefix(":") { return String(display) }
            if let termination = process.poll() {
                throw HarnessError("weston exited (\(termination)) before starting Xwayland; log \(logPath): \(logTail())")
            }
            if MonotonicClock.now() >= deadline {
                let module = process.output().contains("xwayland.so") ? "" : " (is xwayland.so installed? Debian package xwayland)"
                throw HarnessError("weston did not listen for X clients within \(timeout) s\(module); log \(logPath): \(logTail())")
            }
            MonotonicClock.sleep(WestonInstance.startPollInterval)
        }
    }

    // MARK: - Using the instance

    /// A new blocking harness client of this compositor.
    public func connect() throws -> HarnessConnection {
        try HarnessConnection(socketPath: socketPath)
    }

    /// The current process environment plus `environment` and `extra`, for a client of this weston.
    public func childEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment.filter { !["WAYLAND_SOCKET", "DISPLAY"].contains($0.key) }
        // environment carries DISPLAY only when this weston serves X11 clients.
        env.merge(environment) { _, new in new }
        env.merge(extra) { _, new in new }
        return env
    }

    /// Starts a client of this compositor; its output goes to `<runtimeDirectory>/<logName>`.
    public func launch(_ executable: String, arguments: [String] = [], environment extra: [String: String] = [:],
                       logName: String) throws -> ChildProcess {
        try ChildProcess(executable: executable, arguments: arguments, environment: childEnvironment(extra),
                         logPath: "\(runtimeDirectory)/\(logName)")
    }

    /// The last lines of weston's log, joined into one line.
    public func logTail(lines: Int = WestonInstance.logTailLines) -> String {
        process.output().split(whereSeparator: \.isNewline).suffix(lines).joined(separator: " | ")
    }

    // MARK: - Stopping

    /// True while weston runs.
    public var isRunning: Bool { process.isRunning }

    /// Stops weston by pid: SIGTERM, then SIGKILL after `timeout` seconds; returns how it ended.
    @discardableResult
    public func stop(timeout: Double = 2) -> ChildProcess.Termination {
        let termination = process.terminate(timeout: timeout)
        releaseXSockets()
        return termination
    }

    /// Once weston (and its Xwayland) has gone: its X sockets and locks, and the directory if made here.
    private func releaseXSockets() {
        xSockets?.restore()
        xSockets = nil
    }

    deinit {
        process.terminate()
        releaseXSockets()
        if !keepsRuntimeDirectory {
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
        }
    }
}
