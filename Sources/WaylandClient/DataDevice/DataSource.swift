import CWayland
import Glibc
import TouchStream
import WaylandPlumbing

// MARK: - wl_data_source: the drag we start

/// The data of a drag our client starts with a touch: one mime type, copy or move. Every event
/// the compositor sends it is recorded (`dnd-target`, `dnd-action`, `dnd-drop-performed`,
/// `dnd-cancelled`, `dnd-finished`), named by the surface the drag started from.
final class DataSource {
    /// The one mime type offered.
    static let mimeType = "text/plain;charset=utf-8"
    /// What a drop receives.
    static let payload = Array("gesture-sandbox".utf8)

    /// The wl_data_source proxy.
    let proxy: OpaquePointer
    private let origin: String
    private unowned let sink: InputSink
    /// Called once the source is done (cancelled or finished) and destroyed.
    var onEnded: () -> Void = {}
    private var ended = false

    /// Creates a source on `manager` offering ``mimeType`` with copy and move.
    init(manager: OpaquePointer, origin: String, sink: InputSink) {
        proxy = wl_data_device_manager_create_data_source(manager)
        self.origin = origin
        self.sink = sink
        wl_data_source_add_listener(proxy, DataSource.listener, userData(self))
        wl_data_source_offer(proxy, Self.mimeType)
        if wl_proxy_get_version(proxy) >= 3 {
            wl_data_source_set_actions(proxy, UInt32(WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
                                                        | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue))
        }
    }

    private func record(_ kind: SurfaceEventKind, mime: String? = nil, action: UInt32? = nil) {
        sink.deliver(RawRecord(.surface(SurfaceEvent(kind, surface: origin, mime: mime, action: action))))
    }

    /// Writes the payload into `fd` (a pipe the target reads) and closes it.
    private func send(fd: Int32) {
        _ = Self.payload.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    private func end(_ kind: SurfaceEventKind) {
        record(kind)
        guard !ended else { return }
        ended = true
        wl_data_source_destroy(proxy)
        onEnded()
    }

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_data_source_listener(
        target: { data, _, mime in owner(data, as: DataSource.self).record(.dndTarget, mime: swiftString(mime)) },
        send: { data, _, _, fd in owner(data, as: DataSource.self).send(fd: fd) },
        cancelled: { data, _ in owner(data, as: DataSource.self).end(.dndCancelled) },
        dnd_drop_performed: { data, _ in owner(data, as: DataSource.self).record(.dndDropPerformed) },
        dnd_finished: { data, _ in owner(data, as: DataSource.self).end(.dndFinished) },
        action: { data, _, action in owner(data, as: DataSource.self).record(.dndAction, action: action) }))
}
