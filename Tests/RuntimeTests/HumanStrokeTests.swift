import Benchmarks
import SandboxHarness
import Testing
import TouchKit

/// The minimum-jerk strokes `gesture-bench latency --effective` injects after its drag, and the
/// table that reports effective lag by kind of stroke.
@Suite struct HumanStrokeTests {
    /// CLOCK_MONOTONIC seconds, a day and a bit after boot.
    static let start = 93_417.372

    @Test func aStrokeFollowsTheMinimumJerkProfileAndEndsAtItsLengthAtRest() throws {
        let stroke = HumanStroke(length: 300, duration: 0.3, hold: 0)
        // s(τ) = L·(10τ³ − 15τ⁴ + 6τ⁵): half way at half time, 10.4 % at a quarter, 89.6 % at three quarters.
        #expect(abs(stroke.distance(at: 0.15) - 150) < 1e-9)
        #expect(abs(stroke.distance(at: 0.075) - 300 * 0.103515625) < 1e-9)
        #expect(abs(stroke.distance(at: 0.225) - 300 * 0.896484375) < 1e-9)
        #expect(stroke.distance(at: 0) == 0 && stroke.distance(at: 0.3) == 300)
        // Peak speed 1.875 L/T half way; at rest at both ends.
        #expect(abs(stroke.speed(at: 0.15) - 1875) < 1e-9)
        #expect(stroke.speed(at: 0) == 0 && stroke.speed(at: 0.3) == 0)
    }

    @Test func itsFramesAreSampledOnTheCompositorsClockAndMoveOneWayToTheEnd() throws {
        let stroke = HumanStroke(length: 600, duration: 0.15, hold: 0)
        let path = stroke.path(start: Self.start, origin: Point(x: 400, y: 200), direction: (0.8, 0.6), interval: 0.008)
        // Down at the start, motions every 8 ms to 144 ms, the last at 150 ms, the up a sample later.
        #expect(path.times.first == Self.start)
        #expect(path.times.count == 1 + 18 + 1 + 1)
        #expect(abs(path.times[18] - (Self.start + 0.144)) < 1e-9)
        #expect(abs(path.times[19] - (Self.start + 0.15)) < 1e-9)
        #expect(abs(path.times[20] - (Self.start + 0.158)) < 1e-9)
        #expect(path.points.first == Point(x: 400, y: 200))
        let end = try #require(path.points.last)
        #expect(abs(end.x - 880) < 1e-9 && abs(end.y - 560) < 1e-9, "600 px along (0.8, 0.6)")
        #expect(path.points[19] == end, "the up lifts where the last motion came to rest")
        for (a, b) in zip(path.points, path.points.dropFirst()) { #expect(b.x >= a.x && b.y >= a.y) }
        for (a, b) in zip(path.times, path.times.dropFirst()) { #expect(b > a) }
        #expect(path.stop == path.times[19])
        // Its last step is short: the finger slows to rest rather than stopping from speed.
        let steps = zip(path.points, path.points.dropFirst()).map { abs($1.x - $0.x) / 0.8 }
        #expect(steps.max()! > 50 && steps[18] < 0.5)
    }

    @Test func aHeldStrokeRestsBeforeItLiftsAndTheSetCoversEveryLengthAndDuration() throws {
        let held = HumanStroke(length: 100, duration: 0.6, hold: 0.1)
        let path = held.path(start: Self.start, origin: Point(x: 100, y: 600), direction: (0.8, -0.6), interval: 0.008)
        #expect(held.kind == .minimumJerkHeld && HumanStroke(length: 100, duration: 0.6, hold: 0).kind == .minimumJerk)
        #expect(abs(path.times.last! - (Self.start + 0.7)) < 1e-9)
        #expect(abs(path.points.last!.y - 540) < 1e-9)
        let set = HumanStroke.benchmarkSet(hold: 0.1)
        #expect(set.count == 18)
        #expect(Set(set.map(\.length)) == [100, 300, 600] && Set(set.map(\.duration)) == [0.15, 0.3, 0.6])
        #expect(set.filter { $0.hold == 0.1 }.count == 9 && set.filter { $0.hold == 0 }.count == 9)
    }

    @Test func theTableHasARowPerKindWithItsLagAndOvershoot() throws {
        let interval = 0.008
        let drag = InjectedPath(times: (0..<40).map { Self.start + Double($0) * interval },
                                points: (0..<40).map { Point(x: 100 + 2 * Double(min($0, 38)), y: 100) })
        // Frames 16 ms apart drawing where the finger was 4 ms before they are seen, except
        // that the held stroke's frames draw 2 px beyond the finger along its direction.
        func frames(_ path: InjectedPath, ahead: Double) -> [PresentedFrame] {
            stride(from: path.times[0] + 0.01, to: path.times.last!, by: 0.016).map { time in
                let p = path.position(at: max(path.times[0], time - 0.004))!
                return PresentedFrame(presented: time, drawn: Point(x: p.x + 0.8 * ahead, y: p.y + 0.6 * ahead))
            }
        }
        let quick = HumanStroke(length: 300, duration: 0.3, hold: 0)
            .path(start: Self.start + 1, origin: Point(x: 100, y: 100), direction: (0.8, 0.6), interval: interval)
        let held = HumanStroke(length: 300, duration: 0.3, hold: 0.1)
            .path(start: Self.start + 2, origin: Point(x: 100, y: 100), direction: (0.8, 0.6), interval: interval)
        var run = LatencyRun(client: "ours", measurement: DragMeasurement(inputs: drag.times, commits: [], repaints: []),
                             startup: 0.01, peakResident: nil, cpu: nil, path: drag,
                             loggedFrames: frames(drag, ahead: 0) + frames(quick, ahead: 0) + frames(held, ahead: 2))
        run.strokes = [InjectedStroke(kind: .minimumJerk, path: quick), InjectedStroke(kind: .minimumJerkHeld, path: held)]
        let table = StrokeKindTable(runs: [run], clients: ["ours", "absent"])
        #expect(table.rows.map(\.kind) == [.abrupt, .minimumJerk, .minimumJerkHeld])
        let abrupt = table.rows[0], quickRow = table.rows[1], heldRow = table.rows[2]
        #expect(abrupt.lagP50.map { abs($0 - 4) < 1e-6 } == true, "a steady finger 4 ms behind is 4 ms of lag")
        #expect(abrupt.overshootP99.map { $0 < 1e-9 } == true)
        #expect(quickRow.strokes == 1 && quickRow.frames == frames(quick, ahead: 0).count)
        #expect(quickRow.overshootP99.map { $0 < 1e-9 } == true, "behind on the path is never overshoot")
        #expect(quickRow.lagP50.map { $0 > 2 && $0 < 6 } == true, "\(quickRow.lagP50 as Any)")
        #expect(heldRow.overshootMax.map { $0 > 1.9 && $0 <= 2 + 1e-9 } == true, "\(heldRow.overshootMax as Any)")
        #expect(table.text.contains("| ours | minimum-jerk, held | 1 | \(heldRow.frames) |"))
        #expect(!table.text.contains("absent"))
    }
}
