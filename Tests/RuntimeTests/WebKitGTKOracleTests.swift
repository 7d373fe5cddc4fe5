import Testing
@testable import ToolkitOracles

/// The WebKitGTK oracle as the runner knows it: its packages, its program and the variables that pin GTK's backend.
@Suite struct WebKitGTKOracleTests {
    @Test func aMissingWebKitIsOneLineNamingItsDebianPackages() {
        let webkit = ToolkitOracle.webkitgtk
        let missing = ToolkitOracle(toolkit: webkit.toolkit, displayName: webkit.displayName, packages: webkit.packages,
                                    oracleFile: webkit.oracleFile, channel: webkit.channel,
                                    requiredFiles: webkit.requiredFiles.map { $0 + ".absent" }, command: webkit.command)
        #expect(missing.installationProblem()
                == "webkitgtk: WebKitGTK is not installed: install the Debian packages python3-gi gir1.2-webkit-6.0 (scripts/install-deps.sh installs them)")
        #expect(ToolkitOracle.named("WebKitGTK")?.oracleFile == "webkit/oracle.py")
        #expect(ToolkitOracle.names.contains("webkitgtk"))
    }

    @Test func itRunsDebiansPythonOnGTKsWaylandBackendWithoutDisablingWebKitsSandbox() {
        let launch = ToolkitOracle.Launch(oracleFile: "/opt/o/webkit/oracle.py", folder: "/tmp/s", isRoot: true)
        let (executable, arguments, environment) = ToolkitOracle.webkitgtk.command(launch)
        #expect(executable == "/usr/bin/python3" && arguments == ["/opt/o/webkit/oracle.py"])
        #expect(environment["GDK_BACKEND"] == "wayland" && environment["GSK_RENDERER"] == "cairo")
        // Measured: the web process' bubblewrap sandbox works as root here; the oracle never turns it off.
        #expect(environment.keys.allSatisfy { !$0.hasPrefix("WEBKIT_DISABLE") })
    }
}
