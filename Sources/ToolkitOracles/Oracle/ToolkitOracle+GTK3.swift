// MARK: - GTK 3 as an oracle

extension ToolkitOracle {
    /// GTK 3 (Debian 12: 3.24) through its Python bindings; GTK 3 draws with cairo, so no GL is needed.
    public static let gtk3 = ToolkitOracle(
        toolkit: "gtk3", displayName: "GTK 3", packages: ["python3-gi", "gir1.2-gtk-3.0"],
        oracleFile: "gtk3/oracle.py", channel: .jsonLines,
        requiredFiles: ["/usr/bin/python3", "/usr/lib/python3/dist-packages/gi/__init__.py",
                        "/usr/lib/*/girepository-1.0/Gtk-3.0.typelib"],
        command: { launch in
            // Debian's own python3: another python3 earlier on PATH may lack `gi`.
            ("/usr/bin/python3", [launch.oracleFile],
             ["GDK_BACKEND": "wayland", "NO_AT_BRIDGE": "1", "PYTHONUNBUFFERED": "1"])
        })
}
