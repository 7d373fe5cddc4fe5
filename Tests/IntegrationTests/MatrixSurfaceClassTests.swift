import CompositorDrivers
import Foundation
import TestSupport
import Testing
import TouchStream

// MARK: - The battery's scripts over several windows and surfaces, and on other outputs

/// What each compositor delivered for the scripts of issue 20 (docs/battery.md), read from the
/// shared matrix run of ``MatrixCommandTests`` (one start per compositor for every script).
extension MatrixCommandTests {
    /// The scripts over two windows: compositors that cannot show two windows side by side.
    static let stacking: Set<CompositorKind> = [.weston, .phoc, .cage, .mir, .mirKiosk, .enlightenment]

    /// A run folder's normalised stream.
    private func stream(_ run: Run, _ kind: CompositorKind, _ script: String) -> String {
        (try? String(contentsOfFile: run.directory.file("m/\(kind.rawValue)/\(script)/stream.txt"), encoding: .utf8)) ?? ""
    }

    @Test("two windows: side by side where a compositor or its driver can, 'not injectable' with the reason elsewhere")
    func twoWindowsNotInjectableWhereStacked() throws {
        let run = try shared()
        for script in ["twoclients", "focus", "popup", "dnd"] {
            for kind in run.kinds {
                let cell = run.summary(script)[kind] ?? ""
                if Self.stacking.contains(kind) {
                    #expect(cell == "not injectable here (two windows side by side)", "\(kind) \(script): \(cell)")
                } else {
                    #expect(!cell.hasPrefix("not injectable") && cell != "failed", "\(kind) \(script): \(cell)")
                }
            }
        }
    }

    @Test("twoclients: each client gets its own finger, except on KWin, which gives b's finger to a (M6)")
    func twoClients() throws {
        let run = try shared()
        let cells = run.summary("twoclients")
        for kind in [CompositorKind.mutter, .gnomeShell, .sway] where run.kinds.contains(kind) {
            #expect(cells[kind]?.contains("M6") == false && cells[kind]?.contains("M7") == false, "\(kind): \(cells[kind] ?? "")")
            #expect(stream(run, kind, "twoclients").contains("b: down 1 150 150"), "\(kind): b's own finger at its own coordinates")
        }
        if run.kinds.contains(.kwin) {
            // KWin 5.27 keeps one touch focus: the finger landing on b while a's is down goes to a,
            // in a's coordinates (outside its surface: S1).
            #expect(cells[.kwin]?.contains("M6") == true && cells[.kwin]?.contains("S1") == true, "\(cells[.kwin] ?? "")")
            #expect(!stream(run, .kwin, "twoclients").contains("b: down 1"))
        }
    }

    @Test("scaled and rotated outputs: the drivers that can set one run the scripts, with the plain output's stream")
    func outputs() throws {
        let run = try shared()
        let scales: Set<CompositorKind> = [.weston, .kwin, .mutter, .gnomeShell]
        let rotations: Set<CompositorKind> = [.weston, .mutter, .gnomeShell]
        for kind in run.kinds {
            let scaled = run.summary("tap@scale2")[kind] ?? "", rotated = run.summary("tap@rotated")[kind] ?? ""
            #expect(scales.contains(kind) ? !scaled.hasPrefix("not injectable") : scaled == "not injectable here (output scale)",
                    "\(kind): \(scaled)")
            #expect(rotations.contains(kind) ? !rotated.hasPrefix("not injectable") : rotated == "not injectable here (output rotation)",
                    "\(kind): \(rotated)")
            // Window-relative logical coordinates do not change with the output.
            if scales.contains(kind) { #expect(stream(run, kind, "tap@scale2") == stream(run, kind, "tap"), "\(kind) scale 2") }
            if rotations.contains(kind) { #expect(stream(run, kind, "tap@rotated") == stream(run, kind, "tap"), "\(kind) rotated") }
        }
    }
}
