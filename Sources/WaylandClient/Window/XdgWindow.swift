import CWayland
import CWaylandProtocols
import TouchStream
import WaylandPlumbing

// MARK: - xdg_surface + xdg_toplevel (+ server-side decoration)

/// The toplevel window: role objects over a `Surface`, configure/ack, close and decoration;
/// used where the compositor offers xdg-decoration (or libdecor is not available).
final class XdgWindow: ToplevelWindow {
    /// The window's wl_surface.
    let surface: Surface
    /// The xdg_surface role object.
    let xdgSurface: OpaquePointer?
    private let toplevel: OpaquePointer
    private var decoration: OpaquePointer?
    /// The size of the last xdg_toplevel.configure, nil when it was 0×0 (client's choice).
    private var pendingSize: LogicalSize?
    /// Whether the last xdg_toplevel.configure had the fullscreen state.
    private var pendingFullscreen = false
    /// Whether the window is fullscreen as of the last acknowledged configure.
    private(set) var isFullscreen = false
    /// Called after a configure sequence was acknowledged, with the suggested size (nil: choose).
    var onConfigure: (LogicalSize?) -> LogicalSize = { $0 ?? WaylandApp.defaultLogicalSize }
    /// Called when the compositor asks the window to close.
    var onClose: () -> Void = {}
    var onActivated: (Bool) -> Void = { _ in }
    var onToplevelConfigure: (Int32, Int32, UInt32) -> Void = { _, _, _ in }
    /// The last xdg_toplevel.configure as sent: width, height, state bits.
    private var pendingConfigure: (width: Int32, height: Int32, states: UInt32) = (0, 0, 0)
    /// Whether the last xdg_toplevel.configure listed the activated state.
    private var pendingActivated = false
    private var activation = ActivationTracker()
    /// zxdg_toplevel_decoration_v1 mode the compositor chose (1 client-side, 2 server-side).
    private(set) var decorationMode: UInt32?
    /// xdg_toplevel.configure_bounds (v4), nil until one with a non-zero size arrives.
    private(set) var bounds: LogicalSize?
    /// xdg_toplevel.wm_capabilities (v5): what the compositor can do with the window; nil until
    /// sent (then everything may be offered, as before v5).
    private(set) var wmCapabilities: WMCapabilities?

