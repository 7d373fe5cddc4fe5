// MARK: - What the app needs of its toplevel, decorated either way

/// How the window gets its title bar and borders.
public enum DecorationKind: String, Sendable {
    /// The compositor draws them (xdg-decoration, server-side mode: KWin, sway).
    case serverSide = "server-side"
    /// libdecor draws them in subsurfaces around ours (no xdg-decoration: mutter, GNOME Shell, phoc, weston).
    case libdecor = "client-side (libdecor)"
    /// Nobody: no xdg-decoration and libdecor could not start, or the compositor chose client-side.
    case none
}

/// A toplevel over the window's `Surface`: ours (`XdgWindow`, xdg-shell directly) or libdecor's
/// (`LibdecorWindow`). Both call back with a configure's suggested size and a close request.
protocol ToplevelWindow: AnyObject {
    /// The window's wl_surface (the content; decorations live in other surfaces).
    var surface: Surface { get }
    /// The xdg_surface role object (libdecor's under libdecor, which creates it once its own
    /// registry roundtrip is done: nil until then).
    var xdgSurface: OpaquePointer? { get }
    /// Called after a configure with the suggested content size (nil: the client chooses);
    /// returns the size the client settled on, which a libdecor frame must commit.
    var onConfigure: (LogicalSize?) -> LogicalSize { get set }
    /// Called when the compositor (or the decoration's close button) asks the window to close.
    var onClose: () -> Void { get set }
    /// Called with a configure's `activated` state, at the first configure and whenever it changes.
    var onActivated: (Bool) -> Void { get set }
    /// Called after every acknowledged configure with its suggested size (0: the client's choice)
    /// and its xdg_toplevel.state values as bits (``ToplevelStateNames``).
    var onToplevelConfigure: (_ width: Int32, _ height: Int32, _ states: UInt32) -> Void { get set }
    /// Who draws the decorations.
    var decorations: DecorationKind { get }
    /// The largest size the compositor suggests for the window (xdg_toplevel.configure_bounds, v4),
    /// nil when it sent none.
    var bounds: LogicalSize? { get }
    /// Asks for fullscreen on the compositor's choice of output, or back to a normal window.
    func setFullscreen(_ fullscreen: Bool)
    /// Asks for the maximized state, or back to a normal window.
    func setMaximized(_ maximized: Bool)
    /// Destroys the role objects (the surface stays).
    func destroy()
    /// A finger went down on a decoration surface (with the seat and serial of that down).
    func touchDownOnDecoration(seat: OpaquePointer, serial: UInt32)
    /// The xdg_toplevel (libdecor's under libdecor: nil until it made one), a parent for other windows.
    var xdgToplevel: OpaquePointer? { get }
    /// xdg_toplevel.move with the seat and serial of the touch down that asks for it.
    func move(seat: OpaquePointer, serial: UInt32)
    /// xdg_toplevel.resize from the bottom-right corner, with the touch down's seat and serial.
    func resize(seat: OpaquePointer, serial: UInt32)
    /// A point of the content surface in the window geometry (where popups are positioned).
    func geometryPoint(x: Int32, y: Int32) -> (x: Int32, y: Int32)
}

extension ToplevelWindow {
    /// Server-side decorations are the compositor's business: nothing to do.
    func touchDownOnDecoration(seat: OpaquePointer, serial: UInt32) {}

    /// Without decorations of our own the content is the window geometry.
    func geometryPoint(x: Int32, y: Int32) -> (x: Int32, y: Int32) { (x, y) }
}

// MARK: - The activated state

/// Reports the `activated` state of configures only when it changes (and the first time).
struct ActivationTracker {
    private var last: Bool?

    /// Whether `active` should be reported, remembering it.
    mutating func changed(to active: Bool) -> Bool {
        defer { last = active }
        return last != active
    }
}

// MARK: - The size a client chooses

/// The size the client picks when a configure leaves it free (0×0).
enum WindowSizing {
    /// `preferred`, shrunk to fit inside `bounds` when the compositor sent some: KWin's bounds
    /// are the output minus its title bar, so a window that fits them is wholly on-screen.
    static func chosenSize(preferred: LogicalSize, bounds: LogicalSize?) -> LogicalSize {
        guard let bounds, bounds.width > 0, bounds.height > 0 else { return preferred }
        return LogicalSize(width: min(preferred.width, bounds.width), height: min(preferred.height, bounds.height))
    }
}
