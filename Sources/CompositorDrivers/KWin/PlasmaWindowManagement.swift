import CWaylandProtocols
import WaylandPlumbing

// MARK: - org_kde_plasma_window_management: KWin announces each mapped window by uuid

extension KWinConnection {
    /// A window was mapped: follow it through its own org_kde_plasma_window.
    private func windowAnnounced(by management: OpaquePointer?, uuid: UnsafePointer<CChar>?) {
        guard let management, let uuid,
              let proxy = org_kde_plasma_window_management_get_window_by_uuid(management, uuid) else { return }
        windows.append(PlasmaWindow(proxy: proxy))
    }

    // Every slot needs a function: libwayland calls them unchecked. Only the uuid announcement is
    // ours; the deprecated id form (`window`) comes for the same window and is ignored. A
    // KWinConnection dispatches only inside its calls, on the caller's thread.
    nonisolated(unsafe) static let managementListener = makeListener(org_kde_plasma_window_management_listener(
        show_desktop_changed: { _, _, _ in },
        window: { _, _, _ in },
        stacking_order_changed: { _, _, _ in },
        stacking_order_uuid_changed: { _, _, _ in },
        window_with_uuid: { data, management, _, uuid in
            owner(data, as: KWinConnection.self).windowAnnounced(by: management, uuid: uuid)
        }))
}
