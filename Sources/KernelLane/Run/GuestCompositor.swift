// MARK: - The compositors the guest runs on DRM

/// A compositor the guest starts on its DRM device.
public enum GuestCompositor: String, CaseIterable, Sendable {
    /// sway as the unprivileged user, through seatd, with the pixman renderer (it refuses root).
    case sway
    /// weston as root with the DRM backend and pixman, kiosk shell (Debian's weston 10 has no
    /// seat launcher for other users).
    case weston
    /// cage (wlroots, like sway) as the unprivileged user through seatd, pixman renderer (it will not
    /// start without the Xwayland binary, though nothing here uses X11); its own
    /// child only holds it open, and every client it maps fills the output.
    case cage
    /// phoc (Phosh's compositor, wlroots 0.15) like sway and cage, with its configuration file and
    /// GSettings in memory (the guest runs no session bus); it maximises every toplevel without
    /// decoration, which with no panel is the whole output at 0,0.
    case phoc
    /// Wayfire 0.7 (wlroots 0.15) like sway, with its configuration file; it renders with GLES only
    /// (llvmpipe on the virtio-gpu), so it runs only here: this machine has no DRM device.
    case wayfire

    /// The line (a grep pattern over our client's WAYLAND_DEBUG log) that says the compositor put
    /// our window on its output: wl_surface.enter, which cage 0.1.4 never sends; it gives a view
    /// the keyboard focus when it maps it, already placed at 0,0 to fill the output.
    public var mappedLine: String {
        self == .cage ? #"wl_keyboard@[0-9]*\.enter("# : #"wl_surface@[0-9]*\.enter("#
    }

    /// Seconds our client may take, once a script is played, to receive every up: Wayfire
    /// composites with llvmpipe on the guest's one CPU, and under TCG its first touches reached our
    /// client 20–30 s after the play; the others deliver within a second.
    public var touchSeconds: Int {
        self == .wayfire ? 60 : 5
    }

    /// sway's configuration: our window fullscreen at 0,0 without borders, so output pixels are
    /// the window's surface coordinates.
    public static let swayConfiguration = """
        xwayland disable
        default_border none
        default_floating_border none
        for_window [app_id=".*"] fullscreen enable

        """

    /// phoc's configuration: no Xwayland. phoc reads `phoc.ini` from the folder it was started in
    /// unless told a file.
    public static let phocConfiguration = """
        [core]
        xwayland=false

        """

    /// Wayfire's configuration: only the window-rules plugin, maximising every window as it maps
    /// (with no panel, the whole output at 0,0), server-side decorations that no plugin draws,
    /// one workspace, no Xwayland. Without a configuration file Wayfire loads twenty plugins.
    public static let wayfireConfiguration = """
        [core]
        plugins = window-rules
        xwayland = false
        preferred_decoration_mode = server
        vwidth = 1
        vheight = 1

        [window-rules]
        fill_output = on created then maximize

        """
}
