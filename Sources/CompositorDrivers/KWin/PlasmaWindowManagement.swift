import CWayland
import CWaylandProtocols

// MARK: - org_kde_plasma_window_management: KWin announces each mapped window by uuid

extension PlasmaWindow {
    nonisolated(unsafe) static let managementListener: UnsafeMutablePointer<org_kde_plasma_window_management_listener> = {
        let listener = UnsafeMutablePointer<org_kde_plasma_window_management_listener>.allocate(capacity: 1)
        listener.initialize(to: org_kde_plasma_window_management_listener(
            show_desktop_changed: { _, _, _ in },
            window: { _, _, _ in
                // The deprecated id form; window_with_uuid follows for the same window.
            },
            stacking_order_changed: { _, _, _ in },
            stacking_order_uuid_changed: { _, _, _ in },
            window_with_uuid: { data, management, _, uuid in
                guard let data, let management, let uuid else { return }
                let connection = Unmanaged<KWinConnection>.fromOpaque(data).takeUnretainedValue()
                guard let proxy = org_kde_plasma_window_management_get_window_by_uuid(management, uuid) else { return }
                connection.windows.append(PlasmaWindow(proxy: proxy))
            }
        ))
        return listener
    }()
}
