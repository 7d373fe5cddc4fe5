import Foundation
import SandboxHarness
import TestSupport
import Testing

/// weston 10 offers no zwlr_layer_shell_v1: a layer surface asked of it is a fact about the
/// compositor, told in one line naming it, never a crash, a hang or a window without it.
@Suite(.serialized)
struct LayerShellRefusalTests {
    static let refusal = "gesture-sandbox: not supported by weston: no zwlr_layer_shell_v1 global"

    @Test("run with a layer surface under weston: status 1 at once, one line naming weston, no window, no files",
          arguments: [
              ["--layer-surface", "top"],
              ["--layer-surface", "overlay", "--layer-keyboard", "on-demand", "--on-touch", "layer-popup"],
              ["--layer-surface", "background", "--layer-anchor", "top,left,right", "--layer-size", "0x40",
               "--layer-exclusive-zone", "40", "--layer-margin", "0,5,0,5", "--layer-keyboard", "exclusive"],
          ])
    func refusedUnderWeston(arguments: [String]) throws {
        let weston = try WestonInstance(.init(width: SandboxClient.width, height: SandboxClient.height))
        defer { weston.stop() }
        let files = try TemporaryDirectory()
        defer { files.cleanUp() }
        // WAYLAND_DEBUG shows what the client asked of weston before it gave up.
        let client = try weston.launch(try sandboxExecutable(), arguments: [
            "run", "--no-hud", "--record", files.file("trace.jsonl"), "--log", files.file("deliveries.jsonl"),
        ] + arguments, environment: ["WAYLAND_DEBUG": "client"], logName: "client.log")
        let ended = client.wait(timeout: SandboxClient.timeout) ?? client.terminate()
        #expect(ended == .exited(1), "\(client.output())")
        let lines = client.output().split(separator: "\n")
        let protocolLines = lines.filter { $0.hasPrefix("[") }
        #expect(lines.filter { !$0.hasPrefix("[") } == [Substring(Self.refusal)], "\(lines.suffix(5))")
        // It looked at the globals and made no surface: no window appeared without the layer surface.
        #expect(protocolLines.contains { $0.contains("wl_registry@") && $0.contains(".global(") })
        #expect(!protocolLines.contains { $0.contains("create_surface(") }, "\(protocolLines.filter { $0.contains("->") })")
        // Refused before its outputs were published: a trace that would lack the layer surface
        // never appears.
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path).isEmpty)
    }
}
