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
        let run = try RefusedRun(arguments)
        #expect(run.ended == .exited(1), "\(run.output)")
        #expect(run.ownLines == [Substring(Self.refusal)], "\(run.output.suffix(400))")
        #expect(!run.madeASurface)
        #expect(run.filesLeft.isEmpty)
    }
}
