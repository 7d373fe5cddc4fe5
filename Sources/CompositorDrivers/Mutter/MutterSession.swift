import Foundation
import SandboxHarness
import TouchStream

/// What differs between plain mutter and GNOME Shell (which is mutter plus the Shell's UI).
struct MutterFlavor: Sendable {
    /// Which compositor this is.
    var kind: CompositorKind
    /// Its executable.
    var executable: String
    /// A build of the user's own to run instead (`--compositor-binary`), by path.
    var binary: String? = nil
    /// Without any system bus GNOME Shell aborts (loginManager.js): it gets a private empty one.
    var needsSystemBus: Bool
    /// GNOME Shell starts in the overview, which takes every touch: the driver leaves it.
    var leavesOverviewFirst: Bool
}

/// A private mutter or GNOME Shell: session bus (and, for the Shell, an empty system bus),
/// PipeWire and WirePlumber, the compositor on a headless virtual monitor, and a remote-desktop
/// session through which input is injected in the stream's pixels (logical × scale; a scale
/// other than 1 is set through DisplayConfig, a fractional one with mutter's experimental
/// `scale-monitor-framebuffer`).
public final class MutterSession: CompositorSession {
    public let outputSize: (width: Int, height: Int)
    public let touchedOutputOrigin: (x: Double, y: Double)
    public let capabilities: InjectionCapabilities = MutterSession.injectable
    public let runtimeDirectory: String
    /// The Wayland socket name (WAYLAND_DISPLAY).
    public let socketName: String
    /// If true, deinit leaves the runtime directory (and its logs) in place.
    public var keepsRuntimeDirectory = false

    /// What mutter's remote-desktop API reaches: no frame request (mutter frames on its own),
    /// no cancel, no shape or orientation.
    static let injectable: InjectionCapabilities = [.touch, .keys, .pointer, .screenshot, .sideBySide, .outputScale,
                                                    .outputRotation, .fractionalOutputScale, .secondOutput, .xwayland]
    /// The evdev code of the left Shift key (pressed once to create the virtual keyboard).
    static let shiftKey: UInt32 = 42
    /// Lines of the compositor's log in a start or step error.
    static let logTailLines = 4

    private let flavor: MutterFlavor
    private let scale: Double
    private let baseEnvironment: [String: String]
    private var clients: [ChildProcess] = []
    private var helpers = HelperProcesses()
    private var compositor: ChildProcess?
    private var bus: DBusConnection?
    private var remote: MutterRemoteDesktop?
    private var isStopped = false
    public private(set) var xwayland: XwaylandServer?
    /// /tmp/.X11-unix as it was before mutter's Xwayland put its sockets there.
    private var xSockets: XSocketDirectory?

    // MARK: - Starting

    init(flavor: MutterFlavor, configuration: DriverConfiguration) throws {
        guard configuration.scale >= 1 else {
            throw DriverError("\(flavor.kind.displayName): scale \(configuration.scale) is not a scale (1 or more)")
        }
        self.flavor = flavor
        scale = configuration.scale
        outputSize = (configuration.width, configuration.height)
        // mutter lays a second virtual monitor (Meta-1) out right of the first.
        touchedOutputOrigin = configuration.secondOutput ? (Double(configuration.width), 0) : (0, 0)
        runtimeDirectory = try PrivateDirectory.make(prefix: "gesture-\(flavor.kind.rawValue)")
        socketName = "gesture-\(flavor.kind.rawValue)-\(getpid())"
        var environment = ProcessInfo.processInfo.environment.filter {
            !["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "DBUS_SESSION_BUS_ADDRESS",
              "DBUS_SYSTEM_BUS_ADDRESS", "PIPEWIRE_REMOTE"].contains($0.key)
        }
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["XDG_SESSION_TYPE"] = "wayland"
        do {
            let fractional = configuration.scale != configuration.scale.rounded()
            environment.merge(try MutterSettings.install(in: runtimeDirectory, fractionalScales: fractional)) { _, new in new }
        } catch {
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
            throw DriverError("\(flavor.kind.displayName): cannot write its settings in \(runtimeDirectory): \(error)")
        }
        baseEnvironment = environment
        do {
            try start(configuration)
        } catch {
            let tail = logTail()
            stop()
            keepsRuntimeDirectory = true  // the error names its log
            throw DriverError("\(flavor.kind.displayName) did not start: \(error); log \(runtimeDirectory)/\(flavor.executable).log: \(tail)")
        }
    }

