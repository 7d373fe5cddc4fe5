import Foundation
import SandboxHarness
import TouchStream

/// A harness weston with a wlroots compositor running inside it, and that compositor's clients.
///
/// Touch is injected into weston, whose client the nested compositor is; coordinates stay
/// global because weston's kiosk shell makes the nested output fullscreen at 0,0. With a second
/// output (sway only) each nested output is a window of weston's, both fullscreen, the second on
/// top: touches reach the second output only, and are moved by its origin on the way to weston.
public final class NestedSession: HarnessInputSession {
    /// Which compositor runs nested.
    public let kind: CompositorKind
    public let capabilities: InjectionCapabilities
    public let outputSize: (width: Int, height: Int)
    public let touchedOutputOrigin: (x: Double, y: Double)
    /// The nested compositor's XDG_RUNTIME_DIR (owned by the user it runs as).
    public let runtimeDirectory: String
    /// The parent compositor.
    public let weston: WestonInstance

    let harness: HarnessConnection
    let user: UnprivilegedUser?
    private let startTimeout: Double
    private let services = ProcessList()
    private let clients = ProcessList()
    private(set) var compositor: ChildProcess?
    lazy var input = HarnessInput(harness)
    private var stopped = false
    /// /tmp/.X11-unix as it was before the nested compositor (cage starts Xwayland) touched it.
    private var xSockets: XSocketDirectory?
    /// If true, stopping leaves `runtimeDirectory` (and the logs in it) in place.
    public var keepsRuntimeDirectory = false
    /// The compositor's executable when it is not the Debian one in PATH (`--compositor-binary`).
    private let programPath: String?
    /// Started with two outputs (wlroots' wayland backend: two windows in weston).
    private let secondOutput: Bool
    /// Whether the compositor starts its Xwayland (cage always does, on its client's start).
    private let startsXwayland: Bool
    /// sway's or phoc's Xwayland, once started.
    public private(set) var xwayland: XwaylandServer?

    /// Time for the nested compositor to take in the re-announced touch capability.
    static let capabilitySettleTime = 0.05

    init(kind: CompositorKind, configuration: DriverConfiguration, capabilities: InjectionCapabilities,
         program: String? = nil) throws {
        self.kind = kind
        programPath = program
        // The nested compositor's seat has the devices of the harness seat it runs in: no pointer
        // there, none here.
        self.capabilities = configuration.touchOnlySeat ? capabilities.subtracting(.pointer) : capabilities
        outputSize = (configuration.width, configuration.height)
        startTimeout = configuration.startTimeout
        secondOutput = configuration.secondOutput
        touchedOutputOrigin = secondOutput ? (Double(configuration.width), 0) : (0, 0)
        startsXwayland = configuration.xwayland
        user = try UnprivilegedUser.forNestedCompositors(kind)
        var instance = WestonInstance.Configuration(width: configuration.width, height: configuration.height,
                                                    scale: try configuration.integerScale(of: "the harness weston"),
                                                    startTimeout: configuration.startTimeout)
        instance.touchOnlySeat = configuration.touchOnlySeat
        weston = try WestonInstance(instance)
        do {
            harness = try weston.connect()
            if let user {
                // The nested compositor connects to weston as that user.
                try user.give(weston.runtimeDirectory)
                try user.give(weston.socketPath)
            }
            xSockets = try XSocketDirectory(owner: user?.uid ?? geteuid())
            runtimeDirectory = try PrivateDirectory.make(prefix: "gesture-\(kind.rawValue)", owner: user)
        } catch {
            weston.stop()
            xSockets?.restore()
            throw error
        }
        do {
            if kind != .cage {
                let compositor = try startCompositor(arguments: try compositorArguments(), extra: [:])
                if startsXwayland {
                    xwayland = try XwaylandServer.wait(for: compositor, runtimeDirectory: runtimeDirectory, name: kind.rawValue,
                                                       timeout: startTimeout)
                }
            }
        } catch {
            // The error names the nested compositor's log: leave it there to be read.
            keepsRuntimeDirectory = true
            stop()
            throw error
        }
    }

