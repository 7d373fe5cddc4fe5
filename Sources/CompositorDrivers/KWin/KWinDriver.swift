import Foundation
import SandboxHarness

/// KWin 5.27 (`kwin_wayland --virtual`): touch, frame and cancel through org_kde_kwin_fake_input
/// in global logical coordinates; no shape or orientation request exists there. `--output-count 2`
/// lays a second virtual output out right of the first.
public struct KWinDriver: CompositorDriver {
    /// A build of the user's own to run instead of Debian's kwin_wayland (as is: only Debian's
    /// carries the file capability a copy drops).
    private var binary: CompositorBinary?

    /// Creates the driver.
    public init() {}

    public var kind: CompositorKind { .kwin }

    public func installation() -> Installation {
        if let binary {
            let found = ProgramVersion.installation(version: nil, programs: [("dbus-daemon", "dbus-daemon")])
            guard case .installed = found else { return found }
            return .installed(version: binary.versionLine(ProgramVersion.query(binary.path)))
        }
        let programs = [("kwin_wayland", "kwin-wayland"), ("dbus-daemon", "dbus-daemon")]
        let version = try? PrivateDirectory.using(prefix: "gesture-kwin-version") { directory in
            ProgramVersion.query(try KWinBinary.copy(into: directory))
        }
        return ProgramVersion.installation(version: version, programs: programs)
    }

    public var capabilities: InjectionCapabilities {
        [.touch, .frame, .cancel, .keys, .pointer, .screenshot, .serverTitleBar, .sideBySide, .outputScale,
         .fractionalOutputScale, .secondOutput, .xwayland]
    }

    public var quirks: [String] {
        [
            "after a client's first touch sequence, a touch on the server-side title bar sends that client "
                + "one empty wl_touch.frame per event (R4) while the drag moves the window",
            "server-side Breeze title bar through xdg-decoration; windows are placed, not fullscreen",
            "no shape or orientation: org_kde_kwin_fake_input has no request for them",
        ]
    }

    public func start(_ configuration: DriverConfiguration) throws -> CompositorSession {
        if case .missing(let packages) = installation() { throw DriverError.notInstalled(kind, packages: packages) }
        return try KWinSession(configuration, binary: binary?.path, capabilities: capabilities)
    }

    public func starting(_ binary: CompositorBinary) throws -> CompositorDriver {
        var driver = self
        driver.binary = binary
        return driver
    }
}

/// Debian's /usr/bin/kwin_wayland carries the file capability cap_sys_resource, which a sandbox
/// (a container, a CI runner) can refuse with "Operation not permitted" at exec. A plain copy
/// of the file carries no capability and runs everywhere.
enum KWinBinary {
    /// The path of a capability-free copy of `kwin_wayland` from PATH, made in `directory` (a private
    /// folder the caller removes: a copy kept across runs would be a file the run left behind).
    static func copy(into directory: String) throws -> String {
        guard let original = ProgramVersion.locate("kwin_wayland") else {
            throw DriverError.notInstalled(.kwin, packages: ["kwin-wayland"])
        }
        let target = "\(directory)/kwin_wayland"
        // cp without --preserve leaves the security.capability attribute behind. It runs in a process
        // of its own: a file this (threaded) process had open for writing could be inherited by a
        // child another thread forks meanwhile, and exec of the copy would fail with ETXTBSY.
        let copy = try ChildProcess(executable: "cp", arguments: [original, target],
                                    environment: ProcessInfo.processInfo.environment, logPath: "\(directory)/cp.log")
        guard copy.wait(timeout: ProgramVersion.timeout) == .exited(0) else {
            copy.terminate()
            throw DriverError("cannot copy \(original) to \(target): \(copy.output())")
        }
        return target
    }
}
