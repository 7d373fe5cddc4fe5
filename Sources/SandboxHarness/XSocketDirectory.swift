import Foundation

// MARK: - Xwayland's socket directory, left as it was found

/// `/tmp/.X11-unix` and the `/tmp/.X<n>-lock` files around the life of a compositor that starts
/// Xwayland (a nested wlroots compositor, or the harness weston with `--xwayland`).
///
/// A wlroots compositor that starts Xwayland (cage 0.1.4 has no way to turn it off) creates
/// `/tmp/.X11-unix` itself when it is missing: owned by the user it runs as, mode 0755. Every X
/// server of any other user then refuses to start ("not owned by root or us"), long after the
/// matrix is gone; weston 10's xwayland.so, finding it missing, fails to bind its socket and crashes.
/// So before such a compositor starts, a missing directory is made the way X
/// servers expect it (sticky and world-writable; root's when we are root); when it stops, the
/// sockets and lock files its user added are removed, and the directory too if it was made here
/// and nothing else has moved in.
public struct XSocketDirectory {
    static let path = "/tmp/.X11-unix"
    /// Where X servers keep their display locks (`.X0-lock`, …).
    static let lockFolder = "/tmp"

    /// The user the nested compositor runs as: only what it owns is ever removed.
    let owner: uid_t

    /// Sessions of this process side by side (parallel tests, `matrix --parallel`) share one
    /// snapshot: the first makes the directory and notes what was there, the last to stop cleans
    /// up. Each cleaning up on its own removed the others' live sockets, then the directory under
    /// them, and the next Xwayland made it again as the unprivileged user.
    private static let shared = Shared()

    /// Makes the directory if it is missing and notes what is there already (once for all the
    /// sessions running at the same time).
    public init(owner: uid_t) throws {
        self.owner = owner
        try Self.shared.enter(owner: owner)
    }

    /// Once the last session running stops: removes the sockets and locks its users added, then
    /// the directory if it was made here and is empty.
    public func restore() {
        Self.shared.leave(owner: owner)
    }

    /// The snapshot the sessions running now share, and how many there are.
    private final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        /// The users of the sessions running now (one entry per session).
        private var owners: [uid_t] = []
        /// Every user a session ran as since the snapshot: what any of them added is removed.
        private var users: Set<uid_t> = []
        private var created = false
        private var socketsBefore: Set<String> = []
        private var locksBefore: Set<String> = []

        func enter(owner: uid_t) throws {
            lock.lock()
            defer { lock.unlock() }
            if owners.isEmpty {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: XSocketDirectory.path, isDirectory: &isDirectory) {
                    created = false
                } else {
                    // mkdir, then chmod: the umask would take the sticky and write bits off.
                    guard mkdir(XSocketDirectory.path, 0o755) == 0, chmod(XSocketDirectory.path, 0o1777) == 0 else {
                        throw HarnessError("cannot make \(XSocketDirectory.path) for Xwayland: \(String(cString: strerror(errno)))")
                    }
                    created = true
                }
                socketsBefore = XSocketDirectory.names(in: XSocketDirectory.path)
                locksBefore = XSocketDirectory.locks()
            }
            owners.append(owner)
            users.insert(owner)
        }

        func leave(owner: uid_t) {
            lock.lock()
            defer { lock.unlock() }
            guard let index = owners.firstIndex(of: owner) else { return }
            owners.remove(at: index)
            guard owners.isEmpty else { return }
            defer { users = [] }
            for name in XSocketDirectory.names(in: XSocketDirectory.path).subtracting(socketsBefore) {
                XSocketDirectory.removeIfOwned("\(XSocketDirectory.path)/\(name)", by: users)
            }
            for name in XSocketDirectory.locks().subtracting(locksBefore) {
                XSocketDirectory.removeIfOwned("\(XSocketDirectory.lockFolder)/\(name)", by: users)
            }
            if created && XSocketDirectory.names(in: XSocketDirectory.path).isEmpty { rmdir(XSocketDirectory.path) }
        }
    }

    private static func removeIfOwned(_ path: String, by owners: Set<uid_t>) {
        var status = stat()
        guard lstat(path, &status) == 0, owners.contains(status.st_uid) else { return }
        unlink(path)
    }

    private static func names(in folder: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    }

    private static func locks() -> Set<String> {
        names(in: lockFolder).filter { $0.hasPrefix(".X") && $0.hasSuffix("-lock") }
    }
}
