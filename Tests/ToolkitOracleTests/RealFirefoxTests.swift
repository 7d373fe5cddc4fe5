import Testing
import ToolkitOracles
import TouchKit

/// What the real Firefox did in the shared run of ``RealToolkitTests`` (its corpus part is checked there).
extension RealToolkitTests {
    @Test func firefoxSendsClickDetailTwoAndDblclickForADoubleTapAndContextmenuAtTheHeldDown() throws {
        let firefox = try firefoxResult()
        #expect(firefox.version?.hasPrefix("153.") == true)
        // The kiosk window has no strip of its own: the probe tap found the page at the surface's origin.
        #expect(firefox.recording?.offsetX == 0 && firefox.recording?.offsetY == 0)
        // The probe's click is the only gesture outside every case.
        #expect(firefox.recording?.unplacedGestures == 1)
        let double = try firefoxCase(firefox, "double-tap")
        let ups = double.received.compactMap { record -> Double? in
            guard case .up(_, let time, _) = record.event else { return nil }
            return Double(time)
        }
        #expect(double.real.filter { $0.recognizer == "click" }.map(\.count) == [1, 2])
        #expect(double.real.filter { $0.recognizer == "dblclick" }.map(\.time) == [ups[1]])
        // 300 ms holds: the second down is 620 ms after the first, past the max tap time: two single clicks.
        #expect(try firefoxCase(firefox, "slow-pair").real.filter { $0.recognizer == "click" }.map(\.count) == [1, 1])
        // A held finger: contextmenu stamped with its down, and its up clicks no more.
        let held = try firefoxCase(firefox, "held")
        let down = try #require(held.received.first?.event.time)
        #expect(held.real.map(\.recognizer) == ["contextmenu"])
        #expect(held.real.first?.time == Double(down))
        // Every gesture's time is the wl_touch time of a down or up Firefox received in that case,
        // found from the wall clock of its cause: never a receipt stamp or a page time.
        for item in firefox.cases {
            let edges = Set(item.received.compactMap { record -> Double? in
                switch record.event {
                case .down(_, let time, _, _, _, _), .up(_, let time, _): Double(time)
                default: nil
                }
            })
            #expect(item.real.allSatisfy { edges.contains($0.time) }, "\(item.testCase.name): a time is no down's or up's")
        }
    }

    private func firefoxResult() throws -> ToolkitResult {
        let result = try #require(Self.run.toolkits.first { $0.oracle.toolkit == "firefox" })
        #expect(result.problem == nil, "\(result.problem ?? "")")
        return result
    }

    private func firefoxCase(_ result: ToolkitResult, _ name: String) throws -> ToolkitCaseResult {
        try #require(result.cases.first { $0.testCase.name == name })
    }
}
