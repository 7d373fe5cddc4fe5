import CompositorDrivers
import Foundation
@testable import Matrix
import Testing
import TouchStream

// MARK: - --expect and --write-expect

@Suite struct MatrixBaselineTests {
    private func run(_ text: String) throws -> MatrixCell { .ran(try SyntheticCompositors.run(text)) }
    private static let emptyFrame = "down 0 60 100; down 1 140 100; frame; frame; motion 0 70 100; frame; up 0; up 1; frame"

    @Test func readsLinesCommentsAndTheUnstableMark() throws {
        let baseline = try MatrixBaseline(parsing: """
            # known findings
            weston tap A1        # 3/3

            KWin titlebar R4 unstable
            \tgnome-shell  ten M4   # a trailing comment
            """, source: "expected.txt")
        #expect(baseline.lines.map(\.cell.description) == ["weston/tap", "kwin/titlebar", "gnome-shell/ten"])
        #expect(baseline.lines.map(\.rule) == ["A1", "R4", "M4"])
        #expect(baseline.lines.map(\.unstable) == [false, true, false])
        #expect(baseline.line(MatrixCellKey(.kwin, "titlebar"), "R4")?.unstable == true)
        #expect(try MatrixBaseline(parsing: "", source: "empty").lines.isEmpty)
        // The kernel lane's columns by the ids --write-expect writes; Wayfire's also by its name.
        let kernel = try MatrixBaseline(parsing: "sway-kernel tap A1\nwayfire-kernel tap M1\nwayfire drag M1\n", source: "k.txt")
        #expect(kernel.lines.map(\.cell.description) == ["sway-kernel/tap", "wayfire-kernel/tap", "wayfire-kernel/drag"])
    }

    @Test func refusesWhatItCannotReadWithItsLineAndColumn() {
        func error(_ text: String) -> String {
            do { _ = try MatrixBaseline(parsing: text, source: "e.txt"); return "" } catch { return error.description }
        }
        #expect(error("weston tap\n").hasPrefix("e.txt:1:8: expected COMPOSITOR SCRIPT RULE [unstable]"))
        #expect(error("# x\nweston tap A1 flaky\n").hasPrefix("e.txt:2:15: expected"))
        #expect(error("hyprland tap A1").hasPrefix("e.txt:1:1: unknown compositor \"hyprland\""))
        #expect(error("all tap A1").hasPrefix("e.txt:1:1: unknown compositor"))
        #expect(error("weston tap X9").hasPrefix("e.txt:1:12: \"X9\" is no rule id"))
        #expect(error("weston tap A1\nweston tap A1 unstable").hasPrefix("e.txt:2:1: weston tap A1 is already on line 1"))
    }

    @Test func writtenBaselinesReadBackAndMarkWhatSomeRunsShowed() throws {
        let result = try SyntheticCompositors.repeated([
            (.weston, [try run(SyntheticCompositors.noFrameAfterUp), try run(SyntheticCompositors.noFrameAfterUp)]),
            (.mutter, [try run(SyntheticCompositors.framePerEvent), try run(SyntheticCompositors.framed)]),
            (.kwin, [try run(SyntheticCompositors.framed), try run(SyntheticCompositors.framed)]),
        ])
        let previous = try MatrixBaseline(parsing: "sway two A1\nweston two R4\n", source: "old.txt")
        let written = MatrixBaseline(result: result, keeping: previous, source: "new.txt")
        let text = written.text(header: MatrixBaseline.header(result, toolVersion: "9.9"))
        #expect(text.hasPrefix("# Findings expected from `gesture-sandbox matrix`"))
        #expect(text.contains("Written by gesture-sandbox 9.9 from 2 runs per cell"))
        let body = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(body == [
            "weston two A1           # 2/2",
            "mutter two M2 unstable  # 1/2",
            "mutter two A1 unstable  # 1/2",
            "sway two A1             # kept from old.txt: not run",
        ], "\(text)")
        // weston's R4 line is about a cell that ran: the run's findings replace it.
        let read = try MatrixBaseline(parsing: text, source: "new.txt")
        #expect(read.lines == written.lines)
    }

