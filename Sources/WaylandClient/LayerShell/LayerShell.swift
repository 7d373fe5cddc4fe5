import CWayland
import CWaylandProtocols

// MARK: - zwlr_layer_shell_v1

/// The bound zwlr_layer_shell_v1 global, which gives wl_surfaces the layer surface role.
///
/// It has no events, so no listener. Its destroy request exists from version 3 on: an older
/// global's proxy is only forgotten (sending a request it does not have is a protocol error).
final class LayerShell {
    /// The proxy.
    let proxy: OpaquePointer
    /// The version bound: min(offered, ``SupportedVersion/layerShell``).
    let version: UInt32

    /// Wraps a bound proxy.
    init(proxy: OpaquePointer, version: UInt32) {
        self.proxy = proxy
        self.version = version
    }

    /// zwlr_layer_shell_v1.get_layer_surface on `output`, or on the compositor's choice when nil.
    func layerSurface(for surface: OpaquePointer, layer: LayerSurfaceOptions.Layer, output: OpaquePointer?) -> OpaquePointer {
        zwlr_layer_shell_v1_get_layer_surface(proxy, surface, output, layer.protocolValue, LayerSurfaceOptions.namespace)
    }

    /// Releases the global.
    func destroy() {
        if version >= UInt32(ZWLR_LAYER_SHELL_V1_DESTROY_SINCE_VERSION) {
            zwlr_layer_shell_v1_destroy(proxy)
        } else {
            wl_proxy_destroy(proxy)
        }
    }
}
