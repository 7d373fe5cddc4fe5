import CWayland
import Glibc
import TouchStream
import WaylandPlumbing

// MARK: - wl_data_device: drops onto our surfaces, and drags we start

/// The seat's wl_data_device. Every drag over one of our surfaces is recorded (`dnd-enter`,
/// `dnd-motion`, `dnd-drop`, `dnd-leave`; motion, drop and leave name the surface of the latest
/// enter, which the protocol leaves implicit), and accepted when it offers ``DataSource/mimeType``
/// (any surface of ours is a drop target): accept with the enter's serial, copy or move with move
/// preferred, and at the drop receive through a pipe and finish (version 3) when an action was chosen.
final class DataDevice {
    /// The wl_data_device proxy.
    let proxy: OpaquePointer
    private unowned let sink: InputSink
    /// The latest offer (wl_data_device.data_offer comes before the enter it belongs to).
    private var offer: DataOffer?
    /// The surface the drag is over, as traces name it.
    private var entered: String?
    /// Whether we accepted the current offer's mime type.
    private var accepted = false
    /// The read end of the pipe of the last drop (the source writes into it; closed at the next).
    private var received: Int32 = -1

    /// Gets the data device of `seat` from `manager`.
    init(manager: OpaquePointer, seat: OpaquePointer, sink: InputSink) {
        proxy = wl_data_device_manager_get_data_device(manager, seat)
        self.sink = sink
        wl_data_device_add_listener(proxy, DataDevice.listener, userData(self))
    }

    /// Starts a drag of `source` from `origin` with the serial of the touch down that asks for it.
    func startDrag(_ source: DataSource, origin: Surface, serial: UInt32) {
        wl_data_device_start_drag(proxy, source.proxy, origin.proxy, nil, serial)
    }

    /// Releases the device and what it still holds.
    func destroy() {
        dropOffer()
        closeReceived()
        if wl_proxy_get_version(proxy) >= 2 { wl_data_device_release(proxy) } else { wl_data_device_destroy(proxy) }
    }

    private func record(_ event: SurfaceEvent) { sink.deliver(RawRecord(.surface(event))) }

    private func dropOffer() {
        offer?.destroy()
        offer = nil
        accepted = false
    }

    private func closeReceived() {
        if received >= 0 { close(received) }
        received = -1
    }

    private func newOffer(_ proxy: OpaquePointer?) {
        dropOffer()
        if let proxy { offer = DataOffer(proxy: proxy) }
    }

    private func enter(serial: UInt32, surface: OpaquePointer?, x: Int32, y: Int32, offer offered: OpaquePointer?) {
        entered = proxyName(surface)
        record(SurfaceEvent(.dndEnter, surface: entered, serial: serial, x: WLFixed(rawValue: x), y: WLFixed(rawValue: y)))
        guard let offer, offer.proxy == offered else { return }
        accepted = offer.mimeTypes.contains(DataSource.mimeType)
        wl_data_offer_accept(offer.proxy, serial, accepted ? DataSource.mimeType : nil)
        if accepted, wl_proxy_get_version(offer.proxy) >= 3 {
            let copyOrMove = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue
            wl_data_offer_set_actions(offer.proxy, UInt32(copyOrMove), UInt32(WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue))
        }
    }

    private func motion(time: UInt32, x: Int32, y: Int32) {
        record(SurfaceEvent(.dndMotion, surface: entered, time: time, x: WLFixed(rawValue: x), y: WLFixed(rawValue: y)))
    }

    private func leave() {
        record(SurfaceEvent(.dndLeave, surface: entered))
        entered = nil
        dropOffer()
    }

    private func drop() {
        record(SurfaceEvent(.dndDrop, surface: entered))
        guard let offer, accepted else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        closeReceived()
        // The source may be this very process: its write must never wait for us to read.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        wl_data_offer_receive(offer.proxy, DataSource.mimeType, fds[1])
        close(fds[1])
        received = fds[0]
        // finish is an error without a chosen action (wl_data_offer.finish).
        if wl_proxy_get_version(offer.proxy) >= 3, offer.action != 0 { wl_data_offer_finish(offer.proxy) }
    }

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_data_device_listener(
        data_offer: { data, _, offer in owner(data, as: DataDevice.self).newOffer(offer) },
        enter: { data, _, serial, surface, x, y, offer in
            owner(data, as: DataDevice.self).enter(serial: serial, surface: surface, x: x, y: y, offer: offer)
        },
        leave: { data, _ in owner(data, as: DataDevice.self).leave() },
        motion: { data, _, time, x, y in owner(data, as: DataDevice.self).motion(time: time, x: x, y: y) },
        drop: { data, _ in owner(data, as: DataDevice.self).drop() },
        selection: { data, _, offer in
            // A selection offer is not a drag: release it at once.
            let device = owner(data, as: DataDevice.self)
            if let offer, device.offer?.proxy == offer { device.dropOffer() }
        }))
}
