import Foundation
import SandboxHarness

// MARK: - mutter

/// mutter 43 headless on a virtual monitor; input through org.gnome.Mutter.RemoteDesktop.
public struct MutterDriver: MutterFamilyDriver {
    public let quirks = MutterQuirks.common
    /// A build of the user's own to run instead of Debian's mutter.
    var binary: CompositorBinary?

    /// Creates the driver.
    public init() {}

    static let flavor = MutterFlavor(kind: .mutter, executable: "mutter", needsSystemBus: false,
                                     leavesOverviewFirst: false)
}

// MARK: - GNOME Shell

/// GNOME Shell 43 headless (mutter with the Shell's UI): as mutter, plus a private empty
/// system bus, and the overview it starts in left (and gone) before a client starts.
public struct GnomeShellDriver: MutterFamilyDriver {
    public let quirks = MutterQuirks.common + [
        "a three-finger swipe up opens the overview: wl_touch.cancel after the three downs, with no frame",
        "starts in the overview, which takes every touch: the driver hides it once the Shell has started, and waits until it is gone",
    ]

    /// A build of the user's own to run instead of Debian's gnome-shell.
    var binary: CompositorBinary?

    /// Creates the driver.
    public init() {}

    static let flavor = MutterFlavor(kind: .gnomeShell, executable: "gnome-shell", needsSystemBus: true,
                                     leavesOverviewFirst: true)
}

// MARK: - What both drivers do

/// A driver of mutter or of GNOME Shell: the two differ only in their flavor (program, buses,
/// overview) and their quirks; both inject through RemoteDesktop, and each program's Debian
/// package is named after it.
protocol MutterFamilyDriver: CompositorDriver {
    /// Which compositor, and how it starts.
    static var flavor: MutterFlavor { get }
    /// A build of the user's own to run instead of the Debian program (`--compositor-binary`).
    var binary: CompositorBinary? { get set }
}

extension MutterFamilyDriver {
    public var kind: CompositorKind { Self.flavor.kind }

    public var capabilities: InjectionCapabilities { MutterSession.injectable }

    public func installation() -> Installation {
        MutterQuirks.installation(executable: Self.flavor.executable, package: Self.flavor.executable, binary: binary)
    }

    public func start(_ configuration: DriverConfiguration) throws -> CompositorSession {
        try MutterQuirks.start(Self.flavor, binary: binary, configuration)
    }

    public func starting(_ binary: CompositorBinary) throws -> CompositorDriver {
        var driver = self
        driver.binary = binary
        return driver
    }
}

// MARK: - Shared facts

/// What mutter and GNOME Shell share: measured wl_touch behaviour and the helpers they need.
enum MutterQuirks {
    static let common = [
        "frames follow mutter's input dispatch: each down and motion that arrives alone is framed alone; "
            + "events that arrive together share one frame, and none at all when the last of them is an up",
        "no wl_touch.frame after an up: neither after the last one nor after one while other fingers stay down",
        "touch ids are mutter's own (288 + slot, numbered by the order of its virtual devices, touch first), not the injected ones",
        "the virtual touch device appears at the first touch: the driver taps the empty desktop before a client starts",
        "no frame or cancel request: mutter frames on its own; no shape or orientation",
    ]

    /// The executables the driver runs, with the Debian package of each.
    static func helpers(executable: String, package: String) -> KeyValuePairs<String, String> {
        [executable: package, "dbus-daemon": "dbus-daemon", "pipewire": "pipewire", "wireplumber": "wireplumber",
         "gst-launch-1.0": "gstreamer1.0-tools", "gst-inspect-1.0": "gstreamer1.0-tools"]
    }

    /// Starts `flavor` (with `binary`, a build of the user's own, in place of Debian's program).
    static func start(_ flavor: MutterFlavor, binary: CompositorBinary?,
                      _ configuration: DriverConfiguration) throws -> CompositorSession {
        var flavor = flavor
        flavor.binary = binary?.path
        try requireInstalled(flavor)
        return try MutterSession(flavor: flavor, configuration: configuration)
    }

    /// Throws the one-line "not installed" error naming the missing Debian packages.
    static func requireInstalled(_ flavor: MutterFlavor) throws {
        let executable = flavor.binary ?? flavor.executable
        let missing = InstallationProbe.missingPackages(helpers(executable: executable, package: flavor.executable))
        if !missing.isEmpty { throw DriverError.notInstalled(flavor.kind, packages: missing) }
    }

    /// Installed with the compositor's `--version` (of `binary` when the user gave one), or the
    /// Debian packages that are missing.
    static func installation(executable: String, package: String, binary: CompositorBinary? = nil) -> Installation {
        var missing = InstallationProbe.missingPackages(helpers(executable: binary?.path ?? executable, package: package))
        if missing.isEmpty, !hasPipeWireSource() { missing.append("gstreamer1.0-pipewire") }
        guard missing.isEmpty else { return .missing(debianPackages: missing) }
        guard let binary else { return .installed(version: ProgramVersion.query(executable) ?? "unknown") }
        return .installed(version: binary.versionLine(ProgramVersion.query(binary.path)))
    }

    /// True when GStreamer has the pipewiresrc element screenshots need.
    private static func hasPipeWireSource() -> Bool {
        // Not `--exists`: it also compares the plugin's version with GStreamer's, which PipeWire's fails.
        InstallationProbe.exitsCleanly("gst-inspect-1.0", ["pipewiresrc"])
    }
}
