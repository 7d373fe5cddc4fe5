import Testing
import TouchKit

/// Seed listing 3-1, "Detecting a double tap gesture": touchesEnded checks tapCount ≥ 2.
private final class DoubleTapView: View {
    var doubleTaps: [Point] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for touch in touches where touch.tapCount >= 2 {
            doubleTaps.append(touch.location(in: self))
        }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
}

@Suite struct DoubleTapListingTests {
    private func rig() -> (Rig, DoubleTapView) {
        let rig = Rig()
        let view = DoubleTapView(frame: rect(20, 20, 200, 200), name: "doubleTap")
        rig.window.addSubview(view)
        return (rig, view)
    }

    @Test func twoQuickTapsAreADoubleTap() {
        let (rig, view) = rig()
        rig.send(at: 1.000, down(0, 100, 100))
        rig.send(at: 1.080, up(0, 100, 100))
        #expect(view.doubleTaps.isEmpty)
        rig.send(at: 1.250, down(0, 104, 98))
        rig.send(at: 1.330, up(0, 104, 98))
        #expect(view.doubleTaps == [Point(x: 84, y: 78)])
    }

    @Test func slowTapsAreTwoSingleTaps() {
        let (rig, view) = rig()
        rig.send(at: 1.000, down(0, 100, 100))
        rig.send(at: 1.080, up(0, 100, 100))
        rig.send(at: 1.500, down(0, 100, 100))   // 420 ms after the up: above UIKit's 350 ms
        rig.send(at: 1.580, up(0, 100, 100))
        #expect(view.doubleTaps.isEmpty)
    }

    @Test func theThirdTapOfATripleTapAlsoCounts() {
        let (rig, view) = rig()
        for (index, start) in [1.0, 1.2, 1.4].enumerated() {
            rig.send(at: start, down(Int32(index), 50, 50))
            rig.send(at: start + 0.05, up(Int32(index), 50, 50))
        }
        #expect(view.doubleTaps == [Point(x: 30, y: 30), Point(x: 30, y: 30)])
    }
}
