import Foundation
import SandboxHarness
import TouchStream

// MARK: - What a driver is

/// Drives one real compositor headless for the matrix: starts it privately, injects touch
/// scripts in global logical coordinates, takes screenshots, and stops everything it started.
///
/// Lifecycle: `start(_:)` returns a session once touch can be injected; a session launches our
/// client (or any client) under the compositor, injects scripts, screenshots, and `stop()`s
/// every process it started by pid — client first, then injector, compositor, buses, PipeWire —
/// also when a step fails (deinit stops whatever is still running).
public protocol CompositorDriver: Sendable {
    /// Which compositor this drives.
    var kind: CompositorKind { get }
    /// What is installed: version, or the Debian package that is missing.
    func installation() -> Installation
    /// What this driver can inject into the compositor's real input path.
    var capabilities: InjectionCapabilities { get }
    /// Known, measured behaviour of this compositor's wl_touch stream (shown in `compositors`).
    var quirks: [String] { get }
    /// Starts the compositor privately and returns once touch can be injected.
    func start(_ configuration: DriverConfiguration) throws -> CompositorSession
    /// This driver starting `binary` (a build of the user's own, `--compositor-binary`) instead of
    /// the Debian program; throws one line when that binary cannot be driven here.
    func starting(_ binary: CompositorBinary) throws -> CompositorDriver
    /// Why this driver lacks a capability, where that was measured (a setup such as a second
    /// output), one clause each; default: none.
    var missingCapabilityReasons: [InjectionCapabilities: String] { get }
}

/// One running compositor with its helpers (buses, PipeWire, nested parent, injector).
public protocol CompositorSession: StoppableSession {
    /// The output's size in logical pixels.
    var outputSize: (width: Int, height: Int) { get }
    /// Where the output that injected touches and our client's windows go begins, in global
    /// logical pixels: the second output's origin when started with `DriverConfiguration.secondOutput`,
    /// else 0, 0 (the default). Scripts add it to points on the output.
    var touchedOutputOrigin: (x: Double, y: Double) { get }
    /// What this session can inject (may be less than the driver's, e.g. no title bar).
    var capabilities: InjectionCapabilities { get }
    /// Starts a client of this compositor (cage: starts cage with it) and returns once the
    /// client's window is mapped and can receive touch; its output goes to `logName`.
    /// End it with `finishClient(_:timeout:)`: under cage the handle is cage itself, and
    /// cage 0.1.4 aborts on SIGTERM, taking the client down before it writes its files.
    func launchClient(executable: String, arguments: [String], environment: [String: String],
                      logName: String) throws -> ChildProcess
    /// Injects a compact script whose coordinates are global logical pixels. Items the driver
    /// cannot inject are not sent and are returned, so the caller reports "not injectable here".
    @discardableResult
    func inject(_ items: [ScriptItem]) throws -> [ScriptItem]
    /// Writes a PNG of the whole output to `path`; throws where the compositor allows none.
    func screenshot(to path: String) throws
    /// The private runtime directory (logs and screenshots of this run live there).
    var runtimeDirectory: String { get }
    /// The last lines of the compositor's log, joined into one line (for start/step errors).
    func logTail() -> String
    /// Stops every process this session started, by pid, client first; idempotent.
    func stop()
    /// Where `client`'s window is, when the compositor can tell (default: nil).
    func window(of client: ChildProcess) throws -> ClientWindow?
    /// Lets the clients this session starts write `path` (default: nothing to do).
    func grantClientAccess(to path: String) throws
    /// Ends a client from `launchClient` cleanly (SIGTERM to the client itself, so it finishes
    /// its files) and waits for its handle; default: `client.terminate(timeout:)`.
    @discardableResult
    func finishClient(_ client: ChildProcess, timeout: Double) -> ChildProcess.Termination
    /// Puts the window of `client` (just launched, one toplevel) into column `column` of `columns`
    /// equal columns of the output, left to right, where the compositor does not place windows side
    /// by side itself; the default leaves it where the compositor put it (the matrix then finds
    /// each window with probe taps).
    func place(_ client: ChildProcess, column: Int, of columns: Int) throws
    /// Presses or releases a key by Linux key code (KEY_*); throws without `.keys` (the default).
    func key(_ code: UInt32, pressed: Bool) throws
    /// Moves the pointer to global (x, y); throws without `.pointer` (the default).
    func pointerMotion(x: Double, y: Double) throws
    /// Presses or releases a pointer button by Linux code (BTN_*); throws without `.pointer` (the default).
    func pointerButton(_ code: UInt32, pressed: Bool) throws
    /// The X display (and authority) X11 clients of this session use: set when it was started with
    /// `DriverConfiguration.xwayland` and the compositor's Xwayland is known; nil otherwise (the default).
    var xwayland: XwaylandServer? { get }
    /// Starts an X11 client under the compositor's Xwayland (DISPLAY and XAUTHORITY set, as the
    /// user the compositor's clients run as) and returns at once: when an X window is mapped is the
    /// client's to tell. Throws when the session has no Xwayland (the default).
    func launchX11Client(executable: String, arguments: [String], logName: String) throws -> ChildProcess
    /// The input device touches go through, when they go through one (the kernel lane's
    /// touchscreen); nil (the default) when they are injected into the compositor's input code.
    var inputDevice: String? { get }
}

