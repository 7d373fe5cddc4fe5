// MARK: - Toolkits as scrolling oracles

extension ToolkitOracle {
    /// GTK 4's GtkScrolledWindow with kinetic scrolling, reporting its offset at every drawn frame.
    public static let gtkScroll = ToolkitOracle(
        toolkit: "gtk", displayName: "GTK 4", packages: ["python3-gi", "gir1.2-gtk-4.0"],
        oracleFile: "gtk-scroll/oracle.py", channel: .jsonLines,
        requiredFiles: ["/usr/bin/python3", "/usr/lib/python3/dist-packages/gi/__init__.py",
                        "/usr/lib/*/girepository-1.0/Gtk-4.0.typelib"],
        command: { launch in
            ("/usr/bin/python3", [launch.oracleFile],
             ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
              "PYTHONUNBUFFERED": "1"])
        })

    /// The scrolling oracles, in report order (each named by its toolkit).
    public static let scrolling: [ToolkitOracle] = [.gtkScroll, .gtk3Scroll, .chromiumScroll, .qtScroll, .firefoxScroll,
                                                    .qtwidgetsScroll, .webkitgtkScroll]

    /// The scrolling oracle of `toolkit`, or nil when it has none.
    public static func scrollOracle(_ toolkit: String) -> ToolkitOracle? {
        scrolling.first { $0.toolkit == toolkit.lowercased() }
    }
}