    deinit { stop() }

    // MARK: - The nested compositor

    /// The environment of the nested compositor (and, through cage, of its client).
    private func compositorEnvironment(_ extra: [String: String]) -> [String: String] {
        let dropped: Set = ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "SWAYSOCK",
                            "XDG_RUNTIME_DIR", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"]
        var env = ProcessInfo.processInfo.environment.filter { !dropped.contains($0.key) }
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env["HOME"] = runtimeDirectory
        env["WAYLAND_DISPLAY"] = weston.socketPath
        env["WLR_BACKENDS"] = "wayland"
        env["WLR_RENDERER"] = "pixman"
        env["WLR_LIBINPUT_NO_DEVICES"] = "1"
        if secondOutput { env["WLR_WL_OUTPUTS"] = "2" }
        // phoc reads GSettings; without a session bus the memory backend keeps it quiet.
        env["GSETTINGS_BACKEND"] = "memory"
        env.merge(extra) { _, new in new }
        return env
    }

    private func compositorArguments() throws -> [String] {
        switch kind {
        case .sway:
            let config = "\(runtimeDirectory)/sway.config"
            let text = NestedSession.swayConfiguration(xwayland: startsXwayland)
                + (secondOutput ? NestedSession.swaySecondOutput(x: outputSize.width) : "")
            try text.write(toFile: config, atomically: true, encoding: .utf8)
            return ["sway", "--config", config]
        case .phoc:
            // Without --config phoc reads phoc.ini from the folder it was started in, which its
            // user cannot enter when that is a private one (root's home): it exits at once.
            let config = "\(runtimeDirectory)/phoc.ini"
            try NestedSession.phocConfiguration(xwayland: startsXwayland).write(toFile: config, atomically: true, encoding: .utf8)
            return ["phoc", "--config", config]
        default:
            preconditionFailure("\(kind) starts with its client")
        }
    }

    /// phoc's configuration: Xwayland only when asked for, then started at once (measured: with
    /// `xwayland=true` phoc 0.24 had started no Xwayland 20 s after its start).
    static func phocConfiguration(xwayland: Bool) -> String {
        """
        [core]
        xwayland=\(xwayland ? "immediate" : "false")

        """
    }

    /// A minimal sway configuration: no bar, no wallpaper process; Xwayland only when asked for,
    /// then started at once (`force`; `enable` would wait for the first X client, and until then
    /// no Xwayland process tells which display it serves). The title bar's font is pinned: sway's
    /// default, `monospace 10`, is whatever fontconfig picks, and its height sets every window's
    /// place (DejaVu Sans Mono gives 25 px; Noto Sans Mono, once installed, 27).
    static func swayConfiguration(xwayland: Bool) -> String {
        """
        xwayland \(xwayland ? "force" : "disable")
        focus_follows_mouse no
        default_border normal
        font pango:DejaVu Sans Mono 10

        """
    }

    /// The second output right of the first; the wayland backend names its outputs WL-1, WL-2.
    /// The touch device is mapped to it: wlroots 0.15's wayland backend scales a touch point by
    /// one output's size into 0…1, which sway maps onto the whole layout unless told an output
    /// (measured: without the mapping no touch reached a surface of the second output).
    static func swaySecondOutput(x: Int) -> String {
        "output WL-1 pos 0 0\noutput \(secondOutputName) pos \(x) 0\ninput type:touch map_to_output \(secondOutputName)\n"
    }

    /// The name wlroots' wayland backend gives its second output.
    static let secondOutputName = "WL-2"

