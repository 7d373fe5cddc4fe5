import Glibc
import Synchronization

// MARK: - Where a compositor we start keeps its socket

/// Private XDG_RUNTIME_DIRs for the compositors we start (their sockets, logs and screenshots).
public enum RuntimeDirectory {
    /// Where new runtime directories go, with a trailing slash: $TMPDIR, else /tmp (as Foundation's
    /// NSTemporaryDirectory on Linux).
    public static var temporaryDirectory: String {
        guard let tmp = environmentValue("TMPDIR"), !tmp.isEmpty else { return "/tmp/" }
        return tmp.hasSuffix("/") ? tmp : tmp + "/"
    }

    /// The longest path a Unix socket can be bound at: sun_path's 108 bytes less the NUL.
    public static let socketPathLimit = 107
    /// Bytes a runtime directory keeps for the names of the sockets and lock files in it (ours are
    /// `gesture-harness-<pid>-<n>.lock`; PipeWire's `pipewire-0-manager.lock`, D-Bus's `bus`).
    public static let socketNameRoom = 48

    /// The folder (with a trailing slash) a runtime directory named `<prefix>-XXXXXX` goes in:
    /// `temporary` ($TMPDIR), unless a socket in it could pass ``socketPathLimit`` (a deep
    /// TMPDIR: a compositor that cannot bind its socket does not start at all), or unless it must
    /// be `reachableByOthers` (given to an unprivileged user) and a folder above it is closed to
    /// others (a TMPDIR in a private home or a `mktemp -d`); then /tmp/.
    public static func folder(in temporary: String, prefix: String, reachableByOthers: Bool = false) -> String {
        let directory = temporary.utf8.count + prefix.utf8.count + "-XXXXXX/".utf8.count
        guard directory + socketNameRoom <= socketPathLimit else { return "/tmp/" }
        return !reachableByOthers || isReachableByOthers(temporary) ? temporary : "/tmp/"
    }

    /// Whether a user other than the owners can reach what is in `path`: every folder from / down
    /// to it lets others pass (the x bit for others).
    public static func isReachableByOthers(_ path: String) -> Bool {
        var folders = ["/"], current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            folders.append(current)
        }
        return folders.allSatisfy { folder in
            var info = stat()
            return stat(folder, &info) == 0 && info.st_mode & S_IXOTH != 0
        }
    }

    /// Creates a new directory `<tmp>/<prefix>-XXXXXX` with mode 0700, as XDG_RUNTIME_DIR requires
    /// (mkdtemp's mode), in $TMPDIR or, when that is too deep for its sockets or closed to the
    /// others it is for, in /tmp (see ``folder(in:prefix:reachableByOthers:)``); the caller removes it.
    public static func make(prefix: String, reachableByOthers: Bool = false) throws(RuntimeDirectoryError) -> String {
        let base = folder(in: temporaryDirectory, prefix: prefix, reachableByOthers: reachableByOthers)
        var template = Array("\(base)\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            let reason = errnoText(errno)
            throw RuntimeDirectoryError(description: "cannot create a runtime directory in \(base): \(reason)")
        }
        return String(cString: made)
    }
}

/// A runtime directory that could not be created, in one line.
public struct RuntimeDirectoryError: Error, Hashable, CustomStringConvertible {
    /// What failed, where, and why.
    public let description: String
}

/// Wayland socket names for the compositors this process starts.
public enum SocketName {
    /// Numbers the names; shared by every kind of compositor, so no two names of one process meet.
    private static let counter = Atomic<Int>(0)

    /// "<prefix>-<pid>-<n>", n counting up from 1: unique among this process's compositors, and
    /// the pid keeps parallel test processes apart.
    public static func next(prefix: String) -> String {
        let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return "\(prefix)-\(getpid())-\(number)"
    }
}