// MARK: - Values

/// The compositors the matrix knows, in the order reports list them: a column of the matrix. The
/// harness lane's compositors run on this machine; the kernel lane's (`sway-kernel`,
/// `weston-kernel`, `cage-kernel`, `phoc-kernel`) run the same compositor on a qemu guest's DRM device, touched through a
/// uinput touchscreen and libinput; `wayfire-kernel` runs a compositor only the guest can run (Wayfire
/// starts on a DRM device only, which this machine lacks).
public enum CompositorKind: String, CaseIterable, Sendable, Codable {
    case weston, kwin, mutter, gnomeShell = "gnome-shell", sway, phoc, cage
    case mir, mirKiosk = "mir-kiosk", enlightenment
    case swayKernel = "sway-kernel", westonKernel = "weston-kernel", cageKernel = "cage-kernel"
    case phocKernel = "phoc-kernel", wayfireKernel = "wayfire-kernel"

    /// The harness lane's compositors.
    public static var harnessCases: [CompositorKind] { allCases.filter { $0.lane == .harness } }

    /// Every compositor `--compositors all` names: the harness lane's, then those only the kernel lane runs.
    public static var compositorCases: [CompositorKind] { allCases.filter { $0.compositor == $0 } }

    /// Which way touch reaches this column's compositor.
    public var lane: InputLane {
        switch self {
        case .swayKernel, .westonKernel, .cageKernel, .phocKernel, .wayfireKernel: .kernel
        default: .harness
        }
    }

    /// The compositor itself (sway for `sway · kernel`); a compositor only one lane runs is its own column.
    public var compositor: CompositorKind {
        switch self {
        case .swayKernel: .sway
        case .westonKernel: .weston
        case .cageKernel: .cage
        case .phocKernel: .phoc
        default: self
        }
    }

    /// The compositor's name as `--compositors` and `guest run --compositor` spell it (`wayfire`).
    public var compositorName: String {
        self == .wayfireKernel ? "wayfire" : compositor.rawValue
    }

    /// This compositor's column in `lane`, nil when that lane does not run it.
    public func inLane(_ lane: InputLane) -> CompositorKind? {
        CompositorKind.allCases.first { $0.compositor == compositor && $0.lane == lane }
    }

