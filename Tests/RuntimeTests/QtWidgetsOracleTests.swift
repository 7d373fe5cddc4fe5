import Testing
@testable import ToolkitOracles

/// The Qt 6 Widgets oracle as the runner knows it: its packages, its program and the variables that pin Qt.
@Suite struct QtWidgetsOracleTests {
    @Test func aMissingPyQt6IsOneLineNamingItsDebianPackages() {
        let qt = ToolkitOracle.qtwidgets
        let missing = ToolkitOracle(toolkit: qt.toolkit, displayName: qt.displayName, packages: qt.packages,
                                    oracleFile: qt.oracleFile, channel: qt.channel,
                                    requiredFiles: qt.requiredFiles.map { $0 + ".absent" }, command: qt.command)
        #expect(missing.installationProblem()
                == "qtwidgets: Qt 6 Widgets is not installed: install the Debian packages python3-pyqt6 qt6-wayland (scripts/install-deps.sh installs them)")
        #expect(ToolkitOracle.named("QtWidgets")?.oracleFile == "qtwidgets/oracle.py")
        #expect(ToolkitOracle.names.last == "qtwidgets")
    }

    @Test func itRunsDebiansPythonOnQtsWaylandPlatformWithQtsDefaults() {
        let launch = ToolkitOracle.Launch(oracleFile: "/opt/o/qtwidgets/oracle.py", folder: "/tmp/s", isRoot: true)
        let (executable, arguments, environment) = ToolkitOracle.qtwidgets.command(launch)
        #expect(executable == "/usr/bin/python3" && arguments == ["/opt/o/qtwidgets/oracle.py"])
        #expect(environment["QT_QPA_PLATFORM"] == "wayland")
        // No desktop theme may change the style hints; QPanGesture's finger count at Qt's own default.
        #expect(environment["QT_QPA_PLATFORMTHEME"] == "")
        #expect(environment["QT_PAN_TOUCHPOINTS"] == "2")
    }
}
