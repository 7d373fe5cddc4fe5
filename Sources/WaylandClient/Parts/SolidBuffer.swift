import CWayland
import WaylandPlumbing

// MARK: - One-colour content for the extra surfaces

/// A wl_shm buffer filled with one colour: the content of the second window, the subsurface and
/// the popup, which only need to be there to be touched (the scene draws in the main window).
final class SolidBuffer {
    /// The buffer's storage (the wl_buffer and its memory).
    let storage: ShmStorage
    /// Its size in buffer pixels.
    let size: PixelSize

    /// Allocates a `size` buffer from `shm` filled with `colour` (xrgb8888).
    init(shm: OpaquePointer, size: PixelSize, colour: UInt32) throws {
        self.size = size
        storage = try ShmStorage(shm: shm, size: size, stride: size.width * 4, format: .xrgb8888)
        let pixels = storage.pixels.bindMemory(to: UInt32.self, capacity: size.width * size.height)
        pixels.update(repeating: colour, count: size.width * size.height)
    }

    /// Attaches the buffer to `surface`, damages all of it and commits.
    func show(on surface: OpaquePointer) {
        wl_surface_attach(surface, storage.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(size.width), Int32(size.height))
        wl_surface_commit(surface)
    }
}
