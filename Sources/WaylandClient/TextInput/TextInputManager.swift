import CWayland
import CWaylandProtocols

// MARK: - zwp_text_input_manager_v3

/// The bound zwp_text_input_manager_v3 global, which hands out one text input per seat (it has no
/// events, so no listener).
final class TextInputManager {
    /// The proxy.
    let proxy: OpaquePointer

    /// Wraps a bound proxy.
    init(proxy: OpaquePointer) { self.proxy = proxy }

    /// zwp_text_input_manager_v3.get_text_input for `seat`.
    func textInput(for seat: OpaquePointer) -> OpaquePointer {
        zwp_text_input_manager_v3_get_text_input(proxy, seat)
    }

    /// Releases the global.
    func destroy() { zwp_text_input_manager_v3_destroy(proxy) }
}
