import Testing
import TouchKit

/// Seed listing 3-7: the last finger has lifted when the ended set is as large as
/// `event.touches(for: self)`.
private final class LastFingerView: View {
    var endings: [(ended: Int, forView: Int, isLast: Bool)] = []
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        let forView = event.touches(for: self).count
        endings.append((touches.count, forView, touches.count == forView))
    }
}

@Suite struct LastFingerListingTests {
    private func rig() -> (Rig, LastFingerView) {
        let rig = Rig()
        let view = LastFingerView(frame: rect(0, 0, 300, 300), name: "last")
        view.isMultipleTouchEnabled = true
        rig.window.addSubview(view)
        rig.addView("elsewhere", rect(0, 350, 100, 100))
        return (rig, view)
    }

    @Test func liftingOneOfTwoFingersIsNotTheLast() {
        let (rig, view) = rig()
        rig.send(at: 0, down(0, 10, 10), down(1, 20, 20), down(2, 50, 400))
        rig.send(at: 0.016, up(0, 10, 10))
        rig.send(at: 0.032, up(1, 20, 20))
        // A finger on another view does not count for this one.
        #expect(view.endings.map(\.isLast) == [false, true])
        #expect(view.endings.map(\.forView) == [2, 1])
        #expect(rig.app.activeTouches.map(\.id) == [2])
    }

    @Test func liftingBothFingersTogetherIsTheLast() {
        let (rig, view) = rig()
        rig.send(at: 0, down(0, 10, 10), down(1, 20, 20))
        rig.send(at: 0.016, up(0, 10, 10), up(1, 20, 20))
        #expect(view.endings.map(\.ended) == [2])
        #expect(view.endings.map(\.isLast) == [true])
    }
}
