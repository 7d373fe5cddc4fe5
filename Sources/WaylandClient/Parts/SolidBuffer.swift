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

    /// The lines between columns (``init(shm:size:colour:columns:)``): black, 2 px wide.
    private static let divider = (colour: UInt32(0xFF_000000), width: 2)

    /// Allocates a `size` buffer from `shm` filled with `colour` (xrgb8888), divided by vertical
    /// lines into `columns` equal columns (the on-screen keyboard's keys; 1: no line).
    init(shm: OpaquePointer, size: PixelSize, colour: UInt32, columns: Int = 1) throws {
        self.size = size
        storage = try ShmStorage(shm: shm, size: size, stride: size.width * 4, format: .xrgb8888)
        let pixels = storage.pixels.bindMemory(to: UInt32.self, capacity: size.width * size.height)
        pixels.update(repeating: colour, count: size.width * size.height)
        guard columns > 1 else { return }
        for column in 1..<columns {
            let x = size.width * column / columns - Self.divider.width / 2
            for row in 0..<size.height {
                for offset in max(x, 0)..<min(x + Self.divider.width, size.width) {
                    pixels[row * size.width + offset] = Self.divider.colour
                }
            }
        }
    }

    /// Attaches the buffer to `surface`, damages all of it and commits.
    func show(on surface: OpaquePointer) {
        wl_surface_attach(surface, storage.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(size.width), Int32(size.height))
        wl_surface_commit(surface)
    }
}
