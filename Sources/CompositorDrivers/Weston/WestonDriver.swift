import Foundation
import SandboxHarness
import TouchStream

/// weston 10 headless with our harness module: touch, frame, shape and orientation, keys and
/// pointer go through weston's own input path; cancel, shape and orientation are harness
/// stand-ins sent to the focused client (weston itself never emits them).
public struct WestonDriver: CompositorDriver {
    /// A weston build of the user's own to run as the harness weston (`starting(_:)` checks its ABI).
    private var binary: CompositorBinary?

    /// Creates the driver.
    public init() {}

    public var kind: CompositorKind { .weston }

    public func installation() -> Installation {
        guard let binary else {
            return ProgramVersion.installation(version: ProgramVersion.query("weston"),
                                               programs: [("weston", "weston"), ("weston-screenshooter", "weston")])
        }
        let found = ProgramVersion.installation(version: nil, programs: [("weston-screenshooter", "weston")])
        guard case .installed = found else { return found }
        return .installed(version: binary.versionLine(ProgramVersion.query(binary.path)))
    }

    /// Runs `binary` as the harness weston, once sure our module can load into it: the module is
    /// built against one libweston major version (libweston-10 on Debian 12), and a weston of
    /// another major version links another libweston, which the module cannot work with.
    public func starting(_ binary: CompositorBinary) throws -> CompositorDriver {
        let module = try? HarnessModule.locate()
        if let module, let built = BinaryStrings.libwestonMajor(of: module),
           let linked = BinaryStrings.libwestonMajor(of: binary.path), linked != built {
            let version = ProgramVersion.query(binary.path).map { "weston \($0), " } ?? ""
            throw DriverError("--compositor-binary weston=\(binary.path): that weston (\(version)libweston-\(linked)) cannot "
                + "load our harness module, which is built against libweston-\(built) (\(module)); give a weston "
                + "\(built).x build, or rebuild the module against libweston-\(linked) (make -C harness with its headers)")
        }
        var driver = self
        driver.binary = binary
        return driver
    }

    public var capabilities: InjectionCapabilities {
        [.touch, .frame, .cancel, .shapeOrientation, .keys, .pointer, .screenshot, .seatCapability, .outputScale,
         .outputRotation, .touchOnlySeat, .xwayland]
    }

    public var missingCapabilityReasons: [InjectionCapabilities: String] {
        [.secondOutput: "weston 10's headless backend makes one output: it has no option for more"]
    }

    public var quirks: [String] {
        [
            "drops the wl_touch.frame after the last up (its touch grab clears the focus first)",
            "never sends wl_touch.cancel, shape or orientation: injected ones are the harness's stand-ins",
            "kiosk shell: the client is fullscreen at 0,0 with no title bar; a second toplevel covers the first "
                + "(no two windows side by side)",
        ]
    }

    public func start(_ configuration: DriverConfiguration) throws -> CompositorSession {
        if case .missing(let packages) = installation() { throw DriverError.notInstalled(kind, packages: packages) }
        try refuseSecondOutputUnlessCapable(configuration)
        return try WestonSession(configuration, capabilities: capabilities, westonExecutable: binary?.path ?? "weston")
    }
}

/// A running harness weston and the clients started in it.
public final class WestonSession: CompositorSession {
    /// The compositor.
    public let weston: WestonInstance
    /// The injecting harness connection (kept for the whole session).
    public let harness: HarnessConnection
    public let capabilities: InjectionCapabilities
    public let outputSize: (width: Int, height: Int)
    public var runtimeDirectory: String { weston.runtimeDirectory }

    private let clients = ProcessList()
    /// Seconds a client may take to map its window.
    static let clientTimeout = 10.0

    init(_ configuration: DriverConfiguration, capabilities: InjectionCapabilities,
         westonExecutable: String = "weston") throws {
        // A quarter turn swaps the mode's sides, so the logical output stays width × height.
        let turned = configuration.rotation % 180 != 0
        var instance = WestonInstance.Configuration(width: turned ? configuration.height : configuration.width,
                                                    height: turned ? configuration.width : configuration.height,
                                                    scale: try configuration.integerScale(of: "weston"),
                                                    westonExecutable: westonExecutable,
                                                    startTimeout: configuration.startTimeout,
                                                    extraArguments: configuration.rotation == 0 ? []
                                                        : ["--transform=rotate-\(configuration.rotation)"],
                                                    xwayland: configuration.xwayland)
        instance.touchOnlySeat = configuration.touchOnlySeat
        weston = try WestonInstance(instance)
        do {
            harness = try weston.connect()
        } catch {
            weston.stop()
            throw error
        }
        // No pointer to move on a touch-only seat.
        self.capabilities = configuration.touchOnlySeat ? capabilities.subtracting(.pointer) : capabilities
        outputSize = (configuration.width, configuration.height)
    }

    // MARK: - Clients

    public func launchClient(executable: String, arguments: [String], environment: [String: String],
                             logName: String) throws -> ChildProcess {
        let client = try weston.launch(executable, arguments: arguments, environment: environment, logName: logName)
        clients.add(client)
        guard try harness.waitForView(x: Double(outputSize.width) / 2, y: Double(outputSize.height) / 2,
                                      pid: client.pid, timeout: Self.clientTimeout) != nil else {
            throw DriverError("weston: \(executable) mapped no window within \(Self.clientTimeout) s; its log: "
                + client.output().split(whereSeparator: \.isNewline).suffix(3).joined(separator: " | "))
        }
        return client
    }

    /// weston's xwayland.so listens at start and starts Xwayland at the first X client.
    public var xwayland: XwaylandServer? { weston.xwaylandDisplay.map { XwaylandServer(display: $0) } }

    public func launchX11Client(executable: String, arguments: [String], logName: String) throws -> ChildProcess {
        guard xwayland != nil else { throw DriverError.noXwayland }
        let client = try weston.launch(executable, arguments: arguments, logName: logName)
        clients.add(client)
        return client
    }

    public func window(of client: ChildProcess) throws -> ClientWindow? {
        guard let view = try harness.pick(x: Double(outputSize.width) / 2, y: Double(outputSize.height) / 2),
              view.pid == client.pid else { return nil }
        return ClientWindow(x: Double(view.x), y: Double(view.y), width: Double(view.width), height: Double(view.height))
    }

    // MARK: - Input and output

    @discardableResult
    public func inject(_ items: [ScriptItem]) throws -> [ScriptItem] {
        let skipped = try ScriptInjection.run(items, capabilities: capabilities,
                                              sleep: { try harness.dispatch(for: $0) }, send: { try harness.sendInScript($0) })
        try harness.roundtrip()
        return skipped
    }

    public func key(_ code: UInt32, pressed: Bool) throws {
        try harness.key(code, pressed: pressed)
        try harness.roundtrip()
    }

    public func pointerMotion(x: Double, y: Double) throws {
        try harness.pointerMotion(x: x, y: y)
        try harness.roundtrip()
    }

    public func pointerButton(_ code: UInt32, pressed: Bool) throws {
        try harness.pointerButton(code, pressed: pressed)
        try harness.roundtrip()
    }

    public func screenshot(to path: String) throws {
        let png = try weston.screenshot(in: runtimeDirectory)
        try FileTransfer.move(png, to: path)
    }

    public func logTail() -> String { weston.logTail() }

    // MARK: - Stopping

    public func stop() {
        clients.stopAll()
        weston.stop()
    }

    deinit { stop() }
}
