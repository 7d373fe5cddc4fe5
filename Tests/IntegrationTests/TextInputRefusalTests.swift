import Foundation
import SandboxHarness
import TestSupport
import Testing

/// weston 10 offers no zwp_text_input_manager_v3 (its text-input-unstable-v1 comes only with an input
/// method configured, which the harness weston has not) and no layer shell:
/// the text field and the on-screen keyboard asked of it are refused in one line naming it.
@Suite(.serialized)
struct TextInputRefusalTests {
    @Test("run --text-input or --osk under weston: status 1 at once, one line naming weston and the global, no window, no files",
          arguments: [
              (["--text-input"], "gesture-sandbox: not supported by weston: no zwp_text_input_manager_v3 global"),
              (["--osk"], "gesture-sandbox: not supported by weston: no zwlr_layer_shell_v1 global"),
              (["--osk", "--text-input"], "gesture-sandbox: not supported by weston: no zwlr_layer_shell_v1 global"),
          ])
    func refusedUnderWeston(arguments: [String], refusal: String) throws {
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
        let protocolLines = lines.filter { $0.hasPrefix("[") }
        #expect(lines.filter { !$0.hasPrefix("[") } == [Substring(refusal)], "\(lines.suffix(5))")
        // The refusal is true: the globals weston announced hold no text-input v3.
        #expect(protocolLines.contains { $0.contains(".global(") })
        #expect(!protocolLines.contains { $0.contains("zwp_text_input_manager_v3") })
        #expect(!protocolLines.contains { $0.contains("create_surface(") }, "\(protocolLines.filter { $0.contains("->") })")
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path).isEmpty)
    }
}
