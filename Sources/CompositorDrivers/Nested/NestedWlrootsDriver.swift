import Foundation
import SandboxHarness

/// sway 1.7, phoc 0.24 and cage 0.1.4: wlroots 0.15 compositors with no touch device of their own
/// when headless, so each runs as a Wayland client of the harness weston (wlroots' wayland
/// backend) and receives the harness's touch there, which it passes on to its own clients.
///
/// They refuse to run as root: as root, the driver runs them (and their clients) as an
/// unprivileged user (see `UnprivilegedUser`).
public struct NestedWlrootsDriver: CompositorDriver {
    public let kind: CompositorKind
    /// A build of the user's own to run instead of the Debian program (`--compositor-binary`).
    private var binary: CompositorBinary?

    /// A driver for `kind`, which must be `.sway`, `.phoc` or `.cage`.
    public init(_ kind: CompositorKind) {
        precondition([.sway, .phoc, .cage].contains(kind), "\(kind) is not a nested wlroots compositor")
        self.kind = kind
    }

    /// The program, which is also its Debian package's name.
    var program: String { kind.rawValue }

    public func installation() -> Installation {
        let version = ProgramVersion.query(binary?.path ?? program, arguments: kind == .cage ? ["-v"] : ["--version"])
        let found = ProgramVersion.installation(version: version, programs: [
            (binary?.path ?? program, program), ("weston", "weston"), ("weston-screenshooter", "weston"),
            ("setpriv", "util-linux"),
        ])
        guard case .installed = found, let binary else { return found }
        return .installed(version: binary.versionLine(version))
    }

    public var capabilities: InjectionCapabilities {
        let common: InjectionCapabilities = [.touch, .frame, .cancel, .shapeOrientation, .keys, .pointer, .screenshot,
                                             .touchOnlySeat, .xwayland]
        // sway tiles a second window beside the first; phoc maximises and cage fills the output
        // with every toplevel, so their second window covers the first.
        return kind == .sway ? common.union([.serverTitleBar, .sideBySide, .secondOutput]) : common
    }

    public var missingCapabilityReasons: [InjectionCapabilities: String] {
        switch kind {
        // Measured with WLR_WL_OUTPUTS=2 and WL-2 at 1280,0 in phoc.ini: a tap at 200,50 of the second
        // output arrived at 401,50 of the window on the first.
        case .phoc: [.secondOutput: "nested phoc 0.24 maps a touch onto its whole two-output layout, on the first "
                        + "output, and phoc.ini maps no touch device to an output"]
        case .cage: [.secondOutput: "cage 0.1.4 extends its one client across every output (-m extend) or uses only "
                        + "the last (-m last)"]
        default: [:]
        }
    }

    public var quirks: [String] {
        var quirks = [
            "runs nested in the harness weston, which drops the frame after the last up: the driver sends "
                + "that frame to the nested compositor itself, as real hardware would",
            "wlroots 0.15 does not forward wl_touch.cancel: the next down of the same id is R1 at the client",
            "wlroots 0.15 forwards no wl_touch.shape or orientation (nor a frame that carried only them)",
        ]
        switch kind {
        case .sway: quirks.append("tiles: a lone window gets the workspace minus borders, under a server-side title bar")
        case .phoc: quirks.append("maximises every toplevel, with no decoration")
        case .cage: quirks.append("0.1.4 sends no wl_touch.frame at all; it starts its one client itself")
        default: break
        }
        return quirks
    }

    public func start(_ configuration: DriverConfiguration) throws -> CompositorSession {
        if case .missing(let packages) = installation() { throw DriverError.notInstalled(kind, packages: packages) }
        try refuseSecondOutputUnlessCapable(configuration)
        return try NestedSession(kind: kind, configuration: configuration, capabilities: capabilities,
                                 program: binary?.path)
    }

    /// Runs `binary` instead; as root it runs as the unprivileged user, who must be able to execute it.
    public func starting(_ binary: CompositorBinary) throws -> CompositorDriver {
        if let user = try UnprivilegedUser.forNestedCompositors(kind), !user.canExecute(binary.path) {
            throw DriverError("--compositor-binary \(binary.kind.rawValue)=\(binary.path): \(kind.displayName) refuses root and "
                + "runs as user \(user.name) here, who cannot execute \(binary.path): put the build where that user can "
                + "(every folder on the way searchable, the file executable by others)")
        }
        var driver = self
        driver.binary = binary
        return driver
    }
}
