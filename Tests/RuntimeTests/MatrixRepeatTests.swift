import CompositorDrivers
import Foundation
@testable import Matrix
import Testing
import TouchStream

// MARK: - --repeat: k/n, unstable, the usual run

@Suite struct MatrixRepeatTests {
    private func run(_ text: String) throws -> MatrixCell { .ran(try SyntheticCompositors.run(text)) }
    /// A stream with an empty frame: R4, a violation.
    private static let emptyFrame = "down 0 60 100; down 1 140 100; frame; frame; motion 0 70 100; frame; up 0; up 1; frame"

    @Test func findingsAreCountedPerRunAndThoseOfSomeRunsAreUnstable() throws {
        let cell = MatrixCellRuns([try run(SyntheticCompositors.noFrameAfterUp), try run(SyntheticCompositors.framed),
                                   try run(SyntheticCompositors.noFrameAfterUp)])
        #expect(cell.ran.map(\.number) == [1, 2, 3])
        #expect(cell.findingCounts.map(\.id) == ["A1"] && cell.findingCounts.map(\.runs) == [2])
        #expect(cell.isUnstable("A1") && !cell.isUnstable("R4") && cell.unstableFindings == ["A1"])
        #expect(cell.streamVaried)
        // The stream seen most often stands for the cell: runs 1 and 3 sent it, run 1 first.
        #expect(cell.usualRunNumber == 1)
        let tie = MatrixCellRuns([try run(SyntheticCompositors.framed), try run(SyntheticCompositors.noFrameAfterUp)])
        #expect(tie.usualRunNumber == 1, "a tie goes to the stream seen first")
        let stable = MatrixCellRuns([try run(SyntheticCompositors.framed), try run(SyntheticCompositors.framed)])
        #expect(!stable.streamVaried && stable.unstableFindings.isEmpty)
    }

    @Test func reportShowsKOfNAndMarksWhatSomeRunsShowedUnstable() throws {
        let result = try SyntheticCompositors.repeated([
            (.weston, [try run(SyntheticCompositors.noFrameAfterUp), try run(SyntheticCompositors.framed),
                       try run(SyntheticCompositors.noFrameAfterUp)]),
            (.kwin, [try run(SyntheticCompositors.framed), try run(SyntheticCompositors.framed),
                     try run(SyntheticCompositors.framed)]),
        ])
        let text = MatrixReport.markdown(result)
        #expect(text.contains("each cell run 3 times"))
        #expect(text.contains("| two | A 2/3, B 1/3 (unstable) · A1 2/3 (unstable) | B 3/3 ✓ | differ: 2 streams; varied: weston |"),
                "\(text)")
        let findings = try #require(text.components(separatedBy: "## Findings: rule × compositor").last)
        #expect(findings.contains("| A1 no frame after the last up | two 2/3 (unstable) |  |"))
        let unstable = try #require(text.components(separatedBy: "## Unstable: seen in some runs only").last)
        #expect(unstable.contains("| weston | two | A1 no frame after the last up | 2/3 |"))
        #expect(unstable.contains("| weston | two | stream varied (the script's section has the frames) | A 2/3, B 1/3 |"))
        #expect(text.contains("Varied from run to run: weston (A 2/3, B 1/3)"))
        #expect(MatrixReport.verdict(result).contains("Unstable, seen in some runs only: weston two A1 2/3. "
            + "Streams that varied from run to run: weston two."))
        #expect(MatrixHTML.page(result).contains("A 2/3, B 1/3 (unstable) · A1 2/3 (unstable)"))
    }

    @Test func compositorsAreComparedByEachCellsUsualRun() throws {
        // weston sent the framed stream twice and another once: it agrees with KWin, and varied.
        let result = try SyntheticCompositors.repeated([
            (.weston, [try run(SyntheticCompositors.framed), try run(SyntheticCompositors.noFrameAfterUp),
                       try run(SyntheticCompositors.framed)]),
            (.kwin, [try run(SyntheticCompositors.framed), try run(SyntheticCompositors.framed),
                     try run(SyntheticCompositors.framed)]),
        ])
        let comparison = try #require(result.comparisons.first)
        #expect(comparison.agrees && comparison.varied == [.weston])
        #expect(comparison.variants.map(\.label) == ["A", "B"] && comparison.usualVariants.map(\.label) == ["A"])
        #expect(comparison.variantCounts(of: .weston).map(\.label) == ["A", "B"])
        #expect(comparison.variantCounts(of: .weston).map(\.count) == [2, 1])
        #expect(MatrixReport.agreement(comparison) == "agree; varied: weston")
        // An ambiguity in one run of three breaks no rule: exit status 0, the verdict says why it is unstable.
        #expect(result.exitCode == 0)
        #expect(MatrixReport.verdict(result).hasPrefix("every compositor agrees and no rule is broken. Unstable"))
    }

    @Test func aRuleBrokenInOneRunOnlyStillMakesTheStatusOneAndIsExplained() throws {
        let result = try SyntheticCompositors.repeated([
            (.weston, [try run(SyntheticCompositors.framed), try run(Self.emptyFrame), try run(SyntheticCompositors.framed)]),
        ])
        #expect(result.exitCode == 1)
        let verdict = MatrixReport.verdict(result)
        #expect(verdict.contains("a rule is broken (exit status 1)") && verdict.contains("weston two R4 1/3"))
    }

    @Test func aRunThatFailedIsCountedInNoDenominatorAndMakesTheStatusTwo() throws {
        let result = try SyntheticCompositors.repeated([
            (.weston, [try run(SyntheticCompositors.noFrameAfterUp), .failed("our client ended with signal 9")]),
        ])
        #expect(result.exitCode == 2)
        let text = MatrixReport.markdown(result)
        #expect(text.contains("| two | A 1/1 · A1 1/1 · 1 of 2 runs failed |"), "\(text)")
        #expect(text.contains("- weston: run 2 failed: our client ended with signal 9"))
    }

    @Test func oneRunPerCellKeepsTheSingleRunTables() throws {
        let result = try SyntheticCompositors.result([(.weston, try run(SyntheticCompositors.noFrameAfterUp))])
        let text = MatrixReport.markdown(result)
        #expect(text.contains("| two | A · A1 | one compositor |"))
        #expect(!text.contains("Unstable") && !text.contains("1/1"))
        #expect(MatrixLayout.runFolder(script: "tap", run: 1, of: 1) == "tap")
        #expect(MatrixLayout.runFolder(script: "tap", run: 2, of: 3) == "tap/run-2")
    }
}
