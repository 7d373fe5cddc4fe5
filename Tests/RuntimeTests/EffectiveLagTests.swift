import Benchmarks
import SandboxHarness
import Testing
import TouchKit

/// `gesture-bench latency --effective`'s arithmetic on made-up drags with CLOCK_MONOTONIC-sized times.
@Suite struct EffectiveLagTests {
    static let start = 18_342.250  // s since boot

    /// 240 px/s to the right for 400 ms (frames 8 ms apart), then y turns back, then a 100 ms rest and the up.
    static func path() -> InjectedPath {
        var times: [Double] = [], points: [Point] = []
        for index in 0...60 {
            times.append(start + Double(index) * 0.008)
            let x = 100 + 1.92 * Double(index)
            let y = 300 + (index <= 40 ? Double(index) : 80 - Double(index))
            points.append(Point(x: x, y: y))
        }
        times.append(times.last! + 0.1)
        points.append(points.last!)
        return InjectedPath(times: times, points: points)
    }

    @Test func aDrawingAFrameBehindLagsByThatFrame() throws {
        let path = Self.path()
        // Frames every 16 ms drawing where the finger was 12 ms before their presentation.
        let frames = stride(from: Self.start + 0.03, to: Self.start + 0.3, by: 0.016).map { time in
            PresentedFrame(presented: time, drawn: path.position(at: time - 0.012)!)
        }
        let lag = EffectiveLag(frames: frames, path: path, turns: path.turns, stop: path.stop)
        #expect(lag.samples.count == frames.count)
        for sample in lag.samples {
            #expect(abs(sample.lag! - 0.012) < 1e-6)
            #expect(sample.overshoot < 1e-9, "behind on the path is lag, not overshoot")
        }
    }

    @Test func turnsAndTheStopAreFoundAndOvershootIsDistanceFromThePathTravelled() throws {
        let path = Self.path()
        #expect(path.turns == [path.times[40]])
        #expect(path.stop == path.times[60])
        // Drawn 5 px beyond where the finger stopped, 50 ms into its rest.
        let end = path.points[60]
        let beyond = PresentedFrame(presented: path.times[60] + 0.05, drawn: Point(x: end.x + 5, y: end.y))
        // At the turn, drawn 3 px further down than the finger ever went (it turned up at y = 340).
        let outward = PresentedFrame(presented: path.times[40], drawn: Point(x: path.points[40].x, y: 343))
        let lag = EffectiveLag(frames: [beyond, outward], path: path, turns: path.turns, stop: path.stop)
        let stop = try #require(lag.samples.first)
        #expect(stop.atStop && !stop.atTurn && stop.lag == nil)
        #expect(abs(stop.overshoot - 5) < 1e-9 && abs(stop.distance - 5) < 1e-9)
        let turn = try #require(lag.samples.last)
        #expect(turn.atTurn && !turn.atStop)
        #expect(abs(turn.overshoot - 3) < 1e-9)
    }

    @Test func clientsSeenFromOutsideShowTheLastInputBeforeTheirCommit() throws {
        let path = Self.path()
        let commit = path.times[10] + 0.002
        let measurement = DragMeasurement(inputs: path.times, commits: [commit],
                                          repaints: [WestonRepaint(begin: commit + 0.004, posted: commit + 0.009)])
        let frames = measurement.lastInputFrames(path: path, presentationDelay: nil)
        #expect(frames.count == 1)
        #expect(frames.first?.drawn == path.points[10] && frames.first?.presented == commit + 0.009)
        #expect(frames.first?.posted == commit + 0.009)
        // With the posting-to-presentation delay of weston measured, the frame is seen that much later.
        let delayed = measurement.lastInputFrames(path: path, presentationDelay: 0.0166)
        #expect(delayed.first.map { abs($0.presented - (commit + 0.009 + 0.0166)) < 1e-9 } == true)
        #expect(delayed.first?.posted == commit + 0.009)
        // Nothing is a frame before the client's first commit, nor after the finger lifted.
        let lag = EffectiveLag(frames: frames + [PresentedFrame(presented: path.times.last! + 1, drawn: path.points[0])],
                               path: path, turns: [], stop: path.stop)
        #expect(lag.samples.count == 1)
        #expect(abs(lag.samples[0].lag! - 0.011) < 1e-6, "presented 11 ms after the input it shows")
    }

    @Test func theTableReportsEveryClientsFigures() throws {
        let path = Self.path()
        // Each frame committed 20 ms before it is presented, into a repaint posted 16 ms before that.
        let frames = stride(from: Self.start + 0.03, to: Self.start + 0.55, by: 0.016).map { time in
            PresentedFrame(presented: time, drawn: path.position(at: max(Self.start, time - 0.004))!, aimed: time - 0.001,
                           committed: time - 0.020)
        }
        let repaints = frames.map { WestonRepaint(begin: $0.presented - 0.018, posted: $0.presented - 0.016) }
        let run = LatencyRun(client: "ours", measurement: DragMeasurement(inputs: path.times, commits: [], repaints: repaints),
                             startup: 0.01, peakResident: nil, cpu: nil, path: path, loggedFrames: frames)
        let table = EffectiveLagTable(runs: [run], clients: ["ours"])
        let row = try #require(table.rows.first)
        #expect(row.source == "frame log" && row.frames == frames.count)
        #expect(abs(row.lagP50! - 4) < 0.01)
        #expect(abs(row.aimErrorP50! - 1) < 1e-6)
        // At the posting the drawing was 12 ms ahead of the finger: 12 ms as a distance.
        #expect(abs(row.postedLagP50! - 12) < 0.5)
        #expect(row.stopFrames > 0 && row.turnFrames > 0)
        #expect(table.text.contains("| ours | 1 | \(frames.count) |"))
    }
}
