import CWayland
import CWaylandProtocols
import TouchStream
import WaylandPlumbing

// MARK: - xdg_popup, grabbed with a touch-down serial

/// Whose popup it is: an xdg_surface's (the window's), or a layer surface's, which takes the
/// popup through zwlr_layer_surface_v1.get_popup instead of a parent in xdg_surface.get_popup.
enum PopupParent {
    case xdgSurface(OpaquePointer)
    case layerSurface(OpaquePointer)
}

/// Where a popup goes, relative to its parent (the xdg_positioner's rules).
struct PopupPlacement {
    /// The rectangle it is placed against, in the parent's window geometry.
    var anchorRect: (x: Int32, y: Int32, width: Int32, height: Int32)
    var anchor: xdg_positioner_anchor
    var gravity: xdg_positioner_gravity
    /// xdg_positioner.constraint_adjustment bits (0: the compositor may not move it).
    var adjustment: UInt32 = 0

    /// Below-right of `rect`, where the compositor leaves it (the window's button).
    static func belowRight(of rect: (x: Int32, y: Int32, width: Int32, height: Int32)) -> PopupPlacement {
        PopupPlacement(anchorRect: rect, anchor: XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
    }
}

/// A popup menu opened by a touch: an xdg_surface with the xdg_popup role under the main window
/// (below-right of the button that was touched) or under the layer surface, with an explicit grab
/// on the touch down's serial (weston grants popup grabs only for a serial of an active touch or
/// button).
///
/// Per the protocol, a touch outside the popup dismisses it: the compositor sends `popup_done`,
/// and the popup is then destroyed here. Its configure and popup_done become `popup-configure` and
/// `popup-done` records naming the popup's surface.
final class Popup: ClientPart {
    /// Its size, logical px.
    static let size = PixelSize(width: 200, height: 120)
    private static let colour: UInt32 = 0xFF_EF6C00

    /// Its wl_surface.
    let surface: Surface
    private let xdgSurface: OpaquePointer
    private let popup: OpaquePointer
    private let buffer: SolidBuffer
    unowned let sink: InputSink
    var isDestroyed = false
    /// The xdg_popup.configure waiting for its xdg_surface.configure.
    private var pending: (x: Int32, y: Int32, width: Int32, height: Int32)?

    /// Opens the popup on `parent` where `placement` says and grabs `seat` with the down's `serial`.
    init(compositor: OpaquePointer, wmBase: OpaquePointer, shm: OpaquePointer, parent: PopupParent,
         placement: PopupPlacement, seat: OpaquePointer, serial: UInt32, sink: InputSink) throws {
        surface = Surface(compositor: compositor)
        self.sink = sink
        buffer = try SolidBuffer(shm: shm, size: Self.size, colour: Self.colour)
        let positioner = xdg_wm_base_create_positioner(wmBase)
        xdg_positioner_set_size(positioner, Int32(Self.size.width), Int32(Self.size.height))
        let rect = placement.anchorRect
        xdg_positioner_set_anchor_rect(positioner, rect.x, rect.y, rect.width, rect.height)
        xdg_positioner_set_anchor(positioner, placement.anchor.rawValue)
        xdg_positioner_set_gravity(positioner, placement.gravity.rawValue)
        if placement.adjustment != 0 { xdg_positioner_set_constraint_adjustment(positioner, placement.adjustment) }
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface.proxy)
        switch parent {
        case .xdgSurface(let parent):
            popup = xdg_surface_get_popup(xdgSurface, parent, positioner)
        case .layerSurface(let layer):
            popup = xdg_surface_get_popup(xdgSurface, nil, positioner)
            // Before the popup's first commit, as get_popup requires.
            zwlr_layer_surface_v1_get_popup(layer, popup)
        }
        xdg_positioner_destroy(positioner)
        xdg_surface_add_listener(xdgSurface, Popup.surfaceListener, userData(self))
        xdg_popup_add_listener(popup, Popup.popupListener, userData(self))
        // The grab must come before the initial commit (xdg_popup.grab).
        xdg_popup_grab(popup, seat, serial)
        wl_surface_commit(surface.proxy)
    }

    func destroyRole() {
        xdg_popup_destroy(popup)
        xdg_surface_destroy(xdgSurface)
    }

    func destroyContent() { buffer.storage.destroy() }

    private func configured(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        if let pending {
            record(SurfaceEvent(.popupConfigure, surface: name, x: WLFixed(Double(pending.x)),
                                y: WLFixed(Double(pending.y)), width: pending.width, height: pending.height))
            self.pending = nil
        }
        buffer.show(on: surface.proxy)
    }

    private func done() {
        record(SurfaceEvent(.popupDone, surface: name))
        destroy()
    }

    // MARK: - Listeners

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let surfaceListener = makeListener(xdg_surface_listener(
        configure: { data, _, serial in owner(data, as: Popup.self).configured(serial: serial) }))

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let popupListener = makeListener(xdg_popup_listener(
        configure: { data, _, x, y, width, height in owner(data, as: Popup.self).pending = (x, y, width, height) },
        popup_done: { data, _ in owner(data, as: Popup.self).done() },
        repositioned: { _, _, _ in }))
}