    private func start(_ configuration: DriverConfiguration) throws {
        let deadline = MonotonicClock.now() + configuration.startTimeout
        var environment = baseEnvironment
        let session = try helpers.startBus(directory: runtimeDirectory, name: "bus", environment: environment)
        environment["DBUS_SESSION_BUS_ADDRESS"] = session.address
        if flavor.needsSystemBus {
            let system = try helpers.startBus(directory: runtimeDirectory, name: "system-bus", environment: environment)
            environment["DBUS_SYSTEM_BUS_ADDRESS"] = system.address
        }
        try helpers.startPipeWire(directory: runtimeDirectory, environment: environment, until: deadline)
        // Without --no-x11 mutter 43 starts Xwayland with its own start (and waits for it).
        if configuration.xwayland { xSockets = try XSocketDirectory(owner: geteuid()) }
        let compositor = try ChildProcess(
            executable: flavor.binary ?? flavor.executable,
            arguments: ["--headless", "--wayland"] + (configuration.xwayland ? [] : ["--no-x11"])
                + Array(repeating: ["--virtual-monitor", configuration.rotation % 180 == 0
                                        ? "\(pixels(configuration.width))x\(pixels(configuration.height))"
                                        : "\(pixels(configuration.height))x\(pixels(configuration.width))"],
                        count: configuration.secondOutput ? 2 : 1).flatMap { $0 }
                + ["--wayland-display", socketName],
            environment: environment, logPath: "\(runtimeDirectory)/\(flavor.executable).log")
        self.compositor = compositor
        let bus = try DBusConnection(address: session.address)
        self.bus = bus
        let alive = { [flavor] in
            if let termination = compositor.poll() { throw DriverError("\(flavor.executable) exited (\(termination))") }
        }
        try MutterRemoteDesktop.waitForName("org.gnome.Mutter.RemoteDesktop", on: bus, until: deadline, alive: alive)
        try MutterRemoteDesktop.waitForName("org.gnome.Mutter.ScreenCast", on: bus, until: deadline, alive: alive)
        if scale != 1 || configuration.rotation != 0 {
            try MutterDisplayConfig.apply(scale: scale, rotation: configuration.rotation, on: bus,
                                          timeout: max(deadline - MonotonicClock.now(), 1))
        }
        // Touch goes through a screen-cast stream of one monitor, in its pixels: the touched one's.
        let remote = try MutterRemoteDesktop(bus: bus, monitor: configuration.secondOutput ? "Meta-1" : "Meta-0",
                                             timeout: max(deadline - MonotonicClock.now(), 1))
        self.remote = remote
        if configuration.xwayland {
            xwayland = try XwaylandServer.wait(for: compositor, runtimeDirectory: runtimeDirectory, name: flavor.executable,
                                               timeout: max(deadline - MonotonicClock.now(), 1))
        }
        if flavor.leavesOverviewFirst {
            try GnomeShellOverview.leave(on: bus, shell: compositor, until: deadline, alive: alive)
        }
        // mutter creates each virtual device (touch, pointer, keyboard) at its first use; a client
        // that binds the seat before then lacks it and loses its whole first sequence. Use each once
        // on the empty desktop now: a tap, a pointer move, a Shift press.
        // The pointer stays on the touched monitor: mutter opens windows on the pointer's.
        let centre = pixel(touchedOutputOrigin.x + Double(configuration.width) / 2, Double(configuration.height) / 2)
        try remote.touchDown(slot: 0, x: centre.x, y: centre.y)
        try remote.touchUp(slot: 0)
        try remote.pointerMotion(x: centre.x, y: centre.y)
        try remote.key(evdevCode: Self.shiftKey, pressed: true)
        try remote.key(evdevCode: Self.shiftKey, pressed: false)
        try alive()
    }

