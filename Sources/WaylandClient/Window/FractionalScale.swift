import CWayland
import CWaylandProtocols
import WaylandPlumbing

// MARK: - wp_fractional_scale_v1

/// The window surface's wp_fractional_scale_v1: the compositor's preferred scale for it.
///
/// Bound only together with wp_viewporter: a fractional buffer needs a viewport destination to
/// map back onto the logical size. Input is unaffected: wl_touch and wl_pointer coordinates stay
/// surface-local logical pixels whatever the scale, so records, traces and TouchKit never see it.
final class FractionalScale {
    /// The wp_fractional_scale_v1 proxy.
    let proxy: OpaquePointer
    /// Where its events go.
    let events = FractionalScaleEvents()

    /// Gets the fractional-scale object of `surface` (at most one per surface: a protocol error otherwise).
    init(manager: OpaquePointer, surface: OpaquePointer) {
        proxy = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
        wp_fractional_scale_v1_add_listener(proxy, FractionalScaleEvents.listener, userData(events))
    }

    /// Destroys the object; the compositor stops sending preferred scales.
    func destroy() { wp_fractional_scale_v1_destroy(proxy) }
}

// MARK: - Events

/// Receives wp_fractional_scale_v1.preferred_scale: keeps the numerator (over 120) and reports changes.
final class FractionalScaleEvents {
    /// The last preferred scale's numerator over `SurfaceScale.fractionalDenominator`; nil until one arrives.
    private(set) var preferredNumerator: UInt32?
    /// Called with the new numerator when it differs from the previous one.
    var onChange: (UInt32) -> Void = { _ in }

    private func preferred(_ numerator: UInt32) {
        guard numerator != preferredNumerator else { return }
        preferredNumerator = numerator
        onChange(numerator)
    }

    // The event loop is single-threaded: libwayland calls this only from dispatch on its thread.
    nonisolated(unsafe) static let listener = makeListener(wp_fractional_scale_v1_listener(
        preferred_scale: { data, _, scale in owner(data, as: FractionalScaleEvents.self).preferred(scale) }))
}
