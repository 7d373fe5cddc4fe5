import CWayland
import WaylandPlumbing

// MARK: - wl_data_offer

/// An offer the compositor made us (a drag over one of our surfaces): its mime types and the
/// action the compositor chose, which `DataDevice` needs to accept, receive and finish it.
final class DataOffer {
    /// The wl_data_offer proxy.
    let proxy: OpaquePointer
    /// The mime types offered so far.
    private(set) var mimeTypes: [String] = []
    /// The dnd action the compositor chose (wl_data_offer.action), 0 until one arrives.
    private(set) var action: UInt32 = 0

    /// Takes a new wl_data_offer from wl_data_device.data_offer.
    init(proxy: OpaquePointer) {
        self.proxy = proxy
        wl_data_offer_add_listener(proxy, DataOffer.listener, userData(self))
    }

    /// Destroys the offer.
    func destroy() { wl_data_offer_destroy(proxy) }

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_data_offer_listener(
        offer: { data, _, mime in
            if let mime = swiftString(mime) { owner(data, as: DataOffer.self).mimeTypes.append(mime) }
        },
        source_actions: { _, _, _ in },
        action: { data, _, action in owner(data, as: DataOffer.self).action = action }))
}
