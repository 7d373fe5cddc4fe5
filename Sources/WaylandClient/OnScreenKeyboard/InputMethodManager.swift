import CWayland
import CWaylandProtocols

// MARK: - zwp_input_method_manager_v2

/// The bound zwp_input_method_manager_v2 global, which makes a client the input method of a seat
/// (it has no events, so no listener).
final class InputMethodManager {
    /// The proxy.
    let proxy: OpaquePointer

    /// Wraps a bound proxy.
    init(proxy: OpaquePointer) { self.proxy = proxy }

    /// zwp_input_method_manager_v2.get_input_method for `seat`.
    func inputMethod(for seat: OpaquePointer) -> OpaquePointer {
        zwp_input_method_manager_v2_get_input_method(proxy, seat)
    }

    /// Releases the global (its input methods stay).
    func destroy() { zwp_input_method_manager_v2_destroy(proxy) }
}
