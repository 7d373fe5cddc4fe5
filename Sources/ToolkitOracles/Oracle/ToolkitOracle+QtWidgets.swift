// MARK: - Qt 6 Widgets as an oracle

extension ToolkitOracle {
    /// Qt 6 Widgets (Debian 12: 6.4) through PyQt6: QGesture recognizers and the mouse synthesised from touch.
    public static let qtwidgets = ToolkitOracle(
        toolkit: "qtwidgets", displayName: "Qt 6 Widgets", packages: ["python3-pyqt6", "qt6-wayland"],
        oracleFile: "qtwidgets/oracle.py", channel: .jsonLines,
        requiredFiles: ["/usr/bin/python3", "/usr/lib/python3/dist-packages/PyQt6/QtWidgets.abi3.so",
                        "/usr/lib/*/qt6/plugins/platforms/libqwayland-generic.so"],
        command: { launch in
            // An empty platform theme: no desktop theme plugin may change the style hints. QT_PAN_TOUCHPOINTS at Qt's
            // own default (2), so a user's setting cannot change QPanGesture (the oracle checks it too).
            ("/usr/bin/python3", [launch.oracleFile],
             ["QT_QPA_PLATFORM": "wayland", "QT_QPA_PLATFORMTHEME": "", "QT_WAYLAND_DISABLE_WINDOWDECORATION": "1",
              "QT_SCALE_FACTOR": "1", "QT_AUTO_SCREEN_SCALE_FACTOR": "0", "QT_PAN_TOUCHPOINTS": "2",
              "PYTHONUNBUFFERED": "1"])
        })
}
