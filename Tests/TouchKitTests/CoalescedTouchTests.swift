import Testing
import TouchKit

@Suite struct CoalescedTouchTests {
    @Test func everyMotionSampleOfAFrameIsKeptInTheTouchesView() throws {
        final class Probe: View {
            var samples: [[Point]] = []
            var windowSamples: [[Point]] = []
            override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
                guard let touch = touches.first, let coalesced = event.coalescedTouches(for: touch) else { return }
                samples.append(coalesced.map { $0.location(in: self) })
                windowSamples.append(coalesced.map { $0.location(in: nil) })
                #expect(coalesced.allSatisfy { $0.timestamp == event.timestamp && $0.touch === touch })
            }
        }
        let rig = Rig()
        let probe = Probe(frame: rect(100, 100, 100, 100), name: "probe")
        rig.window.addSubview(probe)
        rig.send(at: 0, down(0, 110, 110))
        let path = [Point(x: 112, y: 110), Point(x: 115, y: 111), Point(x: 120, y: 113)]
        rig.send(at: 0.016, TouchInput(id: 0, phase: .moved, location: path[2], coalesced: path))
        #expect(probe.samples == [[Point(x: 12, y: 10), Point(x: 15, y: 11), Point(x: 20, y: 13)]])
        #expect(probe.windowSamples == [path])
        let touch = try #require(rig.app.activeTouches.first)
        #expect(touch.previousLocation(in: probe) == Point(x: 10, y: 10))
    }

    @Test func touchesNotInTheEventHaveNoSamples() throws {
        let rig = Rig()
        rig.send(at: 0, down(0, 10, 10))
        let old = try #require(rig.app.activeTouches.first)
        rig.send(at: 0.016, up(0, 10, 10))
        let event = Event(timestamp: 1, touches: [])
        #expect(event.coalescedTouches(for: old) == nil)
    }

    @Test func contactShapeAndEmulationAreCarried() throws {
        let rig = Rig()
        rig.send(at: 0, TouchInput(id: 3, phase: .began, location: Point(x: 5, y: 5), majorRadius: 12,
                                   orientation: 30, isEmulated: true))
        let touch = try #require(rig.app.activeTouches.first)
        #expect(touch.majorRadius == 12 && touch.orientation == 30 && touch.isEmulated)
        #expect(touch.window === rig.window && touch.view === rig.window)
        rig.send(at: 0.016, TouchInput(id: 3, phase: .moved, location: Point(x: 6, y: 5), majorRadius: 14))
        #expect(touch.majorRadius == 14 && touch.orientation == 30)
        rig.send(at: 0.032, move(3, 7, 5))   // no shape in this frame: the last size stays
        #expect(touch.majorRadius == 14)
    }
}
