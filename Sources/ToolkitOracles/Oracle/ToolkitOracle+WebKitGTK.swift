// MARK: - WebKitGTK as an oracle

extension ToolkitOracle {
    /// WebKitGTK 6.0 (Debian 12: 2.50) showing the oracle page in a WebKit.WebView of a GTK 4 window, through
    /// Python's GObject bindings; GTK draws with cairo, WebKit's web process runs in its own bubblewrap sandbox.
    public static let webkitgtk = ToolkitOracle(
        toolkit: "webkitgtk", displayName: "WebKitGTK", packages: ["python3-gi", "gir1.2-webkit-6.0"],
        oracleFile: "webkit/oracle.py", channel: .jsonLines,
        requiredFiles: ["/usr/bin/python3", "/usr/lib/python3/dist-packages/gi/__init__.py",
                        "/usr/lib/*/girepository-1.0/WebKit-6.0.typelib", "/usr/lib/*/webkitgtk-6.0/WebKitWebProcess"],
        command: { launch in
            // Debian's own python3: another python3 earlier on PATH may lack `gi`.
            ("/usr/bin/python3", [launch.oracleFile],
             ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
              "PYTHONUNBUFFERED": "1"])
        })
}