    @Test func newFixedExpectedAndToleratedFindings() throws {
        let result = try SyntheticCompositors.repeated([
            (.weston, [try run(SyntheticCompositors.noFrameAfterUp), try run(SyntheticCompositors.noFrameAfterUp)]),
            (.mutter, [try run(SyntheticCompositors.framePerEvent), try run(SyntheticCompositors.framePerEvent)]),
            (.kwin, [try run(SyntheticCompositors.framed), try run(Self.emptyFrame)]),
        ])
        let baseline = try MatrixBaseline(parsing: """
            weston two A1
            weston two R4
            mutter two M2
            kwin two A1 unstable
            sway two M3
            """, source: "expected.txt")
        var withBaseline = result
        withBaseline.baseline = baseline
        let check = try #require(withBaseline.baselineCheck)
        #expect(check.new.map(\.name) == ["mutter two A1", "kwin two R4"])
        #expect(check.new.map(\.isUnstable) == [false, true])
        #expect(check.failing.map(\.name) == ["mutter two A1"])
        #expect(check.fixed.map(\.name) == ["weston two R4"])
        #expect(check.expected.map(\.name) == ["weston two A1", "mutter two M2"])
        #expect(check.entry(MatrixCellKey(.kwin, "two"), "A1")?.status == .unstableNotSeen)
        #expect(check.notChecked.map(\.cell) == [MatrixCellKey(.sway, "two")])
        #expect(withBaseline.exitCode == 1)
        let text = MatrixReport.markdown(withBaseline)
        let summary = text.split(separator: "\n").first { $0.hasPrefix("| two |") }.map(String.init)
        #expect(summary
            == "| two | A 2/2 · A1 2/2 · fixed: R4 | B 2/2 · M2 2/2, A1 2/2 (new) | C 1/2, D 1/2 (unstable) · R4 1/2 (unstable, new) "
            + "| differ: 3 streams, deliveries; varied: KWin |")
        #expect(text.contains("| fixed | weston | two | R4 empty wl_touch.frame | 0/2 |"))
        #expect(text.contains("| new | KWin | two | R4 empty wl_touch.frame | 1/2 |"))
        #expect(text.contains("1 baseline line is about cells this run did not run"))
        #expect(MatrixReport.verdict(withBaseline).contains("Against expected.txt: 2 new (mutter two A1 2/2, "
            + "kwin two R4 1/2, unstable: does not fail the job), 1 fixed (weston two R4), 2 expected."))
        // Only KWin's R4 new, seen in one run of two: reported as new, and the job does not fail.
        var onlyUnstable = result
        onlyUnstable.baseline = try MatrixBaseline(parsing: "weston two A1\nmutter two M2\nmutter two A1\n", source: "e.txt")
        let unstable = try #require(onlyUnstable.baselineCheck)
        #expect(unstable.new.map(\.name) == ["kwin two R4"] && unstable.failing.isEmpty)
        #expect(onlyUnstable.exitCode == 0)
        #expect(MatrixJUnit.xml(onlyUnstable, folder: "m").contains("<failure") == false)
    }

    @Test func onlyNewFindingsDecideTheStatusNotStreamDifferences() throws {
        // The compositors differ (three streams) and weston breaks nothing new: with a baseline
        // listing every finding, the status is 0; without one it is 1.
        var result = try SyntheticCompositors.result([
            (.weston, try run(SyntheticCompositors.noFrameAfterUp)), (.mutter, try run(SyntheticCompositors.framePerEvent)),
            (.kwin, try run(Self.emptyFrame)),
        ])
        #expect(result.exitCode == 1)
        result.baseline = MatrixBaseline(result: result, source: "b.txt")
        #expect(result.exitCode == 0)
        #expect(MatrixReport.verdict(result).hasPrefix("no finding beyond the baseline (exit status 0)."))
        // A fixed finding alone does not fail either.
        result.baseline?.lines.append(.init(MatrixCellKey(.weston, "two"), "R1"))
        #expect(result.exitCode == 0 && result.baselineCheck?.fixed.count == 1)
        // Something that could not run is still 2.
        result.columns.append(MatrixColumn(kind: .cage, unavailable: "not installed (Debian: apt-get install cage)"))
        #expect(result.exitCode == 2)
    }
}
