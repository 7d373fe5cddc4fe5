import Foundation
import SandboxHarness

/// Enlightenment 0.25 in its Wayland mode, nested in the harness weston (its wl_wl module,
/// `E_WL_FORCE=wl`), with the standard profile and its own session bus.
///
/// Three things keep it private and usable here, each measured:
/// - `DISPLAY` is set (to a display that does not exist): its xwayland module then makes no
///   X server sockets (/tmp/.X11-unix/X0, /tmp/.X0-lock), which it otherwise creates for any user.
/// - It runs in a mount namespace of its own (`unshare`) where /run is an empty tmpfs holding an
///   empty `acpid.socket`: on a machine with /proc/acpi and no acpid, Enlightenment otherwise
///   opens an "ACPI Error" dialog 5 s after start, after which touch no longer reaches any client
///   and it restarts itself. Nothing of that tmpfs is visible outside the namespace.
/// - Its HOME is the session's runtime directory: its configuration, caches and log stay there.
///
/// It runs as the caller; as anyone but root, the mount is made in a user namespace of its own
/// and Enlightenment runs mapped back to the caller's user.
public struct EnlightenmentDriver: HostedCompositor {
    public var kind: CompositorKind { .enlightenment }
    /// A build of the user's own (its `enlightenment_start`) to run instead of Debian's.
    let binary: CompositorBinary?

    /// Creates the driver.
    public init() { binary = nil }

    init(binary: CompositorBinary?) { self.binary = binary }

    /// `enlightenment_start`, which starts (and restarts) the `enlightenment` beside it.
    var starter: String { binary?.path ?? ProgramVersion.locate("enlightenment_start") ?? "enlightenment_start" }

    public func installation() -> Installation {
        let main = URL(fileURLWithPath: starter).deletingLastPathComponent().appendingPathComponent("enlightenment").path
        let version = BinaryStrings.enlightenmentVersion(binary: main)
        var programs: [(program: String, package: String)] = [
            ("dbus-daemon", "dbus-daemon"), ("unshare", "util-linux"), ("weston", "weston"),
            ("weston-screenshooter", "weston"),
        ]
        if binary == nil { programs.insert(("enlightenment_start", "enlightenment"), at: 0) }
        let found = ProgramVersion.installation(version: version, programs: programs)
        guard case .installed = found, let binary else { return found }
        return .installed(version: binary.versionLine(version))
    }

    public var capabilities: InjectionCapabilities {
        [.touch, .frame, .cancel, .shapeOrientation, .keys, .pointer, .screenshot]
    }

    public var missingCapabilityReasons: [InjectionCapabilities: String] {
        [.secondOutput: "it runs nested in the harness weston as one window, one output"]
    }

    public var quirks: [String] {
        [
            "touch id 0 becomes the pointer: wl_pointer enter, motion and button 1 instead of wl_touch (our client "
                + "records them as its emulated finger); every other id arrives as wl_touch",
            "sends no wl_touch.frame at all, and no cancel, shape or orientation",
            "each new finger's down also moves the pointer (and so the emulated finger) to that finger",
            "touch positions are whole pixels",
            "nested in the harness weston; a start-up splash of a few seconds takes the pointer and touch until it is gone",
            "crashes whenever our client disconnects (and is then deaf to touch): each client after the first gets a "
                + "freshly started Enlightenment",
            "no xdg-decoration: our client draws libdecor's title bar; the window is placed at (0, 24), its bottom under "
                + "the shelf",
        ]
    }

    public func start(_ configuration: DriverConfiguration) throws -> CompositorSession {
        if case .missing(let packages) = installation() { throw DriverError.notInstalled(kind, packages: packages) }
        try refuseSecondOutputUnlessCapable(configuration)
        return try HostedSession(self, configuration: configuration)
    }

    public func starting(_ binary: CompositorBinary) throws -> CompositorDriver {
        EnlightenmentDriver(binary: binary)
    }

    // MARK: - How it runs

    /// The script run in the new mount namespace: an empty /run holding an empty acpid.socket,
    /// then the program. Not root, the mount needs root in a user namespace of its own, and a
    /// nested one maps the caller back to itself: Enlightenment authenticates to its session bus
    /// with its user id, which must be the caller's.
    static func namespaceScript(uid: uid_t = geteuid(), gid: gid_t = getegid()) -> String {
        let back = uid == 0 ? "" : "unshare --user --map-user=\(uid) --map-group=\(gid) -- "
        return "mount -t tmpfs -o mode=0755,size=64k gesture-sandbox /run && : > /run/acpid.socket "
            + "&& exec \(back)\"$0\" \"$@\""
    }

    func command(runtimeDirectory: String, host: String) -> [String] {
        // Without --fork, unshare execs sh, which execs (unshare, then) enlightenment_start: one pid throughout.
        let namespace = ["--mount", "--propagation", "private"] + (geteuid() == 0 ? [] : ["--user", "--map-root-user"])
        return [ProgramVersion.locate("unshare") ?? "unshare"] + namespace
            + ["--", "/bin/sh", "-c", Self.namespaceScript(), starter, "-profile", "standard"]
    }

    func environment(runtimeDirectory: String, host: String, socket: String) -> [String: String] {
        [
            "WAYLAND_DISPLAY": host,
            "E_WL_FORCE": "wl",
            // Set, so the xwayland module makes no X sockets; no X server answers on it.
            "DISPLAY": Self.noDisplay,
        ]
    }

    /// A DISPLAY value no X server has.
    static let noDisplay = ":gesture-sandbox-no-x11"

    var namesItsSocket: Bool { false }
    var needsSessionBus: Bool { true }
    var logFile: String? { ".e-log.log" }
    /// The last step of its start-up, in its log ("ESTART: 0.21263 [0.00006] - MAIN LOOP AT LAST").
    var startedLine: String? { "- MAIN LOOP AT LAST" }
    /// Measured: Enlightenment 0.25.4 segfaults when our client disconnects (in a resource destructor
    /// under wl_client_destroy); enlightenment_start restarts it, and touch and the pointer no longer
    /// reach the restarted one's clients. Each client after the first gets a freshly started one.
    var restartsForEachClient: Bool { true }
}
