import Testing
import WaylandPlumbing

// MARK: - Finding another process's compositor, and saying why not

@Suite struct SocketPathTests {
    @Test func aNameIsLookedUpInTheRuntimeDirectory() throws {
        let environment = ["WAYLAND_DISPLAY": "wayland-5", "XDG_RUNTIME_DIR": "/run/user/7"]
        #expect(try WaylandConnection.socketPath(environment: environment) == "/run/user/7/wayland-5")
    }

    @Test func withoutWaylandDisplayItIsWayland0() throws {
        let environments = [
            ["XDG_RUNTIME_DIR": "/run/user/7"],
            ["WAYLAND_DISPLAY": "", "XDG_RUNTIME_DIR": "/run/user/7"],
        ]
        for environment in environments {
            #expect(try WaylandConnection.socketPath(environment: environment) == "/run/user/7/wayland-0")
        }
    }

    @Test func anAbsolutePathNeedsNoRuntimeDirectory() throws {
        #expect(try WaylandConnection.socketPath(environment: ["WAYLAND_DISPLAY": "/tmp/x/w-1"]) == "/tmp/x/w-1")
    }

    @Test func aNameWithoutRuntimeDirectoryIsAOneLineError() {
        #expect(throws: WaylandConnectionError.noRuntimeDirectory(display: "nowhere-0")) {
            try WaylandConnection.socketPath(environment: ["WAYLAND_DISPLAY": "nowhere-0", "XDG_RUNTIME_DIR": ""])
        }
        #expect(WaylandConnectionError.noRuntimeDirectory(display: "nowhere-0").description
                == "cannot find the Wayland socket nowhere-0: XDG_RUNTIME_DIR is not set")
    }

    @Test func aMissingSocketIsAOneLineErrorNamingIt() {
        let path = "/nonexistent-plumbing-test/wayland-9"
        let error = #expect(throws: WaylandConnectionError.self) { try WaylandConnection(display: path) }
        guard case .cannotConnect(let display, _, let code) = error else {
            Issue.record("expected cannotConnect, got \(String(describing: error))")
            return
        }
        #expect(display == path)
        #expect(code != 0)
        #expect(error?.description.hasPrefix("cannot connect to Wayland display \"\(path)\" (") == true)
        #expect(error?.description.contains("\n") == false)
    }
}
