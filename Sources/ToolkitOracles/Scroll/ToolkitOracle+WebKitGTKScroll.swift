// MARK: - WebKitGTK as a scrolling oracle

extension ToolkitOracle {
    /// WebKitGTK 6.0 (Debian 12: 2.50) showing a page 200000 px tall in a WebKit.WebView of a GTK 4 window, reporting
    /// window.scrollY at every requestAnimationFrame; WebKit's web process runs in its own bubblewrap sandbox.
    public static let webkitgtkScroll = ToolkitOracle(
        toolkit: "webkitgtk", displayName: "WebKitGTK", packages: ToolkitOracle.webkitgtk.packages,
        oracleFile: "webkit-scroll/oracle.py", channel: .jsonLines,
        requiredFiles: ToolkitOracle.webkitgtk.requiredFiles,
        command: { launch in
            // Debian's own python3: another python3 earlier on PATH may lack `gi`.
            ("/usr/bin/python3", [launch.oracleFile],
             ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
              "PYTHONUNBUFFERED": "1"])
        })
}
