import CompositorDrivers
import Foundation
import Live
import Render
import SandboxHarness
import Scenes
import TestSupport
import Testing
import TouchKit
import TouchStream
import WaylandClient

/// Our window on the desktops users first try it on: KWin's bounds, mutter's missing title bar
/// (libdecor's instead), cage's missing frames.
@Suite(.serialized)
struct WindowOnDesktopsTests {
    @Test("KWin: the first size fits configure_bounds, so the window and its title bar are on the output")
    func kwinWindowOnScreen() throws {
        let run = try SandboxClient(KWinDriver())
        let window = try #require(try run.session.window(of: run.process))
        let bar = try #require(window.titleBar)
        // KWin 5.27 at 1280×720 bounds the window to 1280×683: its title bar takes the rest.
        #expect(window.width == 1280 && window.height <= 683, "\(window)")
        #expect(bar.y >= 0, "title bar above the output: \(bar)")
        #expect(window.y + window.height <= 720, "bottom cut off: \(window)")
        _ = try run.finishEvents()
    }

    /// The libdecor desktops: no xdg-decoration, so the client draws the title bar.
    static let libdecorDesktops: [CompositorKind] = [.mutter, .gnomeShell]

    @Test("mutter and GNOME Shell: libdecor's title bar is there and a pointer drag on it moves the window",
          arguments: libdecorDesktops)
    func titleBarMoves(_ kind: CompositorKind) throws {
        let run = try SandboxClient(try #require(CompositorDrivers.driver(for: kind)),
                                   configuration: DriverConfiguration(width: 1920, height: 1200))
        let before = try settledContentOrigin(run)
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
        let after = try contentOrigin(run)
        // mutter reports touch in its stream's pixels and moves by its own rules: near the drag, not exact.
        #expect(abs(after.x - before.x - 120) <= 10 && abs(after.y - before.y - 70) <= 10,
                "before \(before), after \(after)")
        let records = try run.finishRecording()
        // The pointer on the title bar reached neither the scene nor the trace as a scene touch.
        let emulated = records.filter { $0.isEmulated && $0.event.touchID != nil }
        #expect(emulated.allSatisfy { $0.isControl }, "\(emulated.map { TraceWriter.line(for: $0) })")
    }

    @Test("mutter and GNOME Shell: a click on libdecor's close button ends the client cleanly, its trace finished",
          arguments: libdecorDesktops)
    func closeButtonCloses(_ kind: CompositorKind) throws {
        let run = try SandboxClient(try #require(CompositorDrivers.driver(for: kind)),
                                   configuration: DriverConfiguration(width: 1920, height: 1200))
        let origin = try settledContentOrigin(run)
        // libdecor 0.1.1's cairo plugin: a 24 px title bar whose rightmost 32 px button is close.
        let width = Double(WaylandApp.defaultLogicalSize.width)
        let close = (x: origin.x + width - 16, y: origin.y - 12)
        try run.session.pointerMotion(x: close.x, y: close.y)
        // libdecor acts on the release over the button the press went down on; it needs the enter first.
        MonotonicClock.sleep(0.1)
        try run.session.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
        try run.session.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        let termination = run.process.wait(timeout: SandboxClient.timeout)
        #expect(termination == .exited(0), "the close button did not end the client: \(run.process.output().suffix(400))")
        // Finished, not left half-written: the trace was renamed into place and holds every probe tap.
        #expect(!FileManager.default.fileExists(atPath: run.tracePath + TraceWriter.temporarySuffix))
        let records = try TraceReader.read(run.tracePath).records
        let downs = records.filter { $0.event.name == "down" }.count
        #expect(downs >= 2 && downs == records.filter { $0.event.name == "up" }.count, "\(records.map { TraceWriter.line(for: $0) })")
        #expect(FileManager.default.fileExists(atPath: run.statePath), "no state written at exit")
        // The whole output group is in place, nothing of it left as a temporary.
        #expect(FileManager.default.fileExists(atPath: run.files.path + "/deliveries.jsonl"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: run.files.path).filter { $0.contains(".partial") } == [])
    }

    @Test("cage: no wl_touch.frame at all, yet a drag moves the red square while the finger is down")
    func cageDragMovesLive() throws {
        let run = try SandboxClient(NestedWlrootsDriver(.cage))
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

    @Test("phoc (no keyboard): touch alone opens the control strip and works it; those touches never reach the scene")
    func phocStripByTouch() throws {
        let run = try SandboxClient(NestedWlrootsDriver(.phoc), inDirectory: true)
        let window = try #require(try run.session.window(of: run.process))
        // phoc maximises the window at 0,0: its points are global ones.
        let size = Size(width: window.width, height: window.height)
        var strip = ControlStrip()
        let handle = strip.handleFrame(in: size)
        strip.isExpanded = true
        let buttons = Dictionary(uniqueKeysWithValues: strip.buttonFrames(in: size))
        let top = try #require(buttons[.previousScene]), bottom = try #require(buttons[.pause])
        let buttonColumn = PixelRect(x: Int(top.minX), y: Int(top.minY), width: Int(top.width), height: Int(bottom.maxY - top.minY))
        let infoArea = PixelRect(x: Int(HUDStyle.columnX), y: 0, width: 500, height: 200)

        var id: Int32 = 4
        /// Taps `frame`'s centre with a new finger and waits until the client has recorded its up.
        func tap(_ frame: Rect, recordedIn trace: String? = nil) throws {
            id += 1
            try run.inject("down \(id) \(frame.midX) \(frame.midY); frame; up \(id); frame", settle: 0)
            guard let trace else { return }
            let finger = id
            try waitUntil("the up of finger \(finger) in \(trace)") {
                try TraceReader.read(trace).records.contains { $0.event.name == "up" && $0.event.touchID == finger }
            }
        }
        let partialTrace = run.tracePath + TraceWriter.temporarySuffix

        let start = try run.screenshot()
        #expect(textPixels(start, in: buttonColumn) == 0, "buttons shown before the handle was touched")
        #expect(textPixels(start, in: infoArea) == 0, "the HUD shown despite --no-hud")
        try tap(handle, recordedIn: partialTrace)
        try waitUntil("the strip's buttons on screen") { textPixels(try run.screenshot(), in: buttonColumn) > 100 }
        try tap(try #require(buttons[.hud]), recordedIn: partialTrace)
        try waitUntil("the HUD on screen") { textPixels(try run.screenshot(), in: infoArea) > 200 }
        try tap(try #require(buttons[.nextScene]), recordedIn: partialTrace)
        func written(_ suffix: String) throws -> String? {
            try FileManager.default.contentsOfDirectory(atPath: run.files.path)
                .first { $0.hasPrefix("gesture-sandbox-") && $0.hasSuffix(suffix) }
        }
        try tap(try #require(buttons[.screenshot]))
        try waitUntil("a PNG from 'shot' in \(run.files.path)") { try written(".png") != nil }
        // record: stops the --record trace (ended now; one of the command's outputs, it is put in place
        // at exit with the others), then starts and stops a new one here, in place at once.
        let record = try #require(buttons[.record])
        try tap(record)
        let firstStop = id
        try waitUntil("the trace ended by 'stop rec'") {
            try TraceReader.read(partialTrace).records.contains { $0.event.name == "up" && $0.event.touchID == firstStop }
        }
        #expect(!FileManager.default.fileExists(atPath: run.tracePath))
        try tap(record)
        try tap(record)
        let secondStop = id
        var recorded: String?
        try waitUntil("a finished trace from 'record' in \(run.files.path)") {
            recorded = try written(".jsonl")
            return recorded != nil
        }
        let firstTrace = try run.finishRecording()
        let secondTrace = try TraceReader.read("\(run.files.path)/\(try #require(recorded))").records

        // The finger that stopped the first trace and the one that stopped the second, each recorded up to its up.
        #expect(firstTrace.contains { $0.event.name == "up" && $0.event.touchID == firstStop })
        #expect(secondTrace.contains { $0.event.name == "down" && $0.event.touchID == secondStop })
        #expect(secondTrace.contains { $0.event.name == "up" && $0.event.touchID == secondStop })
        for records in [firstTrace, secondTrace] {
            let touches = records.filter { $0.event.touchID != nil }
            #expect(!touches.isEmpty && touches.allSatisfy { $0.isControl && !$0.isEmulated },
                    "\(touches.map { TraceWriter.line(for: $0) })")
        }
        // 'scene >' switched TouchDemo to MoveMe, and no touch was delivered to either scene.
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: run.statePath))) as? [String: Any]
        let views = Set((state?["views"] as? [String: Any] ?? [:]).keys)
        let moveMe = MoveMeScene(context: SceneContext(clock: VirtualClock(), size: size))
        #expect(views == Set(moveMe.snapshot().views.keys), "\(views)")
        let touchMethods = try run.deliveries().compactMap { $0["method"] as? String }.filter { $0.hasPrefix("touches") }
        #expect(touchMethods.isEmpty, "\(touchMethods)")
    }

    // MARK: - Screens and waiting

    /// Seconds a condition on the client's files or screen may take.
    private static let conditionTimeout = 5.0

    /// Polls `condition` until it holds; throws naming `what` after the timeout.
    private func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = MonotonicClock.now() + Self.conditionTimeout
        while MonotonicClock.now() < deadline {
            // A file read mid-write or a screenshot mid-frame is simply not there yet.
            if (try? condition()) == true { return }
            MonotonicClock.sleep(0.02)
        }
        throw DriverError("waited \(Self.conditionTimeout) s for \(what)")
    }


    /// Pixels of the HUD's text colour (the strip's labels use it too) inside `area`.
    private func textPixels(_ image: RGBAImage, in area: PixelRect) -> Int {
        image.count(of: HUDStyle.textColor, within: 24, in: area)
    }

    // MARK: - Where the content is, by touch

    /// Global point of the content's top-left: a tap's surface-local point against the point injected.
    private func contentOrigin(_ run: SandboxClient) throws -> (x: Double, y: Double) {
        let probe = (x: 960.0, y: 600.0)
        try run.inject("down 0 \(probe.x) \(probe.y); up 0", settle: 0.4)
        let records = try TraceReader.read(run.tracePath + TraceWriter.temporarySuffix).records
        guard case .down(_, _, _, _, let x, let y)? = records.last(where: { $0.event.name == "down" })?.event else {
            throw DriverError("the tap at \(probe) did not reach the client")
        }
        return (probe.x - x.doubleValue, probe.y - y.doubleValue)
    }

    /// The content's origin once mutter has placed the new window (it may move it after it is
    /// drawn): two taps in a row agree.
    private func settledContentOrigin(_ run: SandboxClient) throws -> (x: Double, y: Double) {
        var origin = try contentOrigin(run)
        for _ in 0..<10 {
            MonotonicClock.sleep(0.3)
            let again = try contentOrigin(run)
            if abs(again.x - origin.x) < 2 && abs(again.y - origin.y) < 2 { break }
            origin = again
        }
        return origin
    }
}