    /// Starts the nested compositor (as the unprivileged user) and waits until its window is up
    /// in weston; then re-announces weston's touch capability, which wlroots 0.15 otherwise misses.
    @discardableResult
    private func startCompositor(arguments: [String], extra: [String: String], logName: String? = nil) throws -> ChildProcess {
        let command = user?.wrap(programPath ?? arguments[0], Array(arguments.dropFirst())) ?? (executable: programPath ?? arguments[0], arguments: Array(arguments.dropFirst()))
        let process = try ChildProcess(executable: command.executable, arguments: command.arguments,
                                       environment: compositorEnvironment(extra),
                                       logPath: "\(runtimeDirectory)/\(logName ?? "\(kind.rawValue).log")")
        services.add(process)
        compositor = process
        if kind == .phoc {
            // phoc draws nothing (so maps no window in weston) until a client shows one.
            _ = try Readiness.wait(for: "its Wayland socket", process: process, name: kind.rawValue, timeout: startTimeout) {
                nestedSocketName
            }
        } else {
            let center = (x: Double(outputSize.width) / 2, y: Double(outputSize.height) / 2)
            _ = try Readiness.wait(for: "its window in weston", process: process, name: kind.rawValue, timeout: startTimeout) {
                try harness.pick(x: center.x, y: center.y)?.pid == process.pid ? true : nil
            }
        }
        try harness.setTouchCapability(false)
        try harness.roundtrip()
        try harness.setTouchCapability(true)
        try harness.roundtrip()
        try harness.dispatch(for: NestedSession.capabilitySettleTime)
        // New windows go to the focused output: the one touches reach.
        if secondOutput, kind == .sway {
            _ = try Readiness.wait(for: "its IPC to focus \(Self.secondOutputName)", process: process, name: kind.rawValue,
                               timeout: startTimeout) {
                (try? SwayTree.run("focus output \(Self.secondOutputName)", runtimeDirectory: runtimeDirectory)).map { true }
            }
        }
        return process
    }

    /// The nested compositor's socket name in `runtimeDirectory`, once it exists.
    var nestedSocketName: String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
        return names.filter { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }.sorted().first
    }
}

// MARK: - Clients

extension NestedSession {
    public func launchClient(executable: String, arguments: [String], environment extra: [String: String],
                             logName: String) throws -> ChildProcess {
        if kind == .cage {
            guard !stopped else { throw DriverError("cage session already stopped") }
            // cage exits with its client; a finished one may be followed by a new cage here.
            if let running = compositor, running.isRunning {
                throw DriverError("cage runs one client per session: finish it (finishClient) before launching another")
            }
        } else {
            try live()
        }
        // Mapped is read from the client's own WAYLAND_DEBUG log: a nested compositor's repaints
        // in weston cannot tell its own frames from the client's.
        let debug = ClientMapWatch.debugEnvironment.merging(extra.filter { $0.key == "WAYLAND_DEBUG" }) { _, new in new }
        let client: ChildProcess
        if kind == .cage {
            // cage's own log is the client's too; only the client (through env, same pid) logs its protocol.
            let clientCommand = ["env"] + debug.map { "\($0.key)=\($0.value)" } + [executable] + arguments
            client = try startCompositor(arguments: ["cage", "--"] + clientCommand,
                                         extra: extra.filter { $0.key != "WAYLAND_DEBUG" }, logName: logName)
        } else {
            guard let socket = nestedSocketName else {
                throw DriverError("\(kind.displayName) has no Wayland socket in \(runtimeDirectory): \(logTail())")
            }
            var env = compositorEnvironment(extra.merging(debug) { _, new in new })
            env["WAYLAND_DISPLAY"] = socket
            let command = user?.wrap(executable, arguments) ?? (executable: executable, arguments: arguments)
            client = try ChildProcess(executable: command.executable, arguments: command.arguments, environment: env,
                                      logPath: "\(runtimeDirectory)/\(logName)")
            clients.add(client)
        }
        // No placement settle: wlroots places a window with the configure it draws (sway's tiling,
        // phoc's maximise, cage's fullscreen), which the configure quiet period already waits out;
        // the settle is for mutter's move of a decorated window after its map.
        try ClientMapWatch.waitUntilMapped(client, timeout: ClientMapWatch.defaultTimeout, settle: 0)
        try live()
        return client
    }

