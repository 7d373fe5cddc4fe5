import Foundation
import SandboxHarness
import WaylandPlumbing

/// A harness weston with a hosted compositor (Mir, Enlightenment) running inside it as one of
/// its clients, and that compositor's own clients.
///
/// Touch is injected into weston, which sends it to the hosted compositor's window; coordinates
/// stay global because weston's kiosk shell shows that window fullscreen at 0,0. Weston drops the
/// frame after the last up, so that frame goes to the hosted compositor directly, as a
/// touchscreen's would. Everything started runs as the caller, with the session's own runtime
/// directory (also its HOME and TMPDIR, so nothing is written elsewhere), which is how `stop()`
/// finds, by pid, what the compositor started on its own.
public final class HostedSession: HarnessInputSession {
    /// Which compositor runs inside weston.
    public let kind: CompositorKind
    public let capabilities: InjectionCapabilities
    public let outputSize: (width: Int, height: Int)
    /// The hosted compositor's XDG_RUNTIME_DIR and HOME (logs, its configuration, its socket).
    public let runtimeDirectory: String
    /// The parent compositor.
    public let weston: WestonInstance
    /// If true, stopping leaves `runtimeDirectory` (and the logs in it) in place.
    public var keepsRuntimeDirectory = false

    let harness: HarnessConnection
    private let hosted: any HostedCompositor
    /// Clients launched so far (a compositor that `restartsForEachClient` is started again before each later one).
    private var launched = 0
    private let startTimeout: Double
    private let logFile: String?
    private let helpers = HelperProcesses()
    private let services = ProcessList()
    private let clients = ProcessList()
    private var environment: [String: String] = [:]
    private(set) var compositor: ChildProcess?
    /// The socket name its clients use, in `runtimeDirectory`.
    private(set) var socketName: String?
    lazy var input = HarnessInput(harness)
    private var stopped = false
    /// Whether the compositor was asked to start its Xwayland.
    private let startsXwayland: Bool
    /// Its X display, once its log named it.
    public private(set) var xwayland: XwaylandServer?
    /// /tmp/.X11-unix as it was before the compositor's Xwayland put its socket there.
    private var xSockets: XSocketDirectory?

    /// Seconds a pointer probe waits for the client to hear of the pointer.
    static let probeAnswerTimeout = 1.0
    /// Seconds without a new pointer event before the window probe takes the last one.
    static let probeQuietPeriod = 0.1
    /// How often the window probe reads the client's log (seconds).
    private static let probePollInterval = 0.01

    init(_ hosted: any HostedCompositor, configuration: DriverConfiguration) throws {
        kind = hosted.kind
        self.hosted = hosted
        capabilities = hosted.capabilities
        outputSize = (configuration.width, configuration.height)
        startTimeout = configuration.startTimeout
        startsXwayland = configuration.xwayland && !hosted.xwaylandArguments.isEmpty
        logFile = hosted.logFile
        weston = try WestonInstance(.init(width: configuration.width, height: configuration.height,
                                          scale: try configuration.integerScale(of: "the harness weston"),
                                          startTimeout: configuration.startTimeout))
        do {
            harness = try weston.connect()
            runtimeDirectory = try PrivateDirectory.make(prefix: "gesture-\(kind.rawValue)")
            if startsXwayland { xSockets = try XSocketDirectory(owner: geteuid()) }
        } catch {
            weston.stop()
            throw error
        }
        do {
            try start(hosted)
        } catch {
            // The error names the compositor's log: leave it there to be read.
            keepsRuntimeDirectory = true
            stop()
            throw error
        }
    }

    deinit { stop() }

    // MARK: - Starting

