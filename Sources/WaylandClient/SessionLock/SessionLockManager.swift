import CWayland
import CWaylandProtocols

// MARK: - ext_session_lock_manager_v1

/// The bound ext_session_lock_manager_v1 global, which locks the session for one client at a time.
///
/// It has no events, so no listener.
final class SessionLockManager {
    /// The proxy.
    let proxy: OpaquePointer

    /// Wraps a bound proxy.
    init(proxy: OpaquePointer) { self.proxy = proxy }

    /// ext_session_lock_manager_v1.lock: asks to lock the session; `locked` or `finished` answers.
    func lock() -> OpaquePointer { ext_session_lock_manager_v1_lock(proxy) }

    /// Releases the global (a lock made from it stays valid).
    func destroy() { ext_session_lock_manager_v1_destroy(proxy) }
}
