import CompositorDrivers
import Foundation
import SandboxHarness
import Testing
import TouchStream

/// Our window on the desktops users first try it on: KWin's bounds, mutter's missing title bar
/// (libdecor's instead), cage's missing frames.
@Suite(.serialized)
struct WindowOnDesktopsTests {
    @Test("KWin: the first size fits configure_bounds, so the window and its title bar are on the output")
    func kwinWindowOnScreen() throws {
        let run = try DriverClient(KWinDriver())
        let window = try #require(try run.session.window(of: run.client))
        let bar = try #require(window.titleBar)
        // KWin 5.27 at 1280×720 bounds the window to 1280×683: its title bar takes the rest.
        #expect(window.width == 1280 && window.height <= 683, "\(window)")
        #expect(bar.y >= 0, "title bar above the output: \(bar)")
        #expect(window.y + window.height <= 720, "bottom cut off: \(window)")
        _ = try run.finish()
    }

    @Test("mutter: libdecor's title bar is there and a pointer drag on it moves the window")
    func mutterTitleBarMoves() throws {
        let run = try DriverClient(MutterDriver(), configuration: DriverConfiguration(width: 1920, height: 1200))
        // Where the content is: a tap's surface-local point against the global point injected.
        let probe = (x: 960.0, y: 600.0)
        func tapOrigin() throws -> (x: Double, y: Double) {
            try run.inject("down 0 \(probe.x) \(probe.y); up 0", settle: 0.4)
            let records = try TraceReader.read(run.tracePath + ".partial").records
            guard case .down(_, _, _, _, let x, let y)? = records.last(where: { $0.event.name == "down" })?.event else {
                throw DriverError("the tap at \(probe) did not reach the client")
            }
            return (probe.x - x.doubleValue, probe.y - y.doubleValue)
        }
        // mutter may still place the new window after it is drawn: wait until two taps agree.
        var before = try tapOrigin()
        for _ in 0..<10 {
            MonotonicClock.sleep(0.3)
            let again = try tapOrigin()
            if abs(again.x - before.x) < 2 && abs(again.y - before.y) < 2 { break }
            before = again
        }
        // The title bar sits right above the content (libdecor's cairo plugin: 24 px).
        let bar = (x: before.x + 300, y: before.y - 12)
        // Press, let the client answer with xdg_toplevel.move, then drag in steps and release.
        try run.session.pointerMotion(x: bar.x, y: bar.y)
        try run.session.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
        MonotonicClock.sleep(0.3)
        for step in 1...10 {
            try run.session.pointerMotion(x: bar.x + 12 * Double(step), y: bar.y + 7 * Double(step))
            MonotonicClock.sleep(0.02)
        }
        try run.session.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        MonotonicClock.sleep(0.3)
        let after = try tapOrigin()
        // mutter reports touch in its stream's pixels and moves by its own rules: near the drag, not exact.
        #expect(abs(after.x - before.x - 120) <= 10 && abs(after.y - before.y - 70) <= 10,
                "before \(before), after \(after)")
        let records = try run.finishRecording()
        // The pointer on the title bar reached neither the scene nor the trace as a scene touch.
        let emulated = records.filter { $0.isEmulated && $0.event.touchID != nil }
        #expect(emulated.allSatisfy { $0.isControl }, "\(emulated.map { TraceWriter.line(for: $0) })")
    }

    @Test("cage: no wl_touch.frame at all, yet a drag moves the red square while the finger is down")
    func cageDragMovesLive() throws {
        let run = try DriverClient(NestedWlrootsDriver(.cage))
        // cage makes the window fill its output: window-local equals global here. A finger's
        // events come some ms apart, as from a real panel.
        try run.inject("down 0 100 100; frame; sleep 40; motion 0 140 120; frame; sleep 40; motion 0 180 140; frame")
        try run.inject("up 0; frame")
        let records = try run.finishRecording()
        #expect(!records.contains { $0.event == .frame }, "cage sent a frame after all")
        #expect(records.contains { $0.event == .flush })
        let deliveries = try run.deliveries()
        let moved = deliveries.filter { $0["responder"] as? String == "red" && $0["method"] as? String == "touchesMoved" }
        #expect(!moved.isEmpty, "the square never moved while the finger was down: \(records.map { TraceWriter.line(for: $0) }) \(deliveries.prefix(6))")
    }
}
