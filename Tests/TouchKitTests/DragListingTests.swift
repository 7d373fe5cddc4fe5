import Testing
import TouchKit

/// Seed listing 3-3, "Dragging a view using a single touch": move the frame by location − previous location.
private final class DraggableView: View {
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        let location = touch.location(in: self), previous = touch.previousLocation(in: self)
        var moved = frame
        moved.origin.x += location.x - previous.x
        moved.origin.y += location.y - previous.y
        frame = moved
    }
}

@Suite struct DragListingTests {
    @Test func theViewFollowsTheFingerByDeltas() {
        let rig = Rig()
        let view = DraggableView(frame: rect(50, 50, 100, 100), name: "drag")
        rig.window.addSubview(view)
        rig.send(at: 0, down(0, 60, 70))
        rig.send(at: 0.016, move(0, 70, 75))
        #expect(view.frame == rect(60, 55, 100, 100))
        rig.send(at: 0.032, move(0, 200, 300))
        #expect(view.frame == rect(190, 280, 100, 100))
        rig.send(at: 0.048, up(0, 200, 300))
        // The log is written as the call starts, before the view follows: each move shows the finger
        // ahead of the view by that move's delta, and the up (no move) shows the kept offset (10, 20).
        #expect(rig.takeLog().filter { $0.hasPrefix("drag") } == [
            "drag touchesBegan 0@(10,20)", "drag touchesMoved 0@(20,25)",
            "drag touchesMoved 0@(140,245)", "drag touchesEnded 0@(10,20)",
        ])
    }

    @Test func aFingerLeavingTheViewStillDragsIt() {
        let rig = Rig()
        let view = DraggableView(frame: rect(0, 0, 40, 40), name: "drag")
        rig.window.addSubview(view)
        rig.send(at: 0, down(0, 5, 5))
        rig.send(at: 0.016, move(0, 300, 5))   // one big jump, far outside the 40-point view
        #expect(view.frame == rect(295, 0, 40, 40))
    }
}
