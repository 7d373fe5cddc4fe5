import Foundation
import SandboxHarness

/// Mir 2.12 (Ubuntu Frame's and Lomiri's display server) through its example shells, nested in
/// the harness weston by Mir's wayland platform: `miral-shell` (floating windows) for `.mir`,
/// `miral-kiosk` (every window maximised, as in Ubuntu Frame) for `.mirKiosk`.
///
/// Debian 12's Mir has no headless platform, and its gbm-kms one needs a DRM device; its wayland
/// platform takes its input from the host's seat, so weston's touch reaches Mir's clients.
/// Mir runs as the caller (root included), with X11 off (its default) and no console handling.
public struct MirDriver: HostedCompositor {
    public let kind: CompositorKind
    /// A build of the user's own to run instead of Debian's shell.
    let binary: CompositorBinary?

    /// The driver for `.mir` (miral-shell) or `.mirKiosk` (miral-kiosk).
    public init(_ kind: CompositorKind) {
        self.init(kind, binary: nil)
    }

    init(_ kind: CompositorKind, binary: CompositorBinary?) {
        precondition([.mir, .mirKiosk].contains(kind), "\(kind) is not a Mir shell")
        self.kind = kind
        self.binary = binary
    }

    /// The Debian program.
    var program: String { kind == .mir ? "miral-shell" : "miral-kiosk" }

    public func installation() -> Installation {
        let path = binary?.path ?? ProgramVersion.locate(program)
        let version = path.flatMap(BinaryStrings.mirVersion)
        var programs: [(program: String, package: String)] = [
            ("weston", "weston"), ("weston-screenshooter", "weston"), ("ldd", "libc-bin"),
        ]
        if binary == nil { programs.insert((program, "mir-demos"), at: 0) }
        guard case .installed = ProgramVersion.installation(version: version, programs: programs) else {
            return ProgramVersion.installation(version: version, programs: programs)
        }
        // The wayland platform is a plugin of its own package: without it Mir has no platform at all here.
        if binary == nil, !FileManager.default.fileExists(atPath: Self.waylandPlatform) {
            return .missing(debianPackages: ["mir-platform-graphics-wayland20"])
        }
        return .installed(version: binary.map { $0.versionLine(version) } ?? version ?? "unknown")
    }

    /// Debian 12's Mir wayland platform plugin.
    static let waylandPlatform = "/usr/lib/x86_64-linux-gnu/mir/server-platform/graphics-wayland.so.20"

    public var capabilities: InjectionCapabilities {
        // miral-kiosk 2.12 refuses --enable-x11 ("Unknown command line options"): only miral-shell starts an Xwayland.
        InjectionCapabilities([.touch, .frame, .cancel, .shapeOrientation, .keys, .pointer, .screenshot]).union(kind == .mir ? .xwayland : [])
    }

    public var missingCapabilityReasons: [InjectionCapabilities: String] {
        [.secondOutput: "Mir's wayland platform shows an output per output of its host (two under a KWin with two, measured), and the harness weston has one"]
    }

    public var quirks: [String] {
        var quirks = [
            "runs nested in the harness weston (Mir's wayland platform); frames follow Mir's own events, one per "
                + "injected frame, the one after the last up included",
            "a second finger's down comes with a second down of the finger already down (same id, unchanged "
                + "position) in the same frame (R1); while one finger is down, each event of another brings an "
                + "unchanged motion of it (A12)",
            "an injected cancel arrives as an up; no shape or orientation (the frame that carried them brings an "
                + "unchanged motion)",
            "no xdg-decoration: our client draws libdecor's title bar, border and shadow as subsurfaces",
        ]
        switch kind {
        case .mir:
            quirks.append("floating windows: ours at (320, 104), off the output's right and bottom edges; a touch or "
                + "the pointer inside it goes to libdecor's border subsurface (Mir 2.12 has no wl_region.subtract, "
                + "canonical/mir#1094): our client, which takes a touch on its decorations for a window move, "
                + "moves the window with the finger")
        default:
            quirks.append("every window maximised (as in Ubuntu Frame): our content 1280×696 below libdecor's title bar")
        }
        return quirks
    }

    public func start(_ configuration: DriverConfiguration) throws -> CompositorSession {
        if case .missing(let packages) = installation() { throw DriverError.notInstalled(kind, packages: packages) }
        try refuseSecondOutputUnlessCapable(configuration)
        return try HostedSession(self, configuration: configuration)
    }

    public func starting(_ binary: CompositorBinary) throws -> CompositorDriver {
        MirDriver(kind, binary: binary)
    }

    // MARK: - How it runs

    func command(runtimeDirectory: String, host: String) -> [String] {
        [binary?.path ?? ProgramVersion.locate(program) ?? program,
         "--platform-display-libs", "mir:wayland", "--wayland-host", host,
         // Nested: no VT to switch, no logind seat to take.
         "--console-provider", "none",
         // Off unless a shell turns them on, as the shells with panels and on-screen keyboards
         // built on Mir do; our client's other scripts bind none of them.
         "--add-wayland-extensions", Self.addedExtensions.joined(separator: ":")]
    }

    /// The protocols Mir supports but offers only when asked: the layer shell, and what an
    /// on-screen keyboard types through.
    static let addedExtensions = ["zwlr_layer_shell_v1", "zwp_input_method_manager_v2", "zwp_virtual_keyboard_manager_v1"]

    /// Mir takes its own socket's name from WAYLAND_DISPLAY (the host's is given by --wayland-host).
    func environment(runtimeDirectory: String, host: String, socket: String) -> [String: String] {
        ["WAYLAND_DISPLAY": socket]
    }

    /// Mir 2.12 makes the X sockets at start and starts Xwayland at the first X client.
    var xwaylandArguments: [String] { kind == .mir ? ["--enable-x11"] : [] }
    /// "xwayland: XWayland started on X11 display :1" (measured: logged at start, before any X client).
    var xwaylandDisplayLine: String? { "XWayland started on X11 display " }

    var namesItsSocket: Bool { true }
    var needsSessionBus: Bool { false }
    var logFile: String? { nil }
    var restartsForEachClient: Bool { false }
    var startedLine: String? { nil }
}
