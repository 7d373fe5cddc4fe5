import Testing
import TouchKit

/// Coalesced samples keep each motion's own time: several motions in one frame, and frames a
/// host folded into one delivery (`InputFrame.folding`).
@Suite struct CoalescedSampleTimeTests {
    static let boot = 2_981_733.402

    final class Probe: View {
        var events: [(phase: TouchPhase, samples: [TouchSample], location: Point, timestamp: Double)] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) { note(touches, event) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event) { note(touches, event) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) { note(touches, event) }
        private func note(_ touches: Set<Touch>, _ event: Event) {
            for touch in touches.sorted(by: { $0.id < $1.id }) {
                events.append((touch.phase, event.coalescedTouches(for: touch) ?? [], touch.location(in: nil), event.timestamp))
            }
        }
    }

    func rig() -> (Rig, Probe) {
        let rig = Rig()
        let probe = Probe(frame: rect(0, 0, 320, 480), name: "probe")
        probe.isMultipleTouchEnabled = true
        rig.window.addSubview(probe)
        return (rig, probe)
    }

    @Test func severalMotionsInOneFrameKeepTheirOwnTimes() throws {
        let (rig, probe) = rig()
        let t = Self.boot
        rig.send(at: t, down(0, 10, 10))
        let path = [Point(x: 12, y: 10), Point(x: 15, y: 11), Point(x: 20, y: 13)]
        // As cage delivers them: three motions 4 ms apart flushed as one frame at the last one's time.
        rig.send(at: t + 0.012, TouchInput(id: 0, phase: .moved, location: path[2], coalesced: path,
                                           coalescedTimes: [t + 0.004, t + 0.008, t + 0.012]))
        let moved = try #require(probe.events.last)
        #expect(moved.samples.map(\.windowLocation) == path)
        #expect(moved.samples.map(\.timestamp) == [t + 0.004, t + 0.008, t + 0.012])
        #expect(moved.samples.last?.windowLocation == moved.location)
        // Samples without their own times carry the event's.
        rig.send(at: t + 0.020, move(0, 25, 13))
        #expect(probe.events.last?.samples.map(\.timestamp) == [t + 0.020])
    }

    @Test func foldedFramesDeliverEverySampleWithItsTime() throws {
        let (rig, probe) = rig()
        let t = Self.boot
        let frames = [
            InputFrame(timestamp: t, passes: [[down(0, 10, 10), down(1, 100, 100)]]),
            InputFrame(timestamp: t + 0.008, passes: [[move(0, 12, 10), move(1, 101, 100)]]),
            InputFrame(timestamp: t + 0.016, passes: [[TouchInput(id: 0, phase: .moved, location: Point(x: 16, y: 10),
                                                                  coalesced: [Point(x: 14, y: 10), Point(x: 16, y: 10)],
                                                                  coalescedTimes: [t + 0.012, t + 0.016])]]),
            InputFrame(timestamp: t + 0.024, passes: [[move(0, 19, 10)]]),
            InputFrame(timestamp: t + 0.032, passes: [[up(0, 19, 10)]]),
        ]
        let folded = InputFrame.folding(frames)
        #expect(folded.count == 3, "down, the three moves, up")
        #expect(folded[1].timestamp == t + 0.024)
        for frame in folded {
            rig.clock.advance(to: frame.timestamp)
            rig.app.handle(frame)
        }
        let moves = probe.events.filter { $0.phase == .moved }
        #expect(moves.count == 2, "one event moves both fingers")
        let first = try #require(moves.first { $0.location.x < 50 })
        #expect(first.samples.map(\.windowLocation.x) == [12, 14, 16, 19])
        #expect(first.samples.map(\.timestamp) == [t + 0.008, t + 0.012, t + 0.016, t + 0.024])
        #expect(first.timestamp == t + 0.024 && first.samples.last?.windowLocation == first.location)
        // Finger 1 moved only in the first folded frame: its sample keeps that frame's time.
        let second = try #require(moves.first { $0.location.x > 50 })
        #expect(second.samples.map(\.timestamp) == [t + 0.008])
        #expect(probe.events.last?.phase == .ended)
    }

    @Test func phaseChangesAndSplitFramesAreNeverFolded() {
        let t = Self.boot
        let frames = [
            InputFrame(timestamp: t, passes: [[move(0, 1, 1)]]),
            InputFrame(timestamp: t + 0.008, passes: [[move(0, 2, 1), down(1, 5, 5)]]),
            InputFrame(timestamp: t + 0.016, passes: [[move(0, 3, 1)], [move(1, 6, 5)]]),
            InputFrame(timestamp: t + 0.024, passes: [[move(0, 4, 1)]]),
            InputFrame(timestamp: t + 0.032, passes: [[cancel(0, 4, 1)]]),
        ]
        #expect(InputFrame.folding(frames) == frames)
    }
}