    /// The name users see (and the column heading in reports).
    public var displayName: String {
        switch self {
        case .weston: "weston"
        case .kwin: "KWin"
        case .mutter: "mutter"
        case .gnomeShell: "GNOME Shell"
        case .sway: "sway"
        case .phoc: "phoc"
        case .cage: "cage"
        case .mir: "Mir"
        case .mirKiosk: "Mir kiosk"
        case .enlightenment: "Enlightenment"
        case .swayKernel, .westonKernel, .cageKernel, .phocKernel: "\(compositor.displayName) · kernel"
        case .wayfireKernel: "Wayfire · kernel"
        }
    }
}

/// The way the matrix puts touch into a compositor.
public enum InputLane: String, CaseIterable, Sendable, Codable {
    /// Into the compositor's input code on this machine: a test or remote-desktop interface, or the
    /// harness module.
    case harness
    /// Through a real kernel: a uinput touchscreen in a qemu guest, udev and libinput.
    case kernel
}

/// Whether a compositor is installed here, and which version.
public enum Installation: Equatable, Sendable {
    /// Installed; `version` as the compositor reports it (e.g. "10.0.1").
    case installed(version: String)
    /// Not installed: the Debian packages that provide it (and its driver's helpers).
    case missing(debianPackages: [String])
}

/// What a driver can put into a compositor's input path.
public struct InjectionCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    /// Creates a set from its raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// down, motion and up.
    public static let touch = InjectionCapabilities(rawValue: 1 << 0)
    /// An explicit wl_touch.frame request (otherwise the compositor frames on its own).
    public static let frame = InjectionCapabilities(rawValue: 1 << 1)
    /// A cancel of every active touch.
    public static let cancel = InjectionCapabilities(rawValue: 1 << 2)
    /// wl_touch.shape and wl_touch.orientation.
    public static let shapeOrientation = InjectionCapabilities(rawValue: 1 << 3)
    /// Keyboard keys.
    public static let keys = InjectionCapabilities(rawValue: 1 << 4)
    /// Pointer motion and buttons.
    public static let pointer = InjectionCapabilities(rawValue: 1 << 5)
    /// Screenshots of the output.
    public static let screenshot = InjectionCapabilities(rawValue: 1 << 6)
    /// A server-side title bar that touch can reach.
    public static let serverTitleBar = InjectionCapabilities(rawValue: 1 << 7)
    /// Removing and re-adding the seat's touch capability (a `capabilities` script record).
    public static let seatCapability = InjectionCapabilities(rawValue: 1 << 8)
    /// Two client windows side by side, each reachable by touch (the compositor's placement, or the
    /// driver's `arrangeSideBySide(_:)`); kiosk shells stack every toplevel full-screen instead.
    public static let sideBySide = InjectionCapabilities(rawValue: 1 << 9)
    /// Starting the compositor with an output scale of 2 (`DriverConfiguration.scale`).
    public static let outputScale = InjectionCapabilities(rawValue: 1 << 10)
    /// Starting the compositor with a rotated output (`DriverConfiguration.rotation`).
    public static let outputRotation = InjectionCapabilities(rawValue: 1 << 11)
    /// Starting the compositor with a fractional output scale, 1.25 or 1.5 (`DriverConfiguration.scale`).
    public static let fractionalOutputScale = InjectionCapabilities(rawValue: 1 << 12)
    /// Starting the compositor's Xwayland for X11 clients (`DriverConfiguration.xwayland`).
    public static let xwayland = InjectionCapabilities(rawValue: 1 << 13)
    /// Starting the compositor with a second output right of the first, where touches and our
    /// client's windows then go (`DriverConfiguration.secondOutput`).
    public static let secondOutput = InjectionCapabilities(rawValue: 1 << 14)
    /// Starting the compositor with a seat that has touch and no pointer (`DriverConfiguration.touchOnlySeat`).
    public static let touchOnlySeat = InjectionCapabilities(rawValue: 1 << 15)
    /// Setting up the machine below the compositor: outputs, touchscreens, udev properties
    /// (`DriverConfiguration.deviceSetup`); only the kernel lane has devices.
    public static let deviceSetup = InjectionCapabilities(rawValue: 1 << 16)
    /// A device setup of several outputs, with a touchscreen and our window mapped onto one of
    /// them by the compositor's own configuration.
    public static let outputMapping = InjectionCapabilities(rawValue: 1 << 17)

    /// What a driver must be able to do to inject `event`.
    public static func required(for event: RawEvent) -> InjectionCapabilities {
        switch event {
        case .down, .motion, .up: .touch
        case .frame: .frame
        case .cancel: .cancel
        case .shape, .orientation: .shapeOrientation
        case .capabilities: .seatCapability
        // The recording client's own delivery point, and what the compositor answers about our
        // surfaces: nothing to inject.
        case .flush, .surface: []
        }
    }

    /// Names in a fixed order, for `compositors` and reports.
    public var names: [String] {
        let all: [(InjectionCapabilities, String)] = [
            (.touch, "touch"), (.frame, "frame"), (.cancel, "cancel"), (.shapeOrientation, "shape/orientation"),
            (.keys, "keys"), (.pointer, "pointer"), (.screenshot, "screenshot"), (.serverTitleBar, "title bar"),
            (.seatCapability, "seat capability"), (.sideBySide, "two windows side by side"),
            (.outputScale, "output scale"), (.outputRotation, "output rotation"),
            (.fractionalOutputScale, "fractional output scale"), (.xwayland, "Xwayland"), (.secondOutput, "a second output"),
            (.touchOnlySeat, "touch-only seat"), (.deviceSetup, "kernel lane only"),
            (.outputMapping, "a touchscreen mapped to one of several outputs"),
        ]
        return all.filter { contains($0.0) }.map(\.1)
    }
}

