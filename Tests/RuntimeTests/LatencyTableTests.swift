import Benchmarks
import SandboxHarness
import Testing
import TouchKit

/// `gesture-bench latency`'s summary table, from runs made up here (the benchmark itself runs in
/// IntegrationTests, under weston).
@Suite struct LatencyTableTests {
    /// A run of `client` that used `cpu` seconds; the drag's times are CLOCK_MONOTONIC-like, days after boot.
    private func run(_ client: String, cpu: Double?) -> LatencyRun {
        let start = 412_305.25
        let inputs = (0..<4).map { start + Double($0) * 0.008 }
        return LatencyRun(client: client, measurement: DragMeasurement(inputs: inputs, commits: inputs.map { $0 + 0.002 }, repaints: []),
                          startup: 0.009, peakResident: 18 << 20, cpu: cpu,
                          path: InjectedPath(times: inputs, points: inputs.map { Point(x: ($0 - start) * 1000, y: 100) }))
    }

    @Test func cpuIsComparedWithSimpleTouchRoundByRoundSoTheMachinesDriftCancels() throws {
        // The machine slows by half in the second round and speeds up in the third, for both
        // clients alike; one round has no CPU figure for us.
        let ours = [0.040, 0.060, 0.030, nil], simple: [Double?] = [0.008, 0.012, 0.006, 0.007]
        var runs: [LatencyRun] = []
        for round in 0..<4 {
            runs.append(run("gesture-sandbox", cpu: ours[round]))
            runs.append(run("weston-simple-touch", cpu: simple[round]))
        }
        let table = LatencyTable(runs: runs, clients: ["gesture-sandbox", "weston-simple-touch"])
        #expect(table.rows[0].cpuRatio.map { abs($0 - 5) < 1e-9 } == true, "\(table.rows[0].cpuRatio as Any)")
        #expect(table.rows[1].cpuRatio == 1)
        // The median of the medians would say 40 / 7.5 = 5.3.
        #expect(table.rows[0].cpu.map { abs($0 - 40) < 1e-9 } == true)
        let ourLine = try #require(table.text.split(separator: "\n").first { $0.hasPrefix("| gesture-sandbox ") })
        #expect(ourLine.hasSuffix("| 40.0 | 5.00 | – |"), "\(ourLine)")
    }

    @Test func withoutSimpleTouchThereIsNoRatio() throws {
        let table = LatencyTable(runs: [run("gesture-sandbox", cpu: 0.04)], clients: ["gesture-sandbox"])
        #expect(table.rows[0].cpuRatio == nil)
        #expect(table.text.split(separator: "\n").last?.hasSuffix("| 40.0 | – | – |") == true)
    }

    @Test func wakeupsArePerRepaintThatTookACommitTheMedianOverRuns() throws {
        // Four inputs 8 ms apart, each committed 2 ms later, and repaints every 12 ms.
        func run(wakeups: Int?) -> LatencyRun {
            var run = self.run("gesture-sandbox", cpu: 0.04)
            let start = run.measurement.inputs[0]
            run.measurement.repaints = [0.004, 0.016, 0.028, 0.040].map { WestonRepaint(begin: start + $0, posted: start + $0 + 0.003) }
            run.wakeups = wakeups
            return run
        }
        let measured = run(wakeups: 12)
        // The commits at +2, +10, +18 and +26 ms go into the repaints at +4, +16 and +28 (two): three frames.
        #expect(measured.measurement.commitsPerRepaint.count == 3)
        #expect(measured.wakeupsPerRepaint == 4)
        #expect(run(wakeups: nil).wakeupsPerRepaint == nil)
        let table = LatencyTable(runs: [run(wakeups: 6), measured, run(wakeups: 30)], clients: ["gesture-sandbox"])
        #expect(table.rows[0].wakeupsPerRepaint == 4, "the median of 2, 4 and 10")
        #expect(table.text.split(separator: "\n").last?.hasSuffix("| 4.0 |") == true)
    }
}
