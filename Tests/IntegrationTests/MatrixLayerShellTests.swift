import CompositorDrivers
import Foundation
import TestSupport
import Testing
import TouchStream

// MARK: - The battery's layer-shell scripts, on every compositor

/// What each compositor did with a layer surface (docs/battery.md, "Scripts on layer-shell
/// surfaces"), read from the shared matrix run of ``MatrixCommandTests``.
extension MatrixCommandTests {
    /// The compositors with a zwlr_layer_shell_v1 global, as their drivers start them.
    static let layerShells: Set<CompositorKind> = [.kwin, .sway, .phoc]

    private func stream(_ run: Run, _ kind: CompositorKind, _ script: String) -> String {
        (try? String(contentsOfFile: run.directory.file("m/\(kind.rawValue)/\(script)/stream.txt"), encoding: .utf8)) ?? ""
    }

    @Test("a compositor without a layer shell is a cell in our client's own words, never a failure")
    func notSupportedWithoutALayerShell() throws {
        let run = try shared()
        for script in ["layer-drag", "layer-nofocus", "layer-ondemand"] {
            for kind in run.kinds where !Self.layerShells.contains(kind) {
                let cell = run.summary(script)[kind] ?? ""
                // The name is the compositor's process (gnome-shell, miral-shell, …): one word.
                let pattern = /not supported by [a-z_-]+: no zwlr_layer_shell_v1 global/
                #expect(cell.wholeMatch(of: pattern) != nil, "\(kind) \(script): \(cell)")
            }
        }
        if run.kinds.contains(.kwin) {
            #expect(run.summary("layer-ondemand")[.kwin] == "not supported by kwin_wayland: zwlr_layer_shell_v1 version 3 "
                + "has no on-demand keyboard interactivity (version 4)")
        }
    }

    @Test("layer-drag: KWin and phoc keep the panel's coordinates past its edge; sway 1.7 switches to the window's")
    func layerDrag() throws {
        let run = try shared()
        for kind in [CompositorKind.kwin, .phoc] where run.kinds.contains(kind) {
            let frames = stream(run, kind, "layer-drag")
            #expect(frames.contains("down 0 200 50") && frames.contains("motion 0 280 250"), "\(kind): \(frames)")
        }
        if run.kinds.contains(.sway) {
            // The window sits at (2, 25) under sway: over it, the panel's finger is offset by that.
            let frames = stream(run, .sway, "layer-drag")
            #expect(frames.contains("down 0 200 50") && frames.contains("motion 0 278 225"), "\(frames)")
            #expect(!frames.contains("motion 0 280 250"))
        }
    }

    @Test("layer-nofocus: KWin 5.27 gives a panel that wants no keyboard the focus when touched (M11); wlroots does not")
    func layerNoFocus() throws {
        let run = try shared()
        let cells = run.summary("layer-nofocus")
        for kind in [CompositorKind.sway, .phoc] where run.kinds.contains(kind) {
            #expect(cells[kind]?.contains("M11") == false && cells[kind]?.hasPrefix("A") == true, "\(kind): \(cells[kind] ?? "")")
        }
        if run.kinds.contains(.kwin) {
            #expect(cells[.kwin]?.contains("M11") == true, "\(cells[.kwin] ?? "")")
            let trace = try TraceReader.read(run.directory.file("m/kwin/layer-nofocus/trace.jsonl"))
            let events = trace.records.compactMap(\.event.surfaceEvent)
            let layer = try #require(events.first { $0.kind == .layerConfigure }?.surface)
            #expect(events.contains { $0.kind == .keyboardEnter && $0.surface == layer })
        }
        if run.kinds.contains(.sway) {
            #expect(run.summary("layer-ondemand")[.sway]?.hasPrefix("A") == true)
        }
    }
}
