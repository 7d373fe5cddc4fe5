// MARK: - Qt Quick as a scrolling oracle

extension ToolkitOracle {
    /// Qt 6 Quick's Flickable, hosted by PyQt6 for a monotonic clock, reporting its contentY at every drawn frame.
    public static let qtScroll = ToolkitOracle(
        toolkit: "qt", displayName: "Qt 6 Quick",
        packages: ["python3-pyqt6", "python3-pyqt6.qtquick", "qml6-module-qtquick", "qml6-module-qtquick-window",
                   "qt6-wayland", "qml6-module-qtqml-workerscript"],
        oracleFile: "qt-scroll/oracle.py", channel: .jsonLines,
        requiredFiles: ["/usr/bin/python3", "/usr/lib/python3/dist-packages/PyQt6/QtQuick.abi3.so",
                        "/usr/lib/*/qt6/qml/QtQuick/qmldir", "/usr/lib/*/qt6/qml/QtQuick/Window/qmldir",
                        "/usr/lib/*/qt6/plugins/platforms/libqwayland-generic.so",
                        "/usr/lib/*/qt6/qml/QtQml/WorkerScript/qmldir"],
        command: { launch in
            // The gesture oracle's environment (ToolkitOracle.qt): no desktop theme, software rendering, touch
            // compression off, scale 1.
            ("/usr/bin/python3", [launch.oracleFile],
             ["QT_QPA_PLATFORM": "wayland", "QT_QUICK_BACKEND": "software", "QT_QPA_PLATFORMTHEME": "",
              "QML_NO_TOUCH_COMPRESSION": "1", "QT_SCALE_FACTOR": "1", "QT_AUTO_SCREEN_SCALE_FACTOR": "0",
              "QT_WAYLAND_DISABLE_WINDOWDECORATION": "1", "PYTHONUNBUFFERED": "1"])
        })
}
