import CWayland
import WaylandPlumbing

// MARK: - wl_surface

/// The window's wl_surface and the outputs it is on (for its buffer scale).
final class Surface {
    /// The wl_surface proxy.
    let proxy: OpaquePointer
    /// The wl_output proxies the surface entered, in order.
    private(set) var outputs: [OpaquePointer] = []
    /// Called when the set of outputs changed.
    var onOutputsChanged: () -> Void = {}

    /// The name traces use, "wl_surface@<id>"; kept, so it can still be told after the surface is destroyed.
    let name: String

    /// Creates a surface on `compositor`.
    init(compositor: OpaquePointer) {
        proxy = wl_compositor_create_surface(compositor)
        name = proxyName(proxy) ?? "wl_surface"
        wl_surface_add_listener(proxy, Surface.listener, userData(self))
    }

    /// Destroys the surface.
    func destroy() { wl_surface_destroy(proxy) }

    /// Forgets an output that went away.
    func outputRemoved(_ output: OpaquePointer) {
        outputs.removeAll { $0 == output }
    }

    private func entered(_ output: OpaquePointer?) {
        guard let output, !outputs.contains(output) else { return }
        outputs.append(output)
        onOutputsChanged()
    }

    private func left(_ output: OpaquePointer?) {
        guard let output, outputs.contains(output) else { return }
        outputs.removeAll { $0 == output }
        onOutputsChanged()
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_surface_listener(
        enter: { data, _, output in owner(data, as: Surface.self).entered(output) },
        leave: { data, _, output in owner(data, as: Surface.self).left(output) }))
}
