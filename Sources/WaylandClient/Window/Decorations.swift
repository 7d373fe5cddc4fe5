import CLibdecor
import CWayland
import Logging
import TouchStream
import WaylandPlumbing

// MARK: - libdecor: client-side decorations where the compositor draws none

/// A libdecor context on our wl_display, for compositors without xdg-decoration.
///
/// One poll: libdecor creates its registry and objects on the display's default queue, which
/// `EventLoop` already reads and dispatches, and its cairo plugin's own dispatch does nothing
/// more than that (poll, read, dispatch pending). So `libdecor_dispatch` is never called and the
/// loop polls one socket, as before.
final class LibdecorContext {
    /// The libdecor context.
    let context: OpaquePointer
    private static let log = Logger(label: "WaylandClient.Decorations")

    /// Starts libdecor on `display` (it loads its plugin and roundtrips); nil when it cannot.
    init?(display: OpaquePointer) {
        guard let context = libdecor_new(display, LibdecorContext.interface) else { return nil }
        self.context = context
    }

    /// Releases the context (after every frame it decorated).
    func destroy() { libdecor_unref(context) }

    // libdecor keeps this pointer; one allocation for the process. The event loop is
    // single-threaded: libdecor calls it only from dispatch on that thread.
    nonisolated(unsafe) private static let interface: UnsafeMutablePointer<libdecor_interface> = {
        let storage = UnsafeMutablePointer<libdecor_interface>.allocate(capacity: 1)
        storage.initialize(to: libdecor_interface(
            error: { _, _, message in
                // Fatal to decorating, not to the client: the window goes on undecorated.
                LibdecorContext.log.error("libdecor: \(message.map { String(cString: $0) } ?? "error")")
            },
            reserved0: nil, reserved1: nil, reserved2: nil, reserved3: nil, reserved4: nil,
            reserved5: nil, reserved6: nil, reserved7: nil, reserved8: nil, reserved9: nil))
        return storage
    }()
}

// MARK: - A toplevel decorated by libdecor

/// The toplevel as a libdecor frame: libdecor owns the xdg_surface and xdg_toplevel and draws
/// the title bar (title, minimise, maximise, close) and borders in subsurfaces; moving and
/// resizing by pointer are its own. Its cairo plugin (0.1.1) ignores wl_touch, so a finger that
/// goes down on any decoration surface starts an interactive move here (its buttons and edges
/// stay pointer-only). Configures come as libdecor configurations, answered with the content
/// size the client settled on.
///
/// libdecor 0.1.1 binds xdg_wm_base below v4, so neither configure_bounds nor wm_capabilities
/// reach this window: its initial size is the client's default.
final class LibdecorWindow: ToplevelWindow {
    let surface: Surface
    private let frame: OpaquePointer
    /// The user data libdecor hands back: a box holding this object, filled once init is done
    /// (libdecor needs it at decorate, before `self` exists; it calls back only from dispatch).
    private let box: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    var onConfigure: (LogicalSize?) -> LogicalSize = { $0 ?? WaylandApp.defaultLogicalSize }
    var onClose: () -> Void = {}
    var onActivated: (Bool) -> Void = { _ in }
    var onToplevelConfigure: (Int32, Int32, UInt32) -> Void = { _, _, _ in }
    private var activation = ActivationTracker()
    let decorations = DecorationKind.libdecor
    let bounds: LogicalSize? = nil

    /// Decorates `surface` with `title` and `appID` and maps it (libdecor's initial commit).
    init?(context: LibdecorContext, surface: Surface, title: String, appID: String) {
        self.surface = surface
        let box = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        box.initialize(to: nil)
        guard let frame = libdecor_decorate(context.context, surface.proxy, LibdecorWindow.frameInterface,
                                            box) else {
            box.deallocate()
            return nil
        }
        self.frame = frame
        self.box = box
        box.pointee = userData(self)
        libdecor_frame_set_title(frame, title)
        libdecor_frame_set_app_id(frame, appID)
        libdecor_frame_map(frame)
    }

    var xdgSurface: OpaquePointer? { libdecor_frame_get_xdg_surface(frame) }

    func setFullscreen(_ fullscreen: Bool) {
        // libdecor 0.1.1 sends it to an xdg_toplevel that may not exist yet (NULL): keep it until then.
        guard libdecor_frame_get_xdg_toplevel(frame) != nil else {
            pendingFullscreen = fullscreen
            return
        }
        if fullscreen { libdecor_frame_set_fullscreen(frame, nil) } else { libdecor_frame_unset_fullscreen(frame) }
    }

    func setMaximized(_ maximized: Bool) {
        if maximized { libdecor_frame_set_maximized(frame) } else { libdecor_frame_unset_maximized(frame) }
    }

    /// A fullscreen request made before libdecor created the toplevel.
    private var pendingFullscreen: Bool?
    /// Whether the border was redrawn once after the first configure (see `configure`).
    private var hasRedrawnBorder = false

    func touchDownOnDecoration(seat: OpaquePointer, serial: UInt32) {
        libdecor_frame_move(frame, seat, serial)
    }

    var xdgToplevel: OpaquePointer? { libdecor_frame_get_xdg_toplevel(frame) }

