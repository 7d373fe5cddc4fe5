import CWayland
import CWaylandProtocols
import Logging

// MARK: - wp_viewport

/// The window surface's wp_viewport (from wp_viewporter): scales the attached buffer to a
/// destination size in surface-local pixels. Used only under a fractional scale, where the buffer
/// (logical × scale, buffer scale 1) must still cover exactly the logical size.
///
/// wp_viewport has no events. Its state is double-buffered: a destination set here takes effect
/// with the next wl_surface.commit, so it is set in the same pass that attaches the buffer.
final class Viewport {
    /// The wp_viewport proxy.
    let proxy: OpaquePointer
    /// The destination last requested, nil while unset (the protocol's initial state).
    private(set) var destination: LogicalSize?
    /// wp_viewport.set_destination requests sent (set or unset), for tests and diagnostics.
    private(set) var destinationRequests = 0

    /// wp_viewport.set_destination(-1, -1) unsets the destination (protocol text).
    private static let unset: Int32 = -1
    private static let log = Logger(label: "WaylandClient.Viewport")

    /// Gets the viewport of `surface` (a surface has at most one: asking twice is a protocol error).
    init(viewporter: OpaquePointer, surface: OpaquePointer) {
        proxy = wp_viewporter_get_viewport(viewporter, surface)
    }

    /// Requests `size` as the destination (nil: unset) when it differs from the last request.
    /// A zero or negative size would be a protocol error (bad_value) that ends the connection:
    /// it is logged and refused instead, leaving the previous destination.
    func setDestination(_ size: LogicalSize?) {
        guard size != destination else { return }
        if let size {
            guard size.width > 0, size.height > 0 else {
                return Self.log.error("wp_viewport destination \(size) refused: both sides must be positive")
            }
            wp_viewport_set_destination(proxy, Int32(clamping: size.width), Int32(clamping: size.height))
        } else {
            wp_viewport_set_destination(proxy, Self.unset, Self.unset)
        }
        destination = size
        destinationRequests += 1
    }

    /// Destroys the viewport (the surface goes back to unscaled buffers on its next commit).
    func destroy() { wp_viewport_destroy(proxy) }
}
