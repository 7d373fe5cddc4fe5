import CWaylandProtocols
import Glibc
import WaylandPlumbing

// MARK: - Which compositor this is, as far as the client can tell

/// The name an error gives the compositor ("not supported by weston: …").
///
/// Wayland has no request that names the compositor. The surest thing a client has is the process
/// at the other end of its socket (SO_PEERCRED, then its /proc comm); a compositor in a pid
/// namespace the client cannot see (a sandboxed client) is guessed from the globals only it offers.
enum CompositorName {
    /// Said when neither the peer nor the globals tell.
    static let unknown = "this compositor"

    /// Global-name prefixes only one compositor (family) offers, in the order they are tried.
    static let telltaleGlobals: [(prefix: String, name: String)] = [
        ("weston_", "weston"),
        ("org_kde_kwin_", "KWin"),
        ("gtk_shell1", "mutter"),
        ("zwlr_", "a wlroots compositor"),
    ]

    /// The compositor at the other end of `fileDescriptor`, else the guess from `globals`.
    static func of(fileDescriptor: Int32, globals: [WaylandGlobal]) -> String {
        peerProcessName(fileDescriptor) ?? guess(fromGlobals: globals.map(\.interface))
    }

    /// The first telltale interface's compositor, else ``unknown``.
    static func guess(fromGlobals interfaces: [String]) -> String {
        for telltale in telltaleGlobals where interfaces.contains(where: { $0.hasPrefix(telltale.prefix) }) {
            return telltale.name
        }
        return unknown
    }

    /// The command name (/proc/PID/comm) of the socket's peer, nil when it cannot be read.
    private static func peerProcessName(_ fileDescriptor: Int32) -> String? {
        let pid = gs_socket_peer_pid(fileDescriptor)
        guard pid > 0 else { return nil }
        let file = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        // comm is at most 15 bytes and a newline.
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let name = String(decoding: bytes[..<count], as: UTF8.self).split(separator: "\n").first.map(String.init)
        return name?.isEmpty == false ? name : nil
    }
}
