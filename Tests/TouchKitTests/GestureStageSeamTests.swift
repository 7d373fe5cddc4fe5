import Testing
import TouchKit

/// A stand-in for the next issue's recognizers: sees events first, holds touches back,
/// and takes a touch away from its view once it has moved far enough.
private final class StealingStage: GestureRecognitionStage {
    var seen: [[Int32]] = []
    var holdBack: Set<Int32> = []
    var stealAfterX: Double?
    func window(_ window: Window, willDeliver event: Event) -> Set<Touch> {
        seen.append(event.orderedTouches.map(\.id))
        if let limit = stealAfterX {
            let far = event.allTouches.filter { $0.phase == .moved && $0.location(in: nil).x > limit }
            if !far.isEmpty { window.cancelViewDelivery(of: far, with: event) }
        }
        return event.allTouches.filter { holdBack.contains($0.id) }
    }
}

@Suite struct GestureStageSeamTests {
    @Test func theStageSeesEventsBeforeViewsAndCanHoldTouchesBack() {
        let rig = Rig()
        let stage = StealingStage()
        rig.window.gestureStage = stage
        rig.window.isMultipleTouchEnabled = true
        stage.holdBack = [1]
        rig.send(at: 0, down(0, 10, 10), down(1, 20, 20))
        #expect(stage.seen == [[0, 1]])
        #expect(rig.takeLog() == ["window touchesBegan 0@(10,10)", "app touchesBegan 0@(10,10)"])
    }

    @Test func cancellingViewDeliveryEndsTheTouchForTheViewOnly() {
        let rig = Rig()
        let stage = StealingStage()
        rig.window.gestureStage = stage
        rig.addView("slider", rect(0, 0, 200, 50))
        stage.stealAfterX = 50
        rig.send(at: 0, down(0, 10, 10))
        rig.send(at: 0.016, move(0, 30, 10))
        rig.send(at: 0.032, move(0, 60, 10))
        rig.send(at: 0.048, move(0, 90, 10))
        rig.send(at: 0.064, up(0, 90, 10))
        #expect(rig.takeLog().filter { $0.hasPrefix("slider") } == [
            "slider touchesBegan 0@(10,10)", "slider touchesMoved 0@(30,10)", "slider touchesCancelled 0@(60,10)",
        ])
        #expect(stage.seen.count == 5)   // the stage keeps seeing the touch
    }
}
