import Foundation

/// The user a compositor that refuses root runs as (sway, phoc and cage refuse to start as root).
///
/// Running as root, the drivers switch to the user named by `$GESTURE_SANDBOX_USER`, else
/// `gesture-sandbox`, with `setpriv` (which keeps the pid, so stopping by pid still works).
/// Running as anyone else, they run the compositor as themselves.
public struct UnprivilegedUser: Equatable, Sendable {
    /// The environment variable naming the user to switch to.
    public static let environmentVariable = "GESTURE_SANDBOX_USER"
    /// The user looked up when the variable is unset.
    public static let defaultName = "gesture-sandbox"

    /// The login name.
    public let name: String
    /// Its user id.
    public let uid: uid_t
    /// Its primary group id.
    public let gid: gid_t

    /// The user to switch to: nil when we are not root (no switch needed); throws a one-line
    /// error saying how to create it when we are root and it does not exist.
    public static func forNestedCompositors(
        _ kind: CompositorKind, environment: [String: String] = ProcessInfo.processInfo.environment,
        isRoot: Bool = geteuid() == 0
    ) throws -> UnprivilegedUser? {
        guard isRoot else { return nil }
        let name = environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultName
        guard let user = lookup(name) else {
            throw DriverError("\(kind.displayName) refuses to run as root and user \(name) does not exist: create it with "
                + "`useradd --system --no-create-home --shell /usr/sbin/nologin \(name)` "
                + "or name another unprivileged user in $\(environmentVariable) (see docs/compositor-drivers.md)")
        }
        guard user.uid != 0 else {
            throw DriverError("\(kind.displayName) refuses to run as root and user \(name) is root: "
                + "name an unprivileged user in $\(environmentVariable)")
        }
        return user
    }

    /// The user called `name`, or nil.
    public static func lookup(_ name: String) -> UnprivilegedUser? {
        guard let entry = getpwnam(name) else { return nil }
        return UnprivilegedUser(name: name, uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
    }

    /// Makes the user own `path` (a file or directory this session created).
    public func give(_ path: String) throws {
        guard chown(path, uid, gid) == 0 else {
            throw DriverError("cannot give \(path) to user \(name): \(String(cString: strerror(errno)))")
        }
    }

    /// `setpriv` arguments that run `executable arguments` as this user (same pid).
    func wrap(_ executable: String, _ arguments: [String]) -> (executable: String, arguments: [String]) {
        ("setpriv", ["--reuid=\(uid)", "--regid=\(gid)", "--init-groups", "--", executable] + arguments)
    }
}

extension UnprivilegedUser {
    /// True when this user may execute `path` (asked as the user, with `setpriv` and `test -x`).
    func canExecute(_ path: String) -> Bool {
        let command = wrap("/usr/bin/test", ["-x", path])
        return InstallationProbe.exitsCleanly(command.executable, command.arguments)
    }
}
