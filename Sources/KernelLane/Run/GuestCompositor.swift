// MARK: - The compositors the guest runs on DRM

/// A compositor the guest starts on its DRM device.
public enum GuestCompositor: String, CaseIterable, Sendable {
    /// sway as the unprivileged user, through seatd, with the pixman renderer (it refuses root).
    case sway
    /// weston as root with the DRM backend and pixman, kiosk shell (Debian's weston 10 has no
    /// seat launcher for other users).
    case weston

    /// sway's configuration: our window fullscreen at 0,0 without borders, so output pixels are
    /// the window's surface coordinates.
    public static let swayConfiguration = """
        xwayland disable
        default_border none
        default_floating_border none
        for_window [app_id=".*"] fullscreen enable

        """
}