    func geometryPoint(x: Int32, y: Int32) -> (x: Int32, y: Int32) {
        var frameX: Int32 = 0, frameY: Int32 = 0
        libdecor_frame_translate_coordinate(frame, x, y, &frameX, &frameY)
        return (frameX, frameY)
    }

    func move(seat: OpaquePointer, serial: UInt32) { libdecor_frame_move(frame, seat, serial) }

    func resize(seat: OpaquePointer, serial: UInt32) {
        libdecor_frame_resize(frame, seat, serial, LIBDECOR_RESIZE_EDGE_BOTTOM_RIGHT)
    }

    func destroy() {
        box.pointee = nil
        libdecor_frame_unref(frame)
    }

    deinit { box.deallocate() }

    /// The window a callback's user data names, nil once it is destroyed.
    private static func window(_ data: UnsafeMutableRawPointer?) -> LibdecorWindow? {
        guard let object = data?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self).pointee else { return nil }
        return owner(object, as: LibdecorWindow.self)
    }

    // MARK: - Configure

    private func configure(_ configuration: OpaquePointer?) {
        var width: Int32 = 0, height: Int32 = 0
        let suggested = libdecor_configuration_get_content_size(configuration, frame, &width, &height)
            && width > 0 && height > 0 ? LogicalSize(width: Int(width), height: Int(height)) : nil
        let size = onConfigure(suggested)
        var windowState = LIBDECOR_WINDOW_STATE_NONE
        let hasState = libdecor_configuration_get_window_state(configuration, &windowState)
        onToplevelConfigure(width, height, hasState ? Self.toplevelStates(windowState) : 0)
        if hasState {
            let active = windowState.rawValue & LIBDECOR_WINDOW_STATE_ACTIVE.rawValue != 0
            if activation.changed(to: active) { onActivated(active) }
        }
        let state = libdecor_state_new(Int32(size.width), Int32(size.height))
        libdecor_frame_commit(frame, state, configuration)
        libdecor_state_free(state)
        if !hasRedrawnBorder {
            // libdecor 0.1.1 gives its border (a subsurface above ours, as large as the whole frame)
            // the input region that leaves our content out only when it redraws a border already
            // shown; without a second configure that never happens and the border takes every
            // touch meant for the content. A capability change forces that redraw.
            hasRedrawnBorder = true
            libdecor_frame_unset_capabilities(frame, LIBDECOR_ACTION_FULLSCREEN)
            libdecor_frame_set_capabilities(frame, LIBDECOR_ACTION_FULLSCREEN)
        }
        // The decorations are synchronized subsurfaces: what libdecor just set on them (its border's
        // input region, which leaves the content out) applies only with a commit of ours, and a
        // configure that changes nothing of our content draws no frame.
        wl_surface_commit(surface.proxy)
        if let fullscreen = pendingFullscreen {
            pendingFullscreen = nil
            setFullscreen(fullscreen)
        }
    }

    /// libdecor's window state as xdg_toplevel.state bits (it keeps only these seven; `width` and
    /// `height` above are the content size, the title bar taken off).
    private static func toplevelStates(_ state: libdecor_window_state) -> UInt32 {
        let pairs: [(libdecor_window_state, String)] = [
            (LIBDECOR_WINDOW_STATE_ACTIVE, "activated"), (LIBDECOR_WINDOW_STATE_MAXIMIZED, "maximized"),
            (LIBDECOR_WINDOW_STATE_FULLSCREEN, "fullscreen"), (LIBDECOR_WINDOW_STATE_TILED_LEFT, "tiled-left"),
            (LIBDECOR_WINDOW_STATE_TILED_RIGHT, "tiled-right"), (LIBDECOR_WINDOW_STATE_TILED_TOP, "tiled-top"),
            (LIBDECOR_WINDOW_STATE_TILED_BOTTOM, "tiled-bottom"),
        ]
        return pairs.filter { state.rawValue & $0.0.rawValue != 0 }
            .reduce(0) { $0 | (ToplevelStateNames.value($1.1) ?? 0) }
    }

    // MARK: - Frame interface

    // libdecor keeps this pointer; one allocation for the process. The event loop is
    // single-threaded: libdecor calls these only from dispatch on that thread.
    nonisolated(unsafe) private static let frameInterface: UnsafeMutablePointer<libdecor_frame_interface> = {
        let storage = UnsafeMutablePointer<libdecor_frame_interface>.allocate(capacity: 1)
        storage.initialize(to: libdecor_frame_interface(
            configure: { _, configuration, data in LibdecorWindow.window(data)?.configure(configuration) },
            close: { _, data in LibdecorWindow.window(data)?.onClose() },
            commit: { _, data in
                // The decorations are synchronized subsurfaces: they show with our next commit.
                if let window = LibdecorWindow.window(data) { wl_surface_commit(window.surface.proxy) }
            },
            dismiss_popup: { _, _, _ in },
            reserved0: nil, reserved1: nil, reserved2: nil, reserved3: nil, reserved4: nil,
            reserved5: nil, reserved6: nil, reserved7: nil, reserved8: nil, reserved9: nil))
        return storage
    }()
}
