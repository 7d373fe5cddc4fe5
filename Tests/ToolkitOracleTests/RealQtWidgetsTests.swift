import Testing
import ToolkitOracles
import TouchKit

/// What the real Qt 6 Widgets did in the shared run of ``RealToolkitTests`` (its corpus part is checked there).
extension RealToolkitTests {
    @Test func qtWidgetsDoubleClicksByPlaceNotTimeAndHoldsFor700ms() throws {
        let qt = try qtWidgetsResult()
        #expect(qt.version?.hasPrefix("6.4") == true)
        let presses = { (name: String) in
            try self.qtWidgetsGestures(qt, name).filter { $0.kind == .pointerDown }.map(\.recognizer)
        }
        // 620 ms press to press at one point, 320 ms from the first release: the synthesised mouse double-clicks
        // (the press itself is not delivered).
        #expect(try presses("slow-pair") == ["MouseButtonPress", "MouseButtonDblClick"])
        // 2 px apart: the cursor moves before the second press, which ends the series.
        #expect(try presses("double-tap") == ["MouseButtonPress", "MouseButtonPress"])
        // QTapAndHoldGesture finishes on its timer with the down's time; the tap has no time limit and still finishes.
        let held = try qtWidgetsGestures(qt, "held")
        let down = try #require(qt.cases.first { $0.testCase.name == "held" }?.received.first?.event.time)
        #expect(held.filter { $0.recognizer == "QTapAndHoldGesture" }.map(\.kind) == [.gestureStarted, .longPress])
        #expect(held.filter { $0.recognizer == "QTapAndHoldGesture" }.allSatisfy { $0.time == Double(down) })
        #expect(held.contains { $0.recognizer == "QTapGesture" && $0.kind == .tap && $0.time > Double(down) + 1000 })
        // The gesture manager filters each touch event twice: a tap starts and updates on its touch begin.
        let begin = held.filter { $0.recognizer == "QTapGesture" && $0.time == Double(down) }.map(\.kind)
        #expect(begin == [.gestureStarted, .gestureUpdated])
        // Every report carries the time of a wl_touch event Qt received in that case.
        for item in qt.cases {
            let times = Set(item.received.compactMap { $0.event.time }.map(Double.init))
            #expect(!item.real.isEmpty, "\(item.testCase.name): Qt reported nothing")
            #expect(item.real.allSatisfy { times.contains($0.time) }, "\(item.testCase.name): a time is no wl_touch time")
        }
    }

    private func qtWidgetsResult() throws -> ToolkitResult {
        let result = try #require(Self.run.toolkits.first { $0.oracle.toolkit == "qtwidgets" })
        #expect(result.problem == nil, "\(result.problem ?? "")")
        return result
    }

    private func qtWidgetsGestures(_ result: ToolkitResult, _ name: String) throws -> [ToolkitGesture] {
        try #require(result.cases.first { $0.testCase.name == name }).real
    }
}
