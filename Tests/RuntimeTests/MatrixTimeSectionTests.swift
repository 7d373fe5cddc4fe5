import CompositorDrivers
import Foundation
@testable import Matrix
import TestSupport
import Testing

// MARK: - report.md's Time section: where a run's seconds went

@Suite struct MatrixTimeSectionTests {
    private func result(weston: MatrixColumnTiming?, sway: MatrixColumnTiming?, seconds: Double) throws -> MatrixResult {
        var result = try SyntheticCompositors.repeated([
            (.weston, [.ran(try SyntheticCompositors.run(SyntheticCompositors.framed))]),
            (.sway, [.ran(try SyntheticCompositors.run(SyntheticCompositors.framed))]),
        ])
        result.columns[0].timing = weston
        result.columns[1].timing = sway
        result.seconds = seconds
        return result
    }

    private func timing(starts: Int, startSeconds: Double, scripts: [String: Double], runs: Int, waits: Double,
                        total: Double) -> MatrixColumnTiming {
        var timing = MatrixColumnTiming()
        timing.starts = starts
        timing.startSeconds = startSeconds
        timing.scriptSeconds = scripts
        timing.runs = runs
        timing.waitSeconds = waits
        timing.totalSeconds = total
        return timing
    }

    @Test func eachColumnShowsItsStartsRunsWaitsAndSlowestScript() throws {
        var weston = timing(starts: 2, startSeconds: 3.04, scripts: ["tap": 1.25, "drag": 2.5], runs: 3, waits: 2.61, total: 6.83)
        weston.phaseSeconds = [.screenshots: 1.04, .clientStarts: 0.51]
        let sway = timing(starts: 1, startSeconds: 4.5, scripts: ["tap": 1.5, "drag": 1.5], runs: 2, waits: 2.2, total: 7.52)
        let markdown = MatrixReport.markdown(try result(weston: weston, sway: sway, seconds: 14.4))
        let section = try #require(markdown.components(separatedBy: "## Time\n\n").last?.components(separatedBy: "\n## ").first)
        #expect(section.hasPrefix("The run took 14.4 s; the compositors' columns add up to 14.4 s. "), "\(section)")
        #expect(section.contains("| column | 6.8 s | 7.5 s |\n"), "\(section)")
        #expect(section.contains("| starts | 2 in 3 s | 1 in 4.5 s |\n"), "\(section)")
        // 3.75 s over 3 runs; 3 s over 2.
        #expect(section.contains("| script runs | 3 in 3.8 s, 1.3 s each | 2 in 3 s, 1.5 s each |\n"), "\(section)")
        #expect(section.contains("| of which waits | 2.6 s | 2.2 s |\n"), "\(section)")
        // The steps, in the order a run takes them; a step that never ran is a dash.
        #expect(section.contains("| – client starts | 0.5 s | - |\n| – injections | - | - |\n| – settles | - | - |\n"
            + "| – screenshots | 1 s | - |\n"), "\(section)")
        // A tie goes to the first name in order.
        #expect(section.contains("| slowest script | drag 2.5 s | drag 1.5 s |\n"), "\(section)")
    }

    @Test func columnsRunAtOnceAreSaidSo() throws {
        let one = timing(starts: 1, startSeconds: 1, scripts: ["tap": 9], runs: 1, waits: 1, total: 10)
        let markdown = MatrixReport.markdown(try result(weston: one, sway: one, seconds: 10.2))
        #expect(markdown.contains("The run took 10.2 s; the compositors' columns add up to 20 s (several ran at once)."))
    }

    @Test func aResultWithoutTimingsHasNoSection() throws {
        let markdown = MatrixReport.markdown(try result(weston: nil, sway: nil, seconds: 3))
        #expect(!markdown.contains("## Time"))
    }
}