    /// The caller's environment without anything that names another session, display or bus.
    private func baseEnvironment() -> [String: String] {
        let dropped: Set = ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "DBUS_SESSION_BUS_ADDRESS",
                            "XDG_RUNTIME_DIR", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                            "XDG_STATE_HOME", "XDG_SESSION_TYPE", "XDG_CURRENT_DESKTOP", "WAYLAND_DEBUG",
                            "TMP", "TEMP", "TEMPDIR"]
        var env = ProcessInfo.processInfo.environment.filter { !dropped.contains($0.key) && !$0.key.hasPrefix("MIR_") }
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env["HOME"] = runtimeDirectory
        // Temporary files too (Enlightenment's efreetd writes a log to $TMPDIR, else /tmp).
        env["TMPDIR"] = runtimeDirectory
        return env
    }

    /// Starts the session bus (if needed) and the compositor, and waits until its socket exists
    /// and its window is the one at the centre of weston's output.
    private func start(_ hosted: any HostedCompositor) throws {
        var env = baseEnvironment()
        if hosted.needsSessionBus {
            let bus = try helpers.startBus(directory: runtimeDirectory, name: "bus", environment: env)
            env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        }
        environment = env
        let chosen = hosted.namesItsSocket ? SocketName.next(prefix: "gesture-\(kind.rawValue)") : nil
        let command = hosted.command(runtimeDirectory: runtimeDirectory, host: weston.socketPath)
            + (startsXwayland ? hosted.xwaylandArguments : [])
        let compositorEnvironment = env.merging(hosted.environment(runtimeDirectory: runtimeDirectory,
                                                                   host: weston.socketPath,
                                                                   socket: chosen ?? "")) { _, new in new }
        let process = try ChildProcess(executable: command[0], arguments: Array(command.dropFirst()),
                                       environment: compositorEnvironment,
                                       logPath: "\(runtimeDirectory)/\(kind.rawValue).log")
        services.add(process)
        compositor = process
        let centre = (x: Double(outputSize.width) / 2, y: Double(outputSize.height) / 2)
        let awaited = "its Wayland socket and its window in weston" + (hosted.startedLine.map { ", and \"\($0)\" in its log" } ?? "")
        let started = hosted.startedLine.map { search(process, for: $0) }
        socketName = try Readiness.wait(for: awaited, process: process, name: kind.rawValue, timeout: startTimeout) { () -> String? in
            guard started.map({ $0().line != nil }) ?? true,
                  let socket = chosen.flatMap({ access("\(runtimeDirectory)/\($0)", F_OK) == 0 ? $0 : nil })
                    ?? (chosen == nil ? firstSocket() : nil),
                  let picked = try harness.pick(x: centre.x, y: centre.y)?.pid,
                  picked == process.pid || ProcessTable.parent(of: picked) == process.pid else { return nil }
            return socket
        }
        if startsXwayland, let line = hosted.xwaylandDisplayLine {
            let displayLine = search(process, for: line)
            xwayland = try Readiness.wait(for: "\"\(line):N\" in its log", process: process, name: kind.rawValue,
                                          timeout: startTimeout) { () -> XwaylandServer? in
                guard let display = displayLine().word, display.hasPrefix(":") else { return nil }
                return XwaylandServer(display: String(display))
            }
        }
    }

    /// Stops the clients, the compositor, whatever runs with its runtime directory and its bus, and
    /// starts it again as new (for a compositor that does not survive a client's exit): everything
    /// it left in its runtime directory goes (sockets, configuration, caches, crash state), the
    /// clients' logs stay.
    private func restart() throws {
        clients.stopAll()
        services.stopAll()
        SessionProcesses.stop(runtimeDirectory: runtimeDirectory)
        helpers.stop()
        input.reset()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
        for name in names where name.hasPrefix(".") || !name.hasSuffix(".log") {
            try? FileManager.default.removeItem(atPath: "\(runtimeDirectory)/\(name)")
        }
        socketName = nil
        try start(hosted)
    }

    /// Follows the log of `process`, the compositor (its own file once that exists, else its
    /// output), for the first line containing `text`: each call reads what was added since.
    private func search(_ process: ChildProcess, for text: String) -> () -> LogSearch {
        let file = logFile.map { LogFollower(path: "\(runtimeDirectory)/\($0)", scan: LogSearch(text)) }
        let output = LogFollower(path: process.logPath, scan: LogSearch(text))
        return {
            if let file {
                let found = file.refresh()
                if file.exists { return found }
            }
            return output.refresh()
        }
    }

    /// The first `wayland-N` socket in `runtimeDirectory`.
    private func firstSocket() -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
        return names.filter { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }.sorted().first
    }
}

// MARK: - Clients

extension HostedSession {
    /// Starts a client with WAYLAND_DEBUG=client and returns once its window is drawn and the
    /// pointer, moved over the output's centre, reaches it and finds it in one place (a
    /// compositor's start-up splash covers everything until it is gone); the pointer stays there.
    /// Under a compositor that `restartsForEachClient`, every launch after the first starts it
    /// again, ending the clients launched before.
    public func launchClient(executable: String, arguments: [String], environment extra: [String: String],
                             logName: String) throws -> ChildProcess {
        try live()
        if hosted.restartsForEachClient, launched > 0 { try restart() }
        launched += 1
        guard let socketName else { throw DriverError("\(kind.displayName) has no Wayland socket: \(logTail())") }
        var env = environment
        env["WAYLAND_DISPLAY"] = socketName
        env.merge(ClientMapWatch.debugEnvironment) { _, new in new }
        env.merge(extra) { _, new in new }
        let client = try ChildProcess(executable: executable, arguments: arguments, environment: env,
                                      logPath: "\(runtimeDirectory)/\(logName)")
        clients.add(client)
        try ClientMapWatch.waitUntilMapped(client, timeout: ClientMapWatch.defaultTimeout, settle: 0)
        let centre = (x: Double(outputSize.width) / 2, y: Double(outputSize.height) / 2)
        try PointerProbe.waitUntilPlaced(client, at: centre, timeout: ClientMapWatch.defaultTimeout,
                                         untilAnswered: true) { x, y in
            try live()
            try pointerMotion(x: x, y: y)
        }
        try pointerMotion(x: centre.x, y: centre.y)
        try live()
        return client
    }