/// How to start a compositor for a matrix run.
public struct DriverConfiguration: Sendable {
    /// Output width in logical pixels.
    public var width: Int
    /// Output height in logical pixels.
    public var height: Int
    /// Output scale; 1 unless a run asks for more. A fractional one (1.25, 1.5) needs
    /// `fractionalOutputScale`; the other drivers refuse it.
    public var scale: Double
    /// Clockwise output rotation in degrees (0, 90, 180, 270); the logical size stays width ×
    /// height (the mode is rotated with it), so window-relative scripts fit as on a plain output.
    public var rotation: Int = 0
    /// A second output of the same size right of the first (origin at width, 0); the session's
    /// touches and its clients' windows go there (`CompositorSession.touchedOutputOrigin`). Needs
    /// `secondOutput`.
    public var secondOutput = false
    /// A seat with touch and a keyboard and no pointer (a touchscreen kiosk's); needs the
    /// `touchOnlySeat` capability, and the session then cannot inject pointer events.
    public var touchOnlySeat = false
    /// Seconds to wait for the compositor (and its helpers) to become ready.
    public var startTimeout: Double
    /// Whether the compositor starts its Xwayland for X11 clients (needs `xwayland`). Off by
    /// default: the X server changes nothing for Wayland clients and costs start time.
    public var xwayland = false
    /// The outputs, touchscreens and udev properties of a kernel-lane-only script (needs
    /// `deviceSetup`); nil: the lane's usual output and touchscreen.
    public var deviceSetup: DeviceSetup?

    /// Creates a configuration; the defaults suit the matrix and the tests.
    public init(width: Int = 1280, height: Int = 720, scale: Double = 1, startTimeout: Double = 20) {
        self.width = width
        self.height = height
        self.scale = scale
        self.startTimeout = startTimeout
    }
}

extension DriverConfiguration {
    /// The scale as an integer for a compositor that has only those, nil at 1; throws for a
    /// fractional one (which needs `fractionalOutputScale`).
    public func integerScale(of compositor: String) throws -> Int? {
        guard scale != 1 else { return nil }
        guard scale == scale.rounded(), scale >= 1 else {
            throw DriverError("\(compositor) takes whole output scales only, not \(scale)")
        }
        return Int(scale)
    }

