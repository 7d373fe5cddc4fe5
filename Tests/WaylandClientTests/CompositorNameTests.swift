import CWaylandProtocols
import Glibc
import Testing
@testable import WaylandClient
import WaylandPlumbing

/// How the client names the compositor in "not supported by …": the process at the other end of
/// its socket, else the globals only one compositor offers.
@Suite struct CompositorNameTests {
    @Test func thePeerProcessIsNamedByItsCommand() throws {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { pair.forEach { close($0) } }
        #expect(gs_socket_peer_pid(pair[0]) == getpid())
        // Our own process is the peer here: its comm is what /proc says of it.
        let comm = String(decoding: try commBytes(), as: UTF8.self).split(separator: "\n").first.map(String.init)
        #expect(comm?.isEmpty == false)
        #expect(CompositorName.of(fileDescriptor: pair[0], globals: []) == comm)
    }

    @Test func withoutAPeerTheGlobalsTell() {
        // A pipe has no peer credentials: the globals decide.
        var pipeEnds: [Int32] = [-1, -1]
        #expect(pipe(&pipeEnds) == 0)
        defer { pipeEnds.forEach { close($0) } }
        #expect(gs_socket_peer_pid(pipeEnds[0]) == -1)
        let weston = [WaylandGlobal(name: 1, interface: "wl_compositor", version: 4),
                      WaylandGlobal(name: 9, interface: "weston_screenshooter", version: 1)]
        #expect(CompositorName.of(fileDescriptor: pipeEnds[0], globals: weston) == "weston")
        #expect(CompositorName.guess(fromGlobals: ["wl_seat", "org_kde_kwin_fake_input"]) == "KWin")
        #expect(CompositorName.guess(fromGlobals: ["gtk_shell1", "wl_seat"]) == "mutter")
        #expect(CompositorName.guess(fromGlobals: ["zwlr_layer_shell_v1"]) == "a wlroots compositor")
        #expect(CompositorName.guess(fromGlobals: ["wl_compositor", "xdg_wm_base"]) == "this compositor")
    }

    private func commBytes() throws -> [UInt8] {
        let file = open("/proc/self/comm", O_RDONLY)
        try #require(file >= 0)
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        return Array(bytes.prefix(max(count, 0)))
    }
}
