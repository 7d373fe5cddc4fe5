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

    /// Creates a new directory `<tmp>/<prefix>-XXXXXX` with mode 0700, as XDG_RUNTIME_DIR requires
    /// (mkdtemp's mode); the caller removes it.
    public static func make(prefix: String) throws(RuntimeDirectoryError) -> String {
        let base = temporaryDirectory
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
