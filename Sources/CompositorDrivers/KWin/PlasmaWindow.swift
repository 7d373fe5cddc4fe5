import CWaylandProtocols
import WaylandPlumbing

// MARK: - org_kde_plasma_window: one window KWin manages, as its task manager sees it

/// A window KWin has mapped: its owner's pid and its frame geometry (title bar included),
/// global logical pixels. Filled by events; complete once `hasInitialState`.
final class PlasmaWindow {
    let proxy: OpaquePointer
    /// The owning client's pid (0 until KWin says).
    var pid: UInt32 = 0
    /// The frame in global coordinates: the client's surface plus the server-side decoration.
    var frame: (x: Int32, y: Int32, width: UInt32, height: UInt32)?
    /// True once KWin has sent all initial state.
    var hasInitialState = false
    /// True once the window has been closed.
    var isUnmapped = false

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        org_kde_plasma_window_add_listener(proxy, PlasmaWindow.windowListener, userData(self))
    }

    func destroy() { org_kde_plasma_window_destroy(proxy) }

    private static func window(_ data: UnsafeMutableRawPointer?) -> PlasmaWindow { owner(data) }

    // Every slot needs a function: libwayland calls them unchecked. We read geometry, pid,
    // initial_state and unmapped; the rest (titles, icons, desktops, activities) is not ours.
    // A KWinConnection dispatches only inside its calls, on the caller's thread.
    nonisolated(unsafe) static let windowListener = makeListener(org_kde_plasma_window_listener(
        title_changed: { _, _, _ in },
        app_id_changed: { _, _, _ in },
        state_changed: { _, _, _ in },
        virtual_desktop_changed: { _, _, _ in },
        themed_icon_name_changed: { _, _, _ in },
        unmapped: { data, _ in window(data).isUnmapped = true },
        initial_state: { data, _ in window(data).hasInitialState = true },
        parent_window: { _, _, _ in },
        geometry: { data, _, x, y, width, height in window(data).frame = (x, y, width, height) },
        icon_changed: { _, _ in },
        pid_changed: { data, _, pid in window(data).pid = pid },
        virtual_desktop_entered: { _, _, _ in },
        virtual_desktop_left: { _, _, _ in },
        application_menu: { _, _, _, _ in },
        activity_entered: { _, _, _ in },
        activity_left: { _, _, _ in },
        resource_name_changed: { _, _, _ in }))
}
