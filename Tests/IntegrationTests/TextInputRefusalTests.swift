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
        let run = try RefusedRun(arguments)
        #expect(run.ended == .exited(1), "\(run.output)")
        #expect(run.ownLines == [Substring(refusal)], "\(run.output.suffix(400))")
        // The refusal is true: the globals weston announced hold no text-input v3.
        #expect(run.protocolLines.contains { $0.contains(".global(") })
        #expect(!run.protocolLines.contains { $0.contains("zwp_text_input_manager_v3") })
        #expect(!run.madeASurface, "\(run.protocolLines.filter { $0.contains("->") })")
        #expect(run.filesLeft.isEmpty)
    }
}
