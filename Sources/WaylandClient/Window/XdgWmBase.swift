import CWaylandProtocols
import WaylandPlumbing

// MARK: - xdg_wm_base: liveness pings

/// The bound xdg_wm_base; answers pings so the compositor never thinks the client hung.
final class XdgWmBase {
    /// The xdg_wm_base proxy.
    let proxy: OpaquePointer

    /// Takes ownership of a bound xdg_wm_base.
    init(proxy: OpaquePointer) {
        self.proxy = proxy
        xdg_wm_base_add_listener(proxy, XdgWmBase.listener, userData(self))
    }

    /// Destroys the proxy.
    func destroy() { xdg_wm_base_destroy(proxy) }

    // The event loop is single-threaded: libwayland calls this only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(xdg_wm_base_listener(
        ping: { data, _, serial in
            xdg_wm_base_pong(owner(data, as: XdgWmBase.self).proxy, serial)
        }))
}
