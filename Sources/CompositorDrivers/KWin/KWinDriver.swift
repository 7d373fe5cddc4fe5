import Foundation
import SandboxHarness

/// KWin 5.27 (`kwin_wayland --virtual`): touch, frame and cancel through org_kde_kwin_fake_input
/// in global logical coordinates; no shape or orientation request exists there.
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
        let version = (try? KWinBinary.copy()).flatMap { ProgramVersion.query($0) }
        return ProgramVersion.installation(version: version, programs: programs)
    }

    public var capabilities: InjectionCapabilities {
        [.touch, .frame, .cancel, .keys, .pointer, .screenshot, .serverTitleBar]
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
        return try KWinSession(configuration, binary: try binary?.path ?? KWinBinary.copy(), capabilities: capabilities)
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
    private static let lock = NSLock()

    /// The path of a capability-free copy of `kwin_wayland` from PATH (made once per user).
    static func copy() throws -> String {
        guard let original = ProgramVersion.locate("kwin_wayland") else {
            throw DriverError.notInstalled(.kwin, packages: ["kwin-wayland"])
        }
        lock.lock()
        defer { lock.unlock() }
        let directory = NSTemporaryDirectory() + "gesture-sandbox-kwin-\(geteuid())"
        let target = "\(directory)/kwin_wayland"
        let manager = FileManager.default
        let originalSize = (try? manager.attributesOfItem(atPath: original)[.size] as? Int) ?? -1
        if let size = try? manager.attributesOfItem(atPath: target)[.size] as? Int, size == originalSize {
            return target
        }
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
            // Writing the bytes (not copying the file) leaves the security.capability attribute behind.
            let partial = "\(target).\(getpid())"
            try Data(contentsOf: URL(fileURLWithPath: original)).write(to: URL(fileURLWithPath: partial))
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: partial)
            if manager.fileExists(atPath: target) { try manager.removeItem(atPath: target) }
            try manager.moveItem(atPath: partial, toPath: target)
        } catch {
            throw DriverError("cannot copy \(original) to \(target): \(error.localizedDescription)")
        }
        return target
    }
}