    /// The scale as a command line writes it: `2`, `1.25`.
    public var scaleText: String { scale == scale.rounded() ? String(Int(scale)) : String(scale) }
}

// MARK: - Additions with defaults (a driver overrides what its compositor can tell)

/// Where a client's window is, in global logical pixels.
public struct ClientWindow: Equatable, Sendable {
    /// The client's own surface (its wl_surface area), global.
    public var x: Double, y: Double, width: Double, height: Double
    /// The server-side title bar above it, when the compositor draws one.
    public var titleBar: (x: Double, y: Double, width: Double, height: Double)?

    /// Creates a window description.
    public init(x: Double, y: Double, width: Double, height: Double,
                titleBar: (x: Double, y: Double, width: Double, height: Double)? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.titleBar = titleBar
    }

    public static func == (a: ClientWindow, b: ClientWindow) -> Bool {
        a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
            && a.titleBar?.x == b.titleBar?.x && a.titleBar?.y == b.titleBar?.y
            && a.titleBar?.width == b.titleBar?.width && a.titleBar?.height == b.titleBar?.height
    }
}

extension CompositorSession {
    /// One output, at 0, 0.
    public var touchedOutputOrigin: (x: Double, y: Double) { (0, 0) }

    /// Where `client`'s window is, when the compositor can tell (nil otherwise).
    public func window(of client: ChildProcess) throws -> ClientWindow? { nil }

    /// Lets the clients this session starts write `path` (a directory or file). Clients of
    /// compositors that refuse root run as the driver's unprivileged user; elsewhere a no-op.
    public func grantClientAccess(to path: String) throws {}

    /// SIGTERM to the client, then SIGKILL after `timeout` seconds.
    @discardableResult
    public func finishClient(_ client: ChildProcess, timeout: Double) -> ChildProcess.Termination {
        client.terminate(timeout: timeout)
    }

    /// The compositor's own placement.
    public func place(_ client: ChildProcess, column: Int, of columns: Int) throws {}

    /// Not injectable here.
    public func key(_ code: UInt32, pressed: Bool) throws {
        throw DriverError("keys are not injectable here")
    }

    /// Not injectable here.
    public func pointerMotion(x: Double, y: Double) throws {
        throw DriverError("the pointer is not injectable here")
    }

    /// Not injectable here.
    public func pointerButton(_ code: UInt32, pressed: Bool) throws {
        throw DriverError("the pointer is not injectable here")
    }

    /// None.
    public var xwayland: XwaylandServer? { nil }

    /// No device: touches are injected into the compositor's input code.
    public var inputDevice: String? { nil }

    /// No Xwayland here.
    public func launchX11Client(executable: String, arguments: [String], logName: String) throws -> ChildProcess {
        throw DriverError.noXwayland
    }
}

extension CompositorDriver {
    /// No measured reasons.
    public var missingCapabilityReasons: [InjectionCapabilities: String] { [:] }

    /// Throws, with the measured reason, when `configuration` asks for a second output this driver
    /// cannot make (drivers call it before starting anything).
    func refuseSecondOutputUnlessCapable(_ configuration: DriverConfiguration) throws {
        guard configuration.secondOutput, !capabilities.contains(.secondOutput) else { return }
        throw DriverError("\(kind.displayName) cannot be started with a second output here"
            + (missingCapabilityReasons[.secondOutput].map { ": \($0)" } ?? ""))
    }

    /// Not possible: this driver knows only its Debian program.
    public func starting(_ binary: CompositorBinary) throws -> CompositorDriver {
        throw DriverError("--compositor-binary \(binary.kind.rawValue)=\(binary.path): the \(kind.displayName) driver "
            + "cannot start another binary")
    }
}

extension Installation {
    /// One line for listings: the version, or which Debian packages to install.
    public var summary: String {
        switch self {
        case .installed(let version): version
        case .missing(let packages): "not installed (Debian: \(packages.joined(separator: " ")))"
        }
    }
}