    /// A global logical point in the touched monitor's stream pixels.
    private func pixel(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        ((x - touchedOutputOrigin.x) * scale, (y - touchedOutputOrigin.y) * scale)
    }

    /// A logical length in the virtual monitor's pixels (1280 at 1.25: 1600).
    private func pixels(_ logical: Int) -> Int { Int((Double(logical) * scale).rounded()) }

    // MARK: - Clients

    public func launchX11Client(executable: String, arguments: [String], logName: String) throws -> ChildProcess {
        guard !isStopped else { throw DriverError("\(flavor.kind.displayName) session is stopped") }
        guard let xwayland else { throw DriverError.noXwayland }
        var environment = baseEnvironment.filter { $0.key != "XAUTHORITY" }
        if let bus { environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address }
        environment.merge(xwayland.environment) { _, new in new }
        let client = try ChildProcess(executable: executable, arguments: arguments, environment: environment,
                                      logPath: "\(runtimeDirectory)/\(logName)")
        clients.append(client)
        return client
    }

    /// Starts a client with WAYLAND_DEBUG=client (its log then shows when its window is drawn, which
    /// mutter tells no other client) and returns once the window is drawn, mutter has stopped
    /// re-configuring it, the client's seat has touch, and the window under the output's centre has
    /// stayed in place (seen through the pointer, whose picking touch shares).
    public func launchClient(executable: String, arguments: [String], environment extra: [String: String],
                             logName: String) throws -> ChildProcess {
        guard !isStopped else { throw DriverError("\(flavor.kind.displayName) session is stopped") }
        var environment = baseEnvironment
        environment["WAYLAND_DISPLAY"] = socketName
        if let bus { environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address }
        environment.merge(ClientMapWatch.debugEnvironment) { _, new in new }
        environment.merge(extra) { _, new in new }
        let client = try ChildProcess(executable: executable, arguments: arguments, environment: environment,
                                      logPath: "\(runtimeDirectory)/\(logName)")
        clients.append(client)
        try ClientMapWatch.waitUntilMapped(client, timeout: ClientMapWatch.defaultTimeout, settle: 0)
        try ClientMapWatch.waitForTouch(client, timeout: ClientMapWatch.defaultTimeout)
        let centre = (x: touchedOutputOrigin.x + Double(outputSize.width) / 2, y: Double(outputSize.height) / 2)
        try PointerProbe.waitUntilPlaced(client, at: centre, timeout: ClientMapWatch.defaultTimeout) { x, y in
            try pointerMotion(x: x, y: y)
        }
        // Back where the pointer waited before, so a client sees the same pointer whether or not it was probed.
        try pointerMotion(x: centre.x, y: centre.y)
        return client
    }

    /// mutter opens a window over the last one; its tiling keys (Super+Left, Super+Right) give the
    /// focused window, the one just launched, the left or right half of the output.
    public func place(_ client: ChildProcess, column: Int, of columns: Int) throws {
        guard columns == 2 else {
            throw DriverError("\(flavor.kind.displayName) tiles windows into halves only, not \(columns) columns")
        }
        let arrow = column == 0 ? Self.leftKey : Self.rightKey
        try key(Self.superKey, pressed: true)
        try key(arrow, pressed: true)
        try key(arrow, pressed: false)
        try key(Self.superKey, pressed: false)
        MonotonicClock.sleep(Self.tilingDelay)
        try ClientMapWatch.waitUntilMapped(client, timeout: ClientMapWatch.defaultTimeout)
    }

    /// Evdev codes of the left Super key and the arrow keys.
    static let superKey: UInt32 = 125, leftKey: UInt32 = 105, rightKey: UInt32 = 106
    /// Seconds for mutter to send the tiled configure after the keys.
    static let tilingDelay = 0.2

