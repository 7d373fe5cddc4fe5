import Testing
import TouchKit

/// A view that handles touches itself (does not call super), so the chain stops at it.
private final class HandlingView: View {
    var phases: [TouchPhase] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { phases.append(.began) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { phases.append(.moved) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { phases.append(.ended) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { phases.append(.cancelled) }
}

@Suite struct DeliveryOrderTests {
    private func handlingRig() -> (Rig, HandlingView, HandlingView) {
        let rig = Rig()
        let a = HandlingView(frame: rect(0, 0, 100, 100), name: "A")
        let b = HandlingView(frame: rect(0, 200, 100, 100), name: "B")
        a.isMultipleTouchEnabled = true
        rig.window.addSubview(a)
        rig.window.addSubview(b)
        return (rig, a, b)
    }

    @Test func onePhaseCallPerViewInBeganMovedEndedCancelledOrder() {
        let (rig, a, b) = handlingRig()
        rig.send(at: 0, down(1, 10, 10), down(2, 20, 20), down(3, 30, 30), down(9, 50, 250))
        #expect(rig.takeLog() == ["A touchesBegan 1@(10,10) 2@(20,20) 3@(30,30)", "B touchesBegan 9@(50,50)"])
        // Input order ended, cancelled, moved, began: delivery order is still began, moved, ended, cancelled.
        rig.send(at: 0.016, up(1, 10, 10), cancel(2, 20, 20), move(3, 35, 30), down(4, 40, 40))
        #expect(rig.takeLog() == ["A touchesBegan 4@(40,40)", "A touchesMoved 3@(35,30)",
                                  "A touchesEnded 1@(10,10)", "A touchesCancelled 2@(20,20)"])
        #expect(a.phases == [.began, .began, .moved, .ended, .cancelled])
        #expect(b.phases == [.began])
    }

    @Test func stationaryTouchesAreInTheEventButNeverDelivered() {
        let (rig, _, b) = handlingRig()
        final class Probe: View {
            var seen: [(all: [Int32], forView: [Int32], phases: [TouchPhase])] = []
            override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
                let all = event.allTouches.sorted { $0.id < $1.id }
                seen.append((all.map(\.id), event.touches(for: self).map(\.id).sorted(), all.map(\.phase)))
            }
        }
        let probe = Probe(frame: rect(200, 0, 100, 100), name: "probe")
        rig.window.addSubview(probe)
        rig.send(at: 0, down(0, 250, 50), down(1, 50, 250))
        rig.takeLog()
        rig.send(at: 0.016, move(0, 260, 50))
        #expect(rig.takeLog() == ["probe touchesMoved 0@(60,50)"])
        #expect(probe.seen.count == 1)
        #expect(probe.seen.first?.all == [0, 1])
        #expect(probe.seen.first?.forView == [0])
        #expect(probe.seen.first?.phases == [.moved, .stationary])
        #expect(b.phases == [.began])
    }

    @Test func touchStaysBoundToItsViewAfterLeavingIt() {
        let (rig, _, b) = handlingRig()
        rig.send(at: 0, down(5, 50, 250))
        rig.send(at: 0.016, move(5, 50, 50))   // now over A
        rig.send(at: 0.032, move(5, 300, 450)) // over the bare window
        rig.send(at: 0.048, up(5, 300, 450))
        #expect(rig.takeLog() == ["B touchesBegan 5@(50,50)", "B touchesMoved 5@(50,-150)",
                                  "B touchesMoved 5@(300,250)", "B touchesEnded 5@(300,250)"])
        #expect(b.phases == [.began, .moved, .moved, .ended])
        #expect(rig.app.activeTouches.isEmpty)
    }

    @Test func defaultImplementationsForwardUpTheChain() {
        let rig = Rig()
        let parent = rig.addView("parent", rect(100, 100, 100, 100))
        rig.addView("child", rect(10, 10, 20, 20), to: parent)
        rig.send(at: 0, down(0, 115, 115))
        rig.send(at: 0.016, up(0, 115, 115))
        #expect(rig.takeLog() == [
            "child touchesBegan 0@(5,5)", "parent touchesBegan 0@(15,15)",
            "window touchesBegan 0@(115,115)", "app touchesBegan 0@(115,115)",
            "child touchesEnded 0@(5,5)", "parent touchesEnded 0@(15,15)",
            "window touchesEnded 0@(115,115)", "app touchesEnded 0@(115,115)",
        ])
    }

    @Test func touchObjectKeepsIdentityAndTracksPreviousLocation() throws {
        let (rig, _, _) = handlingRig()
        rig.send(at: 0, down(7, 10, 10))
        let touch = try #require(rig.app.activeTouches.first)
        #expect(touch.phase == .began && touch.location(in: nil) == Point(x: 10, y: 10))
        #expect(touch.previousLocation(in: nil) == Point(x: 10, y: 10))
        rig.send(at: 0.016, move(7, 14, 13))
        #expect(rig.app.activeTouches.first === touch)
        #expect(touch.phase == .moved && touch.timestamp == 0.016)
        #expect(touch.previousLocation(in: nil) == Point(x: 10, y: 10))
        #expect(touch.location(in: nil) == Point(x: 14, y: 13))
        rig.send(at: 0.032, up(7, 14, 13))
        #expect(touch.phase == .ended && rig.app.activeTouches.isEmpty)
        rig.send(at: 0.048, down(7, 10, 10))
        #expect(rig.app.activeTouches.first !== touch)
    }
}
