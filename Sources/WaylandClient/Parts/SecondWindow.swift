import CWayland
import TouchStream
import WaylandPlumbing

// MARK: - A second toplevel in the same client

/// A plain second toplevel (no decorations) filled with one colour, a child of the main window:
/// a second surface of the same client to touch, to focus, to drop on and to destroy.
///
/// Being a child matters under kiosk shells (weston's kiosk-shell shows a child at its own size,
/// centred over its parent, instead of fullscreen over it); desktop shells place it as a dialog.
final class SecondWindow: ClientPart {
    private static let colour: UInt32 = 0xFF_1565C0

    /// Its wl_surface.
    let surface: Surface
    private let window: XdgWindow
    private let shm: OpaquePointer
    private let preferredSize: LogicalSize
    private var buffer: SolidBuffer?
    unowned let sink: InputSink
    var isDestroyed = false

    /// Maps a `size` toplevel titled `title`, child of `parent` when given.
    init(compositor: OpaquePointer, wmBase: OpaquePointer, shm: OpaquePointer, size: LogicalSize, title: String,
         appID: String, parent: OpaquePointer?, sink: InputSink) {
        surface = Surface(compositor: compositor)
        self.shm = shm
        self.sink = sink
        preferredSize = size
        window = XdgWindow(surface: surface, wmBase: wmBase, decorationManager: nil, title: title, appID: appID)
        if let parent {
            window.setParent(parent)
            wl_surface_commit(surface.proxy)
        }
        window.onConfigure = { [unowned self] suggested in configured(suggested) }
        window.onActivated = { [unowned self] active in
            record(SurfaceEvent(.activated, surface: name, active: active))
        }
    }

    /// Draws at the configured size (or its own) and commits.
    private func configured(_ suggested: LogicalSize?) -> LogicalSize {
        let size = suggested ?? preferredSize
        let pixels = PixelSize(width: size.width, height: size.height)
        if buffer?.size != pixels {
            buffer?.storage.destroy()
            buffer = try? SolidBuffer(shm: shm, size: pixels, colour: Self.colour)
        }
        buffer?.show(on: surface.proxy)
        return size
    }

    func destroyRole() { window.destroy() }
    func destroyContent() { buffer?.storage.destroy() }
}
