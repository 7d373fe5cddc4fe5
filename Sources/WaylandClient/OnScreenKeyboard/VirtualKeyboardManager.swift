import CWayland
import CWaylandProtocols

// MARK: - zwp_virtual_keyboard_manager_v1

/// The bound zwp_virtual_keyboard_manager_v1 global, which makes keyboards whose keys a client
/// presses (it has no events, so no listener and no destroy request: its proxy is only forgotten).
final class VirtualKeyboardManager {
    /// The proxy.
    let proxy: OpaquePointer

    /// Wraps a bound proxy.
    init(proxy: OpaquePointer) { self.proxy = proxy }

    /// zwp_virtual_keyboard_manager_v1.create_virtual_keyboard on `seat`.
    func virtualKeyboard(for seat: OpaquePointer) -> OpaquePointer {
        zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(proxy, seat)
    }

    /// Forgets the proxy (the interface has no destroy request).
    func destroy() { wl_proxy_destroy(proxy) }
}
