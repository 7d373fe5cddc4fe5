import Foundation
import SandboxHarness
import TestSupport
import Testing

/// weston 10 offers no ext_session_lock_manager_v1: a session lock asked of it is refused in one
/// line naming weston, before a surface is made and before any output file appears.
@Suite(.serialized)
struct SessionLockRefusalTests {
    static let refusal = "gesture-sandbox: not supported by weston: no ext_session_lock_manager_v1 global"

    @Test("run --session-lock under weston: status 1 at once, one line naming weston, no surface, no files",
          arguments: [["--session-lock", "2000"], ["--session-lock", "600000", "--unlock-taps", "3"]])
    func refusedUnderWeston(arguments: [String]) throws {
        let weston = try WestonInstance(.init(width: SandboxClient.width, height: SandboxClient.height))
        defer { weston.stop() }
        let files = try TemporaryDirectory()
        defer { files.cleanUp() }
        let client = try weston.launch(try sandboxExecutable(), arguments: [
            "run", "--no-hud", "--record", files.file("trace.jsonl"), "--log", files.file("deliveries.jsonl"),
        ] + arguments, environment: ["WAYLAND_DEBUG": "client"], logName: "client.log")
        let ended = client.wait(timeout: SandboxClient.timeout) ?? client.terminate()
        #expect(ended == .exited(1), "\(client.output())")
        let lines = client.output().split(separator: "\n")
        #expect(lines.filter { !$0.hasPrefix("[") } == [Substring(Self.refusal)], "\(lines.suffix(5))")
        #expect(!lines.contains { $0.hasPrefix("[") && $0.contains("create_surface(") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path).isEmpty)
    }
}