    public func launchX11Client(executable: String, arguments: [String], logName: String) throws -> ChildProcess {
        try live()
        guard let xwayland else { throw DriverError.noXwayland }
        let client = try ChildProcess(executable: executable, arguments: arguments,
                                      environment: environment.merging(xwayland.environment) { _, new in new },
                                      logPath: "\(runtimeDirectory)/\(logName)")
        clients.add(client)
        return client
    }

    /// Where the client's main surface is: the pointer, moved just beside the output's centre,
    /// lands on it (or on one of its subsurfaces, whose offset the client's log gives) at a
    /// surface-local position the client logs. Nil when the pointer reaches none of its surfaces.
    public func window(of client: ChildProcess) throws -> ClientWindow? {
        try live()
        guard let main = ClientDebugLog.mainSurface(in: client.output()) else { return nil }
        let probe = (x: Double(outputSize.width) / 2 + 1, y: Double(outputSize.height) / 2)
        let pointer = LogFollower(path: client.logPath, scan: ClientDebugLog.PointerPositions())
        let seen = pointer.refresh().all.count
        try pointerMotion(x: probe.x, y: probe.y)
        // The answer is the last position once no more arrive: an earlier motion's event may come
        // in after `seen` was counted.
        let deadline = MonotonicClock.now() + Self.probeAnswerTimeout
        var answer: (surface: String, x: Double, y: Double)?
        var count = seen, since = MonotonicClock.now()
        while MonotonicClock.now() < deadline {
            let positions = pointer.refresh().all
            if positions.count != count { (count, since) = (positions.count, MonotonicClock.now()) }
            if count > seen, MonotonicClock.now() - since >= Self.probeQuietPeriod {
                answer = positions.last
                break
            }
            MonotonicClock.sleep(Self.probePollInterval)
        }
        try pointerMotion(x: probe.x - 1, y: probe.y)
        let log = client.output()
        guard let answer, let size = ClientDebugLog.drawnSize(of: main, in: log) else { return nil }
        // Mir gives the pointer (and touch) over the content to libdecor's border subsurface.
        let offset = answer.surface == main ? (x: 0, y: 0) : ClientDebugLog.subsurfaceOffset(of: answer.surface, in: log)
        guard let offset else { return nil }
        return ClientWindow(x: probe.x - answer.x - offset.x, y: probe.y - answer.y - offset.y,
                            width: size.width, height: size.height)
    }
}

// MARK: - Log, liveness, stopping (input and screenshots: HarnessInputSession)

extension HostedSession {
    /// The last lines of the compositor's log (its own log file, where it keeps one).
    public func logTail() -> String {
        guard let compositor else { return "weston: \(weston.logTail())" }
        if let logFile, let text = try? String(contentsOfFile: "\(runtimeDirectory)/\(logFile)", encoding: .utf8) {
            // Enlightenment follows each logged error with a backtrace of addresses: not worth quoting.
            let lines = text.split(whereSeparator: \.isNewline).filter { line in
                !(line.hasPrefix("/") && line.contains(" 0x")) && line != "EOF" && !line.hasPrefix("eina_btlog")
                    && !line.hasPrefix("## Copy")
            }.suffix(Readiness.tailLines)
            return "\(kind.rawValue): \(lines.joined(separator: " | "))"
        }
        return "\(kind.rawValue): \(Readiness.tail(of: compositor))"
    }

    func live() throws {
        guard !stopped else { throw DriverError("\(kind.displayName) session already stopped") }
        if let compositor, let termination = compositor.poll() {
            throw DriverError("\(kind.displayName) exited (\(termination)); log "
                + "\(runtimeDirectory)/\(logFile ?? "\(kind.rawValue).log"): \(logTail())")
        }
    }

    /// Stops the clients, the compositor, whatever else runs with the session's runtime
    /// directory (helpers the compositor started), the bus and weston, each by pid.
    public func stop() {
        if stopped { return }
        stopped = true
        clients.stopAll()
        services.stopAll()
        SessionProcesses.stop(runtimeDirectory: runtimeDirectory)
        XwaylandServer.stopLeftovers(runtimeDirectory: runtimeDirectory)
        helpers.stop()
        weston.stop()
        xSockets?.restore()
        if !keepsRuntimeDirectory { PrivateDirectory.remove(runtimeDirectory) }
    }
}
