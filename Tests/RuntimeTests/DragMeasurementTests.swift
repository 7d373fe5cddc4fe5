import Benchmarks
import SandboxHarness
import Testing
import TouchStream

/// How input, commit and repaint times become latencies (times in seconds, made up).
@Suite struct DragMeasurementTests {
    private let repaints = [WestonRepaint(begin: 1.010, posted: 1.011), WestonRepaint(begin: 1.035, posted: 1.036)]

    @Test func anInputIsShownByTheFirstRepaintAfterTheFirstCommitAfterIt() {
        let measurement = DragMeasurement(inputs: [1.000, 1.008, 1.016], commits: [1.009, 1.020], repaints: repaints)
        let commits = measurement.commitLatencies, shown = measurement.shownLatencies
        #expect(zip(commits, [0.009, 0.001, 0.004]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(zip(shown, [0.011, 0.003, 0.020]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(measurement.commitsPerRepaint == [1, 1])
    }

    @Test func commitsAfterTheLastRepaintAndInputsAfterTheLastCommitCountNowhere() {
        let measurement = DragMeasurement(inputs: [1.000, 1.050], commits: [1.001, 1.002, 1.040], repaints: repaints)
        #expect(measurement.commitsPerRepaint == [2])
        #expect(measurement.commitLatencies.count == 1 && measurement.shownLatencies.count == 1)
    }

    @Test func percentilesUseTheNearestRank() {
        let values = (1...100).map(Double.init)
        #expect(Percentile.of(values, 50) == 50 && Percentile.of(values, 99) == 99 && Percentile.of([], 50) == nil)
    }
}
