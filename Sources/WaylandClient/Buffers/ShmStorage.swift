import CWayland
import CWaylandProtocols
import Glibc
import WaylandPlumbing

// MARK: - wl_shm / wl_buffer storage on a memfd

/// One buffer's memory: a sealed memfd mapped shared, and the wl_buffer made from it.
final class ShmStorage: BufferStorage {
    let pixels: UnsafeMutableRawPointer
    /// The wl_buffer to attach.
    let buffer: OpaquePointer
    var onRelease: (() -> Void)?
    private let byteCount: Int
    private var destroyed = false

    /// Allocates `stride × height` bytes and a wl_buffer over them from `shm`.
    init(shm: OpaquePointer, size: PixelSize, stride: Int, format: ShmFormat) throws {
        byteCount = stride * size.height
        let fd = gs_create_shm_file("gesture-sandbox-buffer", Int64(byteCount))
        guard fd >= 0 else { throw WaylandError.systemCall(name: "memfd_create", errno: errno) }
        defer { close(fd) }
        // Populated: the buffer's first frame writes all of it anyway, and mapping its pages in
        // one call saves a page fault for each (900 for a 1280×720 buffer) during that frame.
        guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0), mapped != MAP_FAILED else {
            throw WaylandError.systemCall(name: "mmap(shm buffer)", errno: errno)
        }
        // The wl_buffer keeps the pool's memory alive; the pool object itself is not needed again.
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(size.width), Int32(size.height), Int32(stride),
                                           format.rawValue)
        wl_shm_pool_destroy(pool)
        pixels = mapped
        wl_buffer_add_listener(buffer, ShmStorage.listener, userData(self))
    }

    deinit { destroy() }

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        wl_buffer_destroy(buffer)
        munmap(pixels, byteCount)
    }

    // MARK: - Listener

    // The event loop is single-threaded: libwayland calls this only from dispatch on its thread.
    nonisolated(unsafe) private static let listener = makeListener(wl_buffer_listener(
        release: { data, _ in owner(data, as: ShmStorage.self).onRelease?() }))
}
