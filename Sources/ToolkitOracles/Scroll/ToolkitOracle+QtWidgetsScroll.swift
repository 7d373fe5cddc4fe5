// MARK: - Qt 6 Widgets as a scrolling oracle

extension ToolkitOracle {
    /// Qt 6 Widgets' QScrollArea scrolled by QScroller's touch gesture, reporting its value at every drawn frame.
    public static let qtwidgetsScroll = ToolkitOracle(
        toolkit: "qtwidgets", displayName: "Qt 6 Widgets", packages: ["python3-pyqt6", "qt6-wayland"],
        oracleFile: "qtwidgets-scroll/oracle.py", channel: .jsonLines,
        requiredFiles: ["/usr/bin/python3", "/usr/lib/python3/dist-packages/PyQt6/QtWidgets.abi3.so",
                        "/usr/lib/*/qt6/plugins/platforms/libqwayland-generic.so"],
        command: { launch in
            // The launch of the gesture oracle: no theme plugin, scale 1 (QScroller's metres become px through the
            // screen's physical DPI, which the oracle checks).
            ("/usr/bin/python3", [launch.oracleFile],
             ["QT_QPA_PLATFORM": "wayland", "QT_QPA_PLATFORMTHEME": "", "QT_WAYLAND_DISABLE_WINDOWDECORATION": "1",
              "QT_SCALE_FACTOR": "1", "QT_AUTO_SCREEN_SCALE_FACTOR": "0", "PYTHONUNBUFFERED": "1"])
        })
}
