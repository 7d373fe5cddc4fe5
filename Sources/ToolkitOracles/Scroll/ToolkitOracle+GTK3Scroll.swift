// MARK: - GTK 3 as a scrolling oracle

extension ToolkitOracle {
    /// GTK 3's GtkScrolledWindow with kinetic scrolling, reporting its offset at every drawn frame.
    public static let gtk3Scroll = ToolkitOracle(
        toolkit: "gtk3", displayName: "GTK 3", packages: ["python3-gi", "gir1.2-gtk-3.0"],
        oracleFile: "gtk3-scroll/oracle.py", channel: .jsonLines,
        requiredFiles: ["/usr/bin/python3", "/usr/lib/python3/dist-packages/gi/__init__.py",
                        "/usr/lib/*/girepository-1.0/Gtk-3.0.typelib"],
        command: { launch in
            // Debian's own python3: another python3 earlier on PATH may lack `gi`. GDK_SCALE and GDK_DPI_SCALE 1: a
            // user's scaling cannot change the px the strokes are measured in.
            ("/usr/bin/python3", [launch.oracleFile],
             ["GDK_BACKEND": "wayland", "NO_AT_BRIDGE": "1", "PYTHONUNBUFFERED": "1", "GDK_SCALE": "1",
              "GDK_DPI_SCALE": "1"])
        })
}
