import Foundation
import SandboxHarness
import TouchStream
import WaylandPlumbing

/// A running private KWin: its session bus, the compositor, our injector connection, clients.
public final class KWinSession: CompositorSession {
    public let capabilities: InjectionCapabilities
    public let outputSize: (width: Int, height: Int)
    public let touchedOutputOrigin: (x: Double, y: Double)
    public let runtimeDirectory: String
    /// The Wayland socket name inside `runtimeDirectory`.
    public let socketName: String
    /// The private session bus address (KWin's D-Bus services live there).
    public let busAddress: String

    private let services = ProcessList()
    private let clients = ProcessList()
    private let kwin: ChildProcess
    private var connection: KWinConnection?
    private var bus: PrivateBus?
    private var stopped = false
    public private(set) var xwayland: XwaylandServer?
    /// /tmp/.X11-unix as it was before KWin's Xwayland put its socket there.
    private var xSockets: XSocketDirectory?

    /// Seconds a client may take to map its window.
    static let clientTimeout = 10.0
    /// Height of the Breeze title bar at scale 1 (KWin 5.27, default theme), logical pixels.
    static let titleBarHeight = 37.0

    /// Starts KWin: `binary` (a build of the user's own) or a capability-free copy of Debian's.
    init(_ configuration: DriverConfiguration, binary: String? = nil, capabilities: InjectionCapabilities) throws {
        self.capabilities = capabilities
        outputSize = (configuration.width, configuration.height)
        touchedOutputOrigin = configuration.secondOutput ? (Double(configuration.width), 0) : (0, 0)
        runtimeDirectory = try PrivateDirectory.make(prefix: "gesture-kwin")
        socketName = SocketName.next(prefix: "gesture-kwin")
        var env = ProcessInfo.processInfo.environment.filter {
            !["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "DBUS_SESSION_BUS_ADDRESS"].contains($0.key)
        }
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        do {
            let binary = try binary ?? KWinBinary.copy(into: runtimeDirectory)
            let bus = try PrivateBus(directory: runtimeDirectory, name: "bus", environment: env,
                                     timeout: configuration.startTimeout)
            self.bus = bus
            busAddress = bus.address
            env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
            env["KWIN_WAYLAND_NO_PERMISSION_CHECKS"] = "1"
            env["KWIN_SCREENSHOT_NO_PERMISSION_CHECKS"] = "1"
            var arguments = ["--virtual", "--socket", socketName, "--width", "\(configuration.width)",
                             "--height", "\(configuration.height)"]
            // A fractional scale gives wp_fractional_scale_v1's preferred scale (1.5: 180/120).
            if configuration.scale != 1 { arguments += ["--scale", configuration.scaleText] }
            // The second virtual output is laid out at (width, 0).
            if configuration.secondOutput { arguments += ["--output-count", "2"] }
            arguments += ["--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"]
            // --xwayland: KWin makes the X sockets (first free display) and starts Xwayland at once.
            if configuration.xwayland {
                xSockets = try XSocketDirectory(owner: geteuid())
                arguments.append("--xwayland")
            }
            kwin = try ChildProcess(executable: binary, arguments: arguments, environment: env,
                                    logPath: "\(runtimeDirectory)/kwin.log")
            services.add(kwin)
            let socket = "\(runtimeDirectory)/\(socketName)"
            // The socket appears before the globals: ready is a connection that binds both.
            connection = try Readiness.wait(for: "org_kde_kwin_fake_input", process: kwin,
                                            timeout: configuration.startTimeout) {
                FileManager.default.fileExists(atPath: socket) ? try? KWinConnection(socketPath: socket) : nil
            }
            if configuration.secondOutput, let connection {
                // KWin opens windows on the output under the pointer (its active screen follows the mouse).
                try connection.pointerMotion(x: touchedOutputOrigin.x + Double(configuration.width) / 2,
                                             y: Double(configuration.height) / 2)
                try connection.roundtrip()
            }
            if configuration.xwayland {
                xwayland = try XwaylandServer.wait(for: kwin, runtimeDirectory: runtimeDirectory, name: "KWin",
                                                   timeout: configuration.startTimeout)
            }
        } catch {
            services.stopAll()
            bus?.stop()
            xSockets?.restore()
            // The error names KWin's log: leave it there to be read.
            throw error
        }
    }

    // MARK: - Clients

    /// The variables a client needs to reach this KWin (and its session bus).
    public var environment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName, "DBUS_SESSION_BUS_ADDRESS": busAddress]
    }

    public func launchClient(executable: String, arguments: [String], environment extra: [String: String],
                             logName: String) throws -> ChildProcess {
        let connection = try live()
        var env = ProcessInfo.processInfo.environment.filter { !["WAYLAND_SOCKET", "DISPLAY"].contains($0.key) }
        env.merge(environment) { _, new in new }
        env.merge(extra) { _, new in new }
        let client = try ChildProcess(executable: executable, arguments: arguments, environment: env,
                                      logPath: "\(runtimeDirectory)/\(logName)")
        clients.add(client)
        let deadline = MonotonicClock.now() + Self.clientTimeout
        while mappedWindow(of: client, in: connection) == nil {
            if let termination = client.poll() {
                throw DriverError("KWin: \(executable) exited (\(termination)) before mapping a window: \(Readiness.tail(of: client))")
            }
            if MonotonicClock.now() >= deadline {
                throw DriverError("KWin: \(executable) mapped no window within \(Self.clientTimeout) s: \(Readiness.tail(of: client))")
            }
            try connection.dispatch(for: Readiness.pollInterval)
        }
        return client
    }

    public func launchX11Client(executable: String, arguments: [String], logName: String) throws -> ChildProcess {
        _ = try live()
        guard let xwayland else { throw DriverError.noXwayland }
        var env = ProcessInfo.processInfo.environment.filter { !["WAYLAND_SOCKET", "XAUTHORITY"].contains($0.key) }
        env.merge(environment.merging(xwayland.environment) { _, new in new }) { _, new in new }
        let client = try ChildProcess(executable: executable, arguments: arguments, environment: env,
                                      logPath: "\(runtimeDirectory)/\(logName)")
        clients.add(client)
        return client
    }

    public func window(of client: ChildProcess) throws -> ClientWindow? {
        let connection = try live()
        try connection.roundtrip()
        guard let window = mappedWindow(of: client, in: connection), let frame = window.frame else { return nil }
        let bar = Self.titleBarHeight
        return ClientWindow(x: Double(frame.x), y: Double(frame.y) + bar,
                            width: Double(frame.width), height: Double(frame.height) - bar,
                            titleBar: (Double(frame.x), Double(frame.y), Double(frame.width), bar))
    }

    /// KWin opens every window over the last one: a script gives the window its column, and it is
    /// left to settle until KWin reports it there and its client has redrawn.
    public func place(_ client: ChildProcess, column: Int, of columns: Int) throws {
        let connection = try live()
        let width = Int32(outputSize.width / max(columns, 1)), x = Int32(touchedOutputOrigin.x) + Int32(column) * width
        try KWinScripting.run(KWinScripting.placing(pid: client.pid, x: Int(x), width: Int(width), height: outputSize.height),
                              plugin: "gesture-sandbox-place-\(client.pid)", busAddress: busAddress, folder: runtimeDirectory)
        let deadline = MonotonicClock.now() + Self.clientTimeout
        while true {
            try connection.roundtrip()
            if let frame = mappedWindow(of: client, in: connection)?.frame, frame.x == x, Int32(frame.width) == width { break }
            guard MonotonicClock.now() < deadline else {
                throw DriverError("KWin did not move the window of pid \(client.pid) to x \(x) within \(Self.clientTimeout) s: \(logTail())")
            }
            try connection.dispatch(for: Readiness.pollInterval)
        }
        try connection.dispatch(for: Self.placementSettle)
    }

    /// Seconds for clients to redraw after KWin moved and resized their windows.
    static let placementSettle = 0.5

    private func mappedWindow(of client: ChildProcess, in connection: KWinConnection) -> PlasmaWindow? {
        connection.windows.last {
            $0.pid == UInt32(bitPattern: client.pid) && $0.hasInitialState && !$0.isUnmapped && $0.frame != nil
        }
    }

    // MARK: - Input and output

    @discardableResult
    public func inject(_ items: [ScriptItem]) throws -> [ScriptItem] {
        let connection = try live()
        let skipped = try ScriptInjection.run(items, capabilities: capabilities,
                                              sleep: { try connection.dispatch(for: $0) },
                                              send: { try connection.send($0) })
        try connection.roundtrip()
        return skipped
    }

    public func key(_ code: UInt32, pressed: Bool) throws {
        let connection = try live()
        try connection.key(code, pressed: pressed)
        try connection.roundtrip()
    }

    public func pointerMotion(x: Double, y: Double) throws {
        let connection = try live()
        try connection.pointerMotion(x: x, y: y)
        try connection.roundtrip()
    }

    public func pointerButton(_ code: UInt32, pressed: Bool) throws {
        let connection = try live()
        try connection.pointerButton(code, pressed: pressed)
        try connection.roundtrip()
    }

    public func screenshot(to path: String) throws {
        _ = try live()
        try KWinScreenshot.capture(busAddress: busAddress, to: path)
    }

    public func logTail() -> String { Readiness.tail(of: kwin) }

    private func live() throws -> KWinConnection {
        guard let connection, !stopped else { throw DriverError("KWin session already stopped") }
        if let termination = kwin.poll() {
            throw DriverError("KWin exited (\(termination)); log \(kwin.logPath): \(logTail())")
        }
        return connection
    }

    // MARK: - Stopping

    public func stop() {
        if stopped { return }
        stopped = true
        clients.stopAll()
        connection = nil
        services.stopAll()
        XwaylandServer.stopLeftovers(runtimeDirectory: runtimeDirectory)
        bus?.stop()
        xSockets?.restore()
        PrivateDirectory.remove(runtimeDirectory)
    }

    deinit { stop() }
}
