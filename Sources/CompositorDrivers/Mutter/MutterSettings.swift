import Foundation

/// The GSettings a private mutter or GNOME Shell reads: GLib's keyfile backend on a file in the
/// session's runtime directory (no dconf service runs on our bus, and nothing is written home).
enum MutterSettings {
    /// Animations off: mutter's and the Shell's window-map and overview animations move and scale a
    /// window for a while after it is drawn, and a touch then lands at a place the window is leaving.
    /// Banners off: the Shell's "Logged in as a privileged user" banner would cover the top of the
    /// screen (it stays in the message list).
    static let keyfile = """
        [org/gnome/desktop/interface]
        enable-animations=false

        [org/gnome/desktop/notifications]
        show-banners=false

        """

    /// Fractional monitor scales: mutter 43 offers them only with this experimental feature (and
    /// then lays monitors out in logical pixels).
    static let fractionalScales = """
        [org/gnome/mutter]
        experimental-features=['scale-monitor-framebuffer']

        """

    /// Writes the settings under `directory` (with fractional scales if asked) and returns the
    /// environment entries that select them.
    static func install(in directory: String, fractionalScales: Bool = false) throws -> [String: String] {
        let config = "\(directory)/config"
        let settings = "\(config)/glib-2.0/settings"
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try (keyfile + (fractionalScales ? Self.fractionalScales : "")).write(toFile: "\(settings)/keyfile",
                                                                             atomically: true, encoding: .utf8)
        return ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config]
    }
}
