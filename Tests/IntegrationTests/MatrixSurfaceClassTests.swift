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

extension MatrixCommandTests {
    /// The kinds of `path`'s surface records, in order (a run folder's trace).
    private func surfaceRecords(_ run: Run, _ path: String) -> [String] {
        guard let trace = try? TraceReader.read(run.directory.file("m/\(path)")) else { return [] }
        return trace.records.compactMap { $0.event.surfaceEvent?.kind.rawValue }
    }

    /// The downs of a run's stream (window a), in order: "X Y".
    private func downs(_ run: Run, _ kind: CompositorKind, _ script: String) -> [String] {
        let text = (try? String(contentsOfFile: run.directory.file("m/\(kind.rawValue)/\(script)/stream.txt"), encoding: .utf8)) ?? ""
        return text.split(whereSeparator: { $0 == "\n" || $0 == ";" }).compactMap { part in
            let words = part.split(separator: " ")
            guard words.first == "down", words.count >= 4 else { return nil }
            return "\(words[2]) \(words[3])"
        }
    }

    @Test("popup and dnd: who dismissed the popup and who carried the drag to the other client")
    func popupAndDragAndDrop() throws {
        let run = try shared()
        let popup = run.summary("popup"), dnd = run.summary("dnd")
        for kind in [CompositorKind.kwin, .sway] where run.kinds.contains(kind) {
            // Dismissed at the touch on b, which b never got.
            #expect(popup[kind]?.contains("M7") == true && popup[kind]?.contains("M8") == false, "\(kind): \(popup[kind] ?? "")")
            #expect(surfaceRecords(run, "\(kind.rawValue)/popup/trace.jsonl").contains("popup-done"))
        }
        for kind in [CompositorKind.mutter, .gnomeShell] where run.kinds.contains(kind) {
            // Both cancel the touch that grabbed and never dismiss the popup, or, when the 40 ms
            // finger is already up at the grab (a busy machine), refuse it: popup_done without a
            // configure. Seen in CI for mutter as a cell "B · A1".
            let records = surfaceRecords(run, "\(kind.rawValue)/popup/trace.jsonl")
            let refused = records.contains("popup-done") && !records.contains("popup-configure")
            let kept = popup[kind]?.contains("M8") == true && popup[kind]?.contains("M4") == true
            #expect(refused || kept, "\(kind): \(popup[kind] ?? "") \(records)")
        }
        if run.kinds.contains(.kwin) {
            #expect(dnd[.kwin]?.contains("M9") == false, "\(dnd[.kwin] ?? "")")
            #expect(surfaceRecords(run, "kwin/dnd/window-b/trace.jsonl").contains("dnd-drop"))
        }
        for kind in [CompositorKind.mutter, .gnomeShell, .sway] where run.kinds.contains(kind) {
            #expect(dnd[kind]?.contains("M9") == true, "\(kind): \(dnd[kind] ?? "")")
        }
        if run.kinds.contains(.sway) {
            // sway 1.7 keeps the drag on the surface it started on.
            #expect(surfaceRecords(run, "sway/dnd/trace.jsonl").contains("dnd-drop"))
        }
    }

    @Test("move, resize: which compositors move the window with a touch, and how they treat the finger")
    func moveAndResize() throws {
        let run = try shared()
        let move = run.summary("move"), resize = run.summary("resize")
        // Enlightenment's resize is left out: it closes our client's connection, mid-script or at
        // the start (docs/battery.md).
        for kind in [CompositorKind.mutter, .gnomeShell] where run.kinds.contains(kind) {
            #expect(move[kind]?.contains("M4") == true && resize[kind]?.contains("M4") == true, "\(kind)")
            #expect(downs(run, kind, "move").last == "300 250", "\(kind) moved the window with the finger")
        }
        if run.kinds.contains(.kwin) {
            #expect(move[.kwin]?.contains("R4") == true, "KWin withholds the finger with empty frames")
            #expect(downs(run, .kwin, "move").last != "500 350", "KWin moved the window")
        }
        for kind in [CompositorKind.weston, .sway, .phoc, .cage, .mirKiosk] where run.kinds.contains(kind) {
            #expect(downs(run, kind, "move").last == "500 350", "\(kind) keeps the window where it is")
        }
    }

    @Test("subsurface and destroy: input regions, and the finger of a destroyed surface")
    func subsurfaceAndDestroy() throws {
        let run = try shared()
        for kind in [CompositorKind.weston, .kwin, .mutter, .gnomeShell, .sway, .phoc, .cage, .mirKiosk]
        where run.kinds.contains(kind) {
            #expect(downs(run, kind, "subsurface") == ["50 60", "580 100", "200 300"], "\(kind)")
        }
        if run.kinds.contains(.enlightenment) {
            #expect(downs(run, .enlightenment, "subsurface").first == "450 100", "Enlightenment skips the subsurface")
        }
        let destroy = run.summary("destroy")
        for kind in [CompositorKind.weston, .kwin, .mutter, .gnomeShell] where run.kinds.contains(kind) {
            // Nothing more for the finger: the next down of its id finds it still down.
            #expect(destroy[kind]?.contains("R1") == true && destroy[kind]?.contains("A7") == false, "\(kind): \(destroy[kind] ?? "")")
        }
        for kind in [CompositorKind.sway, .phoc, .cage, .mir] where run.kinds.contains(kind) {
            #expect(destroy[kind]?.contains("A7") == true, "\(kind): \(destroy[kind] ?? "")")
        }
    }
}
