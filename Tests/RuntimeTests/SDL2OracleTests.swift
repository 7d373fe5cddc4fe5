import Testing
@testable import ToolkitOracles

/// The SDL 2 oracle as the runner knows it: its packages, its program and the variables that pin its backend.
@Suite struct SDL2OracleTests {
    @Test func aMissingSDLIsOneLineNamingItsDebianPackages() {
        let sdl = ToolkitOracle.sdl2
        let missing = ToolkitOracle(toolkit: sdl.toolkit, displayName: sdl.displayName, packages: sdl.packages,
                                    oracleFile: sdl.oracleFile, channel: sdl.channel,
                                    requiredFiles: sdl.requiredFiles.map { $0 + ".absent" }, command: sdl.command)
        #expect(missing.installationProblem()
                == "sdl2: SDL 2 is not installed: install the Debian packages python3-sdl2 libsdl2-2.0-0 (scripts/install-deps.sh installs them)")
        #expect(ToolkitOracle.named("SDL2")?.oracleFile == "sdl2/oracle.py")
        #expect(ToolkitOracle.names.contains("sdl2"))
    }

    @Test func itRunsDebiansPythonOnSDLsWaylandBackend() {
        let launch = ToolkitOracle.Launch(oracleFile: "/opt/o/sdl2/oracle.py", folder: "/tmp/s", isRoot: true)
        let (executable, arguments, environment) = ToolkitOracle.sdl2.command(launch)
        #expect(executable == "/usr/bin/python3" && arguments == ["/opt/o/sdl2/oracle.py"])
        #expect(environment["SDL_VIDEODRIVER"] == "wayland")
    }
}
