import CWayland
import CWaylandProtocols
import TouchStream
import WaylandPlumbing

// MARK: - ext_session_lock_surface_v1

/// One output's lock surface, filled with one colour at the size each configure gives.
///
/// Every configure becomes a `lock-configure` record (before it is acknowledged), then a buffer of
/// exactly that size is attached (the protocol makes any other size an error). Its touches are
/// recorded like any surface's, naming its surface.
final class LockSurface: ClientPart {
    private static let colour: UInt32 = 0xFF_37474F

    /// Its wl_surface.
    let surface: Surface
    private let proxy: OpaquePointer
    private let shm: OpaquePointer
    private var buffer: SolidBuffer?
    unowned let sink: InputSink
    var isDestroyed = false

    /// Gives a new surface the lock surface role on `output`; the compositor answers with a configure.
    init(lock: OpaquePointer, output: OpaquePointer, compositor: OpaquePointer, shm: OpaquePointer, sink: InputSink) {
        surface = Surface(compositor: compositor)
        self.shm = shm
        self.sink = sink
        proxy = ext_session_lock_v1_get_lock_surface(lock, surface.proxy, output)
        ext_session_lock_surface_v1_add_listener(proxy, Self.listener, userData(self))
    }

    func destroyRole() { ext_session_lock_surface_v1_destroy(proxy) }
    func destroyContent() { buffer?.storage.destroy() }

    private func configured(serial: UInt32, width: UInt32, height: UInt32) {
        record(SurfaceEvent(.lockConfigure, surface: name, serial: serial,
                            width: Int32(clamping: width), height: Int32(clamping: height)))
        ext_session_lock_surface_v1_ack_configure(proxy, serial)
        // The protocol forbids 0: a compositor that sends it still gets a surface, one pixel large.
        let pixels = PixelSize(width: max(Int(clamping: width), 1), height: max(Int(clamping: height), 1))
        if buffer?.size != pixels {
            buffer?.storage.destroy()
            buffer = try? SolidBuffer(shm: shm, size: pixels, colour: Self.colour)
        }
        buffer?.show(on: surface.proxy)
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls this only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(ext_session_lock_surface_v1_listener(
        configure: { data, _, serial, width, height in
            owner(data, as: LockSurface.self).configured(serial: serial, width: width, height: height)
        }))
}
