import CWayland
import TouchStream
import WaylandPlumbing

// MARK: - wl_subsurface with an input region of its own

/// A desynchronized subsurface of the main window whose input region is only its left half:
/// a touch on the left half goes to it (surface-local coordinates), one on the right half to the
/// window beneath (mir#347, catacomb#43: subsurfaces and input regions ignored for touch).
final class Subsurface: ClientPart {
    /// Where it sits in the parent surface and how large it is, logical px.
    static let frame = (x: 400, y: 40, width: 240, height: 160)
    /// The part that takes input: the left half, in its own coordinates.
    static let inputWidth = frame.width / 2
    private static let colour: UInt32 = 0xFF_2E7D32

    /// Its wl_surface.
    let surface: Surface
    private let subsurface: OpaquePointer
    private let buffer: SolidBuffer
    unowned let sink: InputSink
    var isDestroyed = false

    /// Creates the subsurface of `parent`, places it, sets its input region and shows it.
    init(compositor: OpaquePointer, subcompositor: OpaquePointer, shm: OpaquePointer, parent: Surface,
         sink: InputSink) throws {
        surface = Surface(compositor: compositor)
        self.sink = sink
        subsurface = wl_subcompositor_get_subsurface(subcompositor, surface.proxy, parent.proxy)
        buffer = try SolidBuffer(shm: shm, size: PixelSize(width: Self.frame.width, height: Self.frame.height),
                                 colour: Self.colour)
        wl_subsurface_set_position(subsurface, Int32(Self.frame.x), Int32(Self.frame.y))
        wl_subsurface_set_desync(subsurface)
        let region = wl_compositor_create_region(compositor)
        wl_region_add(region, 0, 0, Int32(Self.inputWidth), Int32(Self.frame.height))
        wl_surface_set_input_region(surface.proxy, region)
        wl_region_destroy(region)
        buffer.show(on: surface.proxy)
        // The position is the parent's state: it applies with the parent's next commit.
        wl_surface_commit(parent.proxy)
    }

    func destroyRole() { wl_subsurface_destroy(subsurface) }
    func destroyContent() { buffer.storage.destroy() }
}
