import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// `run --record` under the harness weston: presentation records next to the touch records.
@Suite(.serialized)
struct LivePresentationTests {
    @Test("a drag's trace holds presentation records whose latencies cover the drag's input")
    func dragIsRecordedWithPresentations() throws {
        let client = try SandboxClient()
        var script = "down 0 100 100; frame"
        for step in 1...20 { script += "; sleep 8; motion 0 \(100 + 3 * step) 100; frame" }
        script += "; sleep 8; up 0; frame; sleep 100"
        try client.inject(script)
        #expect(client.finish() == .exited(0))
        let trace = try client.trace()
        let motions = trace.records.filter { if case .motion = $0.event { true } else { false } }
        #expect(motions.count == 20)
        let shown = trace.presentations.filter { $0.presented != nil }
        #expect(!shown.isEmpty)
        #expect(shown.allSatisfy { $0.presented! > $0.committed && $0.refresh > 0 })
        // Every input event of the drag (down, motions, up) is in some presented frame's latencies,
        // each under a second (weston headless presents 16 ms after composing).
        let latencies = shown.flatMap(\.latencies)
        #expect(latencies.count >= 20 && latencies.count <= 22)
        #expect(latencies.allSatisfy { $0 > 0 && $0 < 1_000_000 })
    }
}
