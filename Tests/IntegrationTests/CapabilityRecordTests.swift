import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// The seat-capability record as our client writes it under weston, and the checker's view of it.
@Suite(.serialized)
struct CapabilityRecordTests {
    /// Seconds to let the client see a capability change (no redraw follows one).
    private static let settle = 0.3

    @Test("the trace starts with capabilities touch; removing and re-adding touch are recorded in order; check passes")
    func touchRemovedAndAddedBack() throws {
        let client = try SandboxClient()
        try client.inject("down 0 100 100; frame; up 0; frame")
        try client.harness.setTouchCapability(false)
        try client.harness.dispatch(for: Self.settle)
        try client.harness.setTouchCapability(true)
        try client.harness.dispatch(for: Self.settle)
        try client.inject("down 1 200 200; frame; motion 1 210 200; frame; up 1; frame")
        #expect(client.finish() == .exited(0))

        let records = try client.trace().touchRecords
        #expect(records.first?.event == .capabilities(touch: true))
        let capabilities = records.compactMap { record -> Bool? in
            if case .capabilities(let touch) = record.event { touch } else { nil }
        }
        #expect(capabilities == [true, false, true])
        let names = records.map(\.event.name)
        let removed = try #require(records.firstIndex { $0.event == .capabilities(touch: false) })
        #expect(names[..<removed].contains("up"))
        #expect(names[removed...].filter { $0 == "down" }.count == 1)

        let dir = try TemporaryDirectory()
        let check = try ChildProcess(executable: try sandboxExecutable(), arguments: ["check", client.tracePath],
                                     environment: ProcessInfo.processInfo.environment, logPath: dir.file("check.log"))
        #expect(check.wait(timeout: SandboxClient.timeout) == .exited(0), "\(check.output())")
        #expect(check.output().contains("0 violations"), "\(check.output())")
    }
}
