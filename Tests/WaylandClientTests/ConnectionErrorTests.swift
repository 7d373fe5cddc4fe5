import Glibc
import Testing
@testable import WaylandClient

// MARK: - A display that is not there

@Suite struct ConnectionErrorTests {
    @Test func aMissingDisplayThrowsOneLineNamingIt() throws {
        let name = "gesture-sandbox-no-such-display-\(getpid())"
        let error = try #require(throws: WaylandError.self) { try WaylandApp(display: name) }
        let text = error.description
        let runtime = getenv("XDG_RUNTIME_DIR").map { "XDG_RUNTIME_DIR=" + String(cString: $0) } ?? "XDG_RUNTIME_DIR unset"
        #expect(text == "cannot connect to Wayland display \"\(name)\" (\(runtime)): No such file or directory")
        #expect(!text.contains("\n"))
    }

    @Test func anAbsolutePathIsNamedAsGiven() throws {
        let path = "/nonexistent-\(getpid())/wayland-9"
        let error = try #require(throws: WaylandError.self) { try WaylandApp(display: path) }
        #expect(error.description.hasPrefix("cannot connect to Wayland display \"\(path)\""))
    }
}