    // MARK: - Input

    /// Injects `items` in global logical coordinates. Frames come back with the rest of what
    /// mutter cannot take (cancel, shape, orientation): mutter frames on its own.
    @discardableResult
    public func inject(_ items: [ScriptItem]) throws -> [ScriptItem] {
        let remote = try running()
        return try ScriptInjection.run(items, capabilities: capabilities, sleep: MonotonicClock.sleep) { event in
            try inject(event, into: remote)
        }
    }

    private func inject(_ event: RawEvent, into remote: MutterRemoteDesktop) throws {
        switch event {
        case .down(_, _, _, let id, let x, let y):
            let point = pixel(x.doubleValue, y.doubleValue)
            try remote.touchDown(slot: try slot(id), x: point.x, y: point.y)
        case .motion(_, let id, let x, let y):
            let point = pixel(x.doubleValue, y.doubleValue)
            try remote.touchMotion(slot: try slot(id), x: point.x, y: point.y)
        case .up(_, _, let id):
            try remote.touchUp(slot: try slot(id))
        case .frame, .cancel, .shape, .orientation, .capabilities, .flush, .surface:
            preconditionFailure("ScriptInjection passed \(event.name), which \(flavor.kind.displayName) cannot inject")
        }
    }

    /// mutter's slots are unsigned: a script's touch id is the slot.
    private func slot(_ id: Int32) throws -> UInt32 {
        guard let slot = UInt32(exactly: id) else {
            throw DriverError("touch id \(id) cannot be injected into \(flavor.kind.displayName): its slots are 0 or more")
        }
        return slot
    }

    /// Presses or releases a key (Linux KEY_* code) through mutter's virtual keyboard.
    public func key(_ code: UInt32, pressed: Bool) throws {
        try running().key(evdevCode: code, pressed: pressed)
    }

    /// Moves mutter's virtual pointer to global logical (x, y).
    public func pointerMotion(x: Double, y: Double) throws {
        let point = pixel(x, y)
        try running().pointerMotion(x: point.x, y: point.y)
    }

    /// Presses or releases a pointer button (Linux BTN_* code, e.g. BTN_LEFT 0x110).
    public func pointerButton(_ code: UInt32, pressed: Bool) throws {
        guard let code = Int32(exactly: code) else { throw DriverError("pointer button \(code) is not a Linux button code") }
        try running().pointerButton(evdevCode: code, pressed: pressed)
    }

    /// The remote-desktop session while the session runs.
    private func running() throws -> MutterRemoteDesktop {
        guard let remote, !isStopped else { throw DriverError("\(flavor.kind.displayName) session is stopped") }
        return remote
    }

    // MARK: - Screenshots and logs

    public func screenshot(to path: String) throws {
        try PipeWireScreenshot.capture(node: try running().pipeWireNode, to: path, environment: baseEnvironment,
                                       logPath: "\(runtimeDirectory)/screenshot.log")
    }

    public func logTail() -> String {
        let log = compositor?.output() ?? ""
        return log.split(whereSeparator: \.isNewline).suffix(Self.logTailLines).joined(separator: " | ")
    }

    // MARK: - Stopping

    /// The pid of every process this session started (clients, compositor, helpers), in start order.
    public var processIDs: [pid_t] {
        helpers.processIDs + (compositor.map { [$0.pid] } ?? []) + clients.map(\.pid)
    }

    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        for client in clients.reversed() { client.terminate() }
        remote?.stop()
        remote = nil
        bus?.close()
        bus = nil
        compositor?.terminate()
        XwaylandServer.stopLeftovers(runtimeDirectory: runtimeDirectory)
        helpers.stop()
        xSockets?.restore()
        xSockets = nil
    }

    deinit {
        stop()
        if !keepsRuntimeDirectory { try? FileManager.default.removeItem(atPath: runtimeDirectory) }
    }
}