    var decorations: DecorationKind {
        decorationMode == UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue) ? .serverSide : .none
    }

    /// Gives `surface` the toplevel role with `title` and `appID`, asks for server-side
    /// decoration when the manager exists, and makes the initial (bufferless) commit.
    init(surface: Surface, wmBase: OpaquePointer, decorationManager: OpaquePointer?, title: String, appID: String) {
        self.surface = surface
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface.proxy)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_surface_add_listener(xdgSurface, XdgWindow.surfaceListener, userData(self))
        xdg_toplevel_add_listener(toplevel, XdgWindow.toplevelListener, userData(self))
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        if let decorationManager, let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(
            decorationManager, toplevel) {
            self.decoration = decoration
            zxdg_toplevel_decoration_v1_add_listener(decoration, XdgWindow.decorationListener, userData(self))
            zxdg_toplevel_decoration_v1_set_mode(decoration,
                                                 UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
        }
        wl_surface_commit(surface.proxy)
    }

    /// Destroys the role objects, children first.
    func destroy() {
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        decoration = nil
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
    }

    /// Asks for fullscreen on the compositor's choice of output, or back to a normal window.
    func setFullscreen(_ fullscreen: Bool) {
        // wm_capabilities without fullscreen: the compositor would ignore the request.
        guard !fullscreen || wmCapabilities?.contains(.fullscreen) ?? true else { return }
        if fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
    }

    func setMaximized(_ maximized: Bool) {
        // wm_capabilities without maximize: the compositor would ignore the request.
        guard !maximized || wmCapabilities?.contains(.maximize) ?? true else { return }
        if maximized { xdg_toplevel_set_maximized(toplevel) } else { xdg_toplevel_unset_maximized(toplevel) }
    }

    var xdgToplevel: OpaquePointer? { toplevel }

    func move(seat: OpaquePointer, serial: UInt32) { xdg_toplevel_move(toplevel, seat, serial) }

    func resize(seat: OpaquePointer, serial: UInt32) {
        xdg_toplevel_resize(toplevel, seat, serial, UInt32(XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT.rawValue))
    }

    /// Makes this window a child of `parent` (kiosk-shell then shows it at its own size over the parent).
    func setParent(_ parent: OpaquePointer?) { xdg_toplevel_set_parent(toplevel, parent) }

    private func configured(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        isFullscreen = pendingFullscreen
        _ = onConfigure(pendingSize)
        onToplevelConfigure(pendingConfigure.width, pendingConfigure.height, pendingConfigure.states)
        if activation.changed(to: pendingActivated) { onActivated(pendingActivated) }
    }

    /// Whether a configure's wl_array of xdg_toplevel.state values holds `activated`.
    static func hasActivated(_ array: UnsafeMutablePointer<wl_array>?) -> Bool {
        guard let array, let data = array.pointee.data else { return false }
        let count = array.pointee.size / MemoryLayout<UInt32>.stride
        let states = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: count)
        return states.contains(UInt32(XDG_TOPLEVEL_STATE_ACTIVATED.rawValue))
    }

    // MARK: - Listeners

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let surfaceListener = makeListener(xdg_surface_listener(
        configure: { data, _, serial in owner(data, as: XdgWindow.self).configured(serial: serial) }))

    // The event loop is single-threaded: libwayland calls these only from dispatch on its thread.
    nonisolated(unsafe) private static let toplevelListener = makeListener(xdg_toplevel_listener(
        configure: { data, _, width, height, states in
            let window = owner(data, as: XdgWindow.self)
            window.pendingSize = width > 0 && height > 0 ? LogicalSize(width: Int(width), height: Int(height)) : nil
            window.pendingActivated = hasActivated(states)
            window.pendingFullscreen = uint32Values(states).contains(UInt32(XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue))
            window.pendingConfigure = (width, height, ToplevelStateNames.bits(uint32Values(states)))
        },
        close: { data, _ in owner(data, as: XdgWindow.self).onClose() },
        configure_bounds: { data, _, width, height in
            owner(data, as: XdgWindow.self).bounds =
                width > 0 && height > 0 ? LogicalSize(width: Int(width), height: Int(height)) : nil
        },
        wm_capabilities: { data, _, array in
            owner(data, as: XdgWindow.self).wmCapabilities = WMCapabilities(array)
        }))

    // The event loop is single-threaded: libwayland calls this only from dispatch on its thread.
    nonisolated(unsafe) private static let decorationListener = makeListener(zxdg_toplevel_decoration_v1_listener(
        configure: { data, _, mode in owner(data, as: XdgWindow.self).decorationMode = mode }))
}

// MARK: - wm_capabilities

/// xdg_toplevel.wm_capabilities: the window-management actions the compositor supports.
struct WMCapabilities: OptionSet, Hashable {
    let rawValue: UInt32
    static let windowMenu = WMCapabilities(rawValue: 1 << 0)
    static let maximize = WMCapabilities(rawValue: 1 << 1)
    static let fullscreen = WMCapabilities(rawValue: 1 << 2)
    static let minimize = WMCapabilities(rawValue: 1 << 3)

    /// Bits from the protocol's enum values (1 window_menu, 2 maximize, 3 fullscreen, 4 minimize).
    init(values: [UInt32]) {
        rawValue = values.reduce(0) { $0 | ((1...4).contains($1) ? 1 << ($1 - 1) : 0) }
    }

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The capabilities in a wl_array of uint32 enum values.
    init(_ array: UnsafeMutablePointer<wl_array>?) {
        self.init(values: uint32Values(array))
    }
}

/// The uint32 values of a wl_array (xdg_toplevel's states and wm_capabilities are such arrays).
func uint32Values(_ array: UnsafeMutablePointer<wl_array>?) -> [UInt32] {
    guard let array, let data = array.pointee.data else { return [] }
    let count = array.pointee.size / MemoryLayout<UInt32>.stride
    return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: count))
}
