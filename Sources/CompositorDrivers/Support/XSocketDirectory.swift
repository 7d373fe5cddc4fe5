import Foundation

// MARK: - Xwayland's socket directory, left as it was found

/// `/tmp/.X11-unix` and the `/tmp/.X<n>-lock` files around a nested compositor's life.
///
/// A wlroots compositor that starts Xwayland (cage 0.1.4 has no way to turn it off) creates
/// `/tmp/.X11-unix` itself when it is missing: owned by the user it runs as, mode 0755. Every X
/// server of any other user then refuses to start ("not owned by root or us"), long after the
/// matrix is gone. So before such a compositor starts, a missing directory is made the way X
/// servers expect it (sticky and world-writable; root's when we are root); when it stops, the
/// sockets and lock files its user added are removed, and the directory too if it was made here
/// and nothing else has moved in.
struct XSocketDirectory {
    static let path = "/tmp/.X11-unix"
    /// Where X servers keep their display locks (`.X0-lock`, …).
    static let lockFolder = "/tmp"

    /// The user the nested compositor runs as: only what it owns is ever removed.
    let owner: uid_t
    /// The directory did not exist and was made here.
    let created: Bool
    private let socketsBefore: Set<String>
    private let locksBefore: Set<String>

    /// Makes the directory if it is missing and notes what is there already.
    init(owner: uid_t) throws {
        self.owner = owner
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: Self.path, isDirectory: &isDirectory) {
            created = false
        } else {
            // mkdir, then chmod: the umask would take the sticky and write bits off.
            guard mkdir(Self.path, 0o755) == 0, chmod(Self.path, 0o1777) == 0 else {
                throw DriverError("cannot make \(Self.path) for Xwayland: \(String(cString: strerror(errno)))")
            }
            created = true
        }
        socketsBefore = Self.names(in: Self.path)
        locksBefore = Self.locks()
    }

    /// Removes the sockets and locks `owner` added, then the directory if it was made here and is empty.
    func restore() {
        for name in Self.names(in: Self.path).subtracting(socketsBefore) { removeIfOwned("\(Self.path)/\(name)") }
        for name in Self.locks().subtracting(locksBefore) { removeIfOwned("\(Self.lockFolder)/\(name)") }
        if created && Self.names(in: Self.path).isEmpty { rmdir(Self.path) }
    }

    private func removeIfOwned(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_uid == owner else { return }
        unlink(path)
    }

    private static func names(in folder: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    }

    private static func locks() -> Set<String> {
        names(in: lockFolder).filter { $0.hasPrefix(".X") && $0.hasSuffix("-lock") }
    }
}
