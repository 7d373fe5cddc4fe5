import CompositorDrivers
import Foundation
import TestSupport
import Testing
import TouchStream

/// Our window on an output scaled 1.25 and 1.5: the compositor's preferred fractional scale, and
/// touches on the window and on a popup arriving at exactly the logical position injected (to the
/// wl_fixed unit, 1/256 px), as on a plain output.
@Suite(.serialized)
struct FractionalScaleTests {
    static let cases: [(CompositorKind, Double)] = [(.kwin, 1.25), (.kwin, 1.5), (.mutter, 1.25), (.mutter, 1.5),
                                                    (.gnomeShell, 1.5)]

    @Test("a tap on the window and one on a popup land at the exact fractional positions injected", arguments: cases)
    func exactPositions(_ kind: CompositorKind, scale: Double) throws {
        let driver = try #require(CompositorDrivers.driver(for: kind))
        let run = try SandboxClient(driver, configuration: DriverConfiguration(scale: scale), arguments: ["--on-touch", "popup"])
        let origin = try run.contentOrigin()
        try run.inject("down 0 \(origin.x + 300.25) \(origin.y + 200.5); frame; sleep 40; up 0; frame", settle: 0.3)
        // The button opens the popup below-right of it, at 160,160 of the window.
        try run.inject("down 0 \(origin.x + 80) \(origin.y + 80); frame; sleep 40; up 0; frame", settle: 0.5)
        try run.inject("down 0 \(origin.x + 160 + 30.5) \(origin.y + 160 + 20.75); frame; sleep 40; up 0; frame", settle: 0.3)
        let trace = try TraceReader.read(run.tracePath + TraceWriter.temporarySuffix)
        let records = try run.finishRecording()
        let environment = trace.header?.environment
        if kind == .kwin {
            // wp_fractional_scale_v1's preferred scale: our client draws at exactly that.
            #expect(environment?.surface?.fractionalScale == scale, "\(String(describing: environment?.surface))")
        } else {
            // mutter 43 has no wp_fractional_scale_v1: the output says 2, and mutter scales our
            // scale-2 buffers down to 1.25 or 1.5.
            #expect(environment?.surface?.fractionalScale == nil && environment?.outputs.first?.scale == 2,
                    "\(String(describing: environment?.surface)) \(String(describing: environment?.outputs))")
        }
        let popup = try #require(records.compactMap(\.event.surfaceEvent).first { $0.kind == .popupConfigure })
        // Relative to the window geometry, which libdecor's 24 px title bar is part of under mutter.
        let titleBar = kind == .kwin ? 0.0 : 24
        #expect(popup.x == WLFixed(160) && popup.y == WLFixed(160 + titleBar), "\(popup)")
        let downs: [(surface: String?, x: WLFixed, y: WLFixed)] = records.compactMap {
            guard case .down(_, _, let surface, _, let x, let y) = $0.event else { return nil }
            return (surface, x, y)
        }
        // The probe, the window tap, the button, the popup tap.
        #expect(downs.count == 4, "\(downs)")
        guard downs.count == 4 else { return }
        #expect(downs[1].x == WLFixed(300.25) && downs[1].y == WLFixed(200.5), "\(downs[1])")
        #expect(downs[3].surface == popup.surface && downs[3].x == WLFixed(30.5) && downs[3].y == WLFixed(20.75), "\(downs[3])")
    }
}