    public func launchX11Client(executable: String, arguments: [String], logName: String) throws -> ChildProcess {
        if kind == .cage {
            guard !stopped else { throw DriverError("cage session already stopped") }
            if let running = compositor, running.isRunning {
                throw DriverError("cage runs one client per session: finish it (finishClient) before launching another")
            }
            // cage 0.1.4 starts Xwayland and gives its client DISPLAY itself.
            return try startCompositor(arguments: ["cage", "--", executable] + arguments, extra: [:], logName: logName)
        }
        try live()
        guard let xwayland else { throw DriverError.noXwayland }
        var env = compositorEnvironment(xwayland.environment)
        env["WAYLAND_DISPLAY"] = nestedSocketName
        let command = user?.wrap(executable, arguments) ?? (executable: executable, arguments: arguments)
        let client = try ChildProcess(executable: command.executable, arguments: command.arguments, environment: env,
                                      logPath: "\(runtimeDirectory)/\(logName)")
        clients.add(client)
        return client
    }

    public func window(of client: ChildProcess) throws -> ClientWindow? {
        try live()
        if kind == .sway, let sway = try SwayTree.window(runtimeDirectory: runtimeDirectory, pid: client.pid) {
            return sway
        }
        // phoc maximises without decoration; cage shows its client fullscreen.
        return ClientWindow(x: 0, y: 0, width: Double(outputSize.width), height: Double(outputSize.height))
    }

    public func grantClientAccess(to path: String) throws {
        try user?.give(path)
    }

    public func finishClient(_ client: ChildProcess, timeout: Double) -> ChildProcess.Termination {
        guard kind == .cage, client === compositor else { return client.terminate(timeout: timeout) }
        // The handle is cage; its application is its child, and cage exits when it does. Its
        // Xwayland, another child, stays until then: an X11 client would otherwise lose its server
        // before its own SIGTERM and end with an error.
        let xServer = XwaylandServer.find(runtimeDirectory: runtimeDirectory)?.pid
        ProcessTable.children(of: client.pid).filter { $0 != xServer }.forEach { kill($0, SIGTERM) }
        return client.wait(timeout: timeout) ?? client.terminate(timeout: timeout)
    }
}

// MARK: - Input on the second output (the rest: HarnessInputSession)

extension NestedSession {
    /// Global points, moved into weston's output, where the touched output's window lies at 0, 0.
    @discardableResult
    public func inject(_ items: [ScriptItem]) throws -> [ScriptItem] {
        try live()
        let origin = touchedOutputOrigin
        return try input.inject(ScriptInjection.moved(items, by: (-origin.x, -origin.y)), capabilities: capabilities)
    }

    public func pointerMotion(x: Double, y: Double) throws {
        try live()
        try input.pointerMotion(x: x - touchedOutputOrigin.x, y: y - touchedOutputOrigin.y)
    }
}

// MARK: - Log, liveness, stopping (input and screenshots: HarnessInputSession)

extension NestedSession {
    public func logTail() -> String {
        guard let compositor else { return "weston: \(weston.logTail())" }
        return "\(kind.rawValue): \(Readiness.tail(of: compositor))"
    }

    func live() throws {
        guard !stopped else { throw DriverError("\(kind.displayName) session already stopped") }
        if let compositor, let termination = compositor.poll() {
            throw DriverError("\(kind.displayName) exited (\(termination)); log \(compositor.logPath): \(logTail())")
        }
    }

    public func stop() {
        if stopped { return }
        stopped = true
        clients.stopAll()
        if kind == .cage, let compositor, compositor.isRunning {
            ProcessTable.stop(ProcessTable.children(of: compositor.pid), timeout: ProcessList.stopTimeout)
        }
        services.stopAll()
        XwaylandServer.stopLeftovers(runtimeDirectory: runtimeDirectory)
        weston.stop()
        xSockets?.restore()
        if !keepsRuntimeDirectory { PrivateDirectory.remove(runtimeDirectory) }
    }
}
