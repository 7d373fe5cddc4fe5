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
        // WAYLAND_DEBUG shows what the client asked of weston before it gave up.
        let run = try RefusedRun(arguments)
        #expect(run.ended == .exited(1), "\(run.output)")
        #expect(run.ownLines == [Substring(Self.refusal)], "\(run.output.suffix(400))")
        // It looked at the globals and made no surface: no window appeared without the layer surface.
        #expect(run.protocolLines.contains { $0.contains("wl_registry@") && $0.contains(".global(") })
        #expect(!run.madeASurface, "\(run.protocolLines.filter { $0.contains("->") })")
        // Refused before its outputs were published: a trace that would lack the layer surface
        // never appears.
        #expect(run.filesLeft.isEmpty)
    }
}
