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

/// The HUD and key commands under a real headless weston, keys typed through the harness keyboard.
@Suite(.serialized)
struct HUDTests {
    /// evdev codes (linux/input-event-codes.h) of the keys used here.
    private enum Key {
        static let h: UInt32 = 35
        static let n: UInt32 = 49
        static let slash: UInt32 = 53
        static let space: UInt32 = 57
        static let r: UInt32 = 19
        static let v: UInt32 = 47
    }

    /// Presses and releases `key` (with Shift when asked) and waits for the client's redraw
    /// (or, for a key that changes nothing visible, lets the client read it).
    private func type(_ key: UInt32, shift: Bool = false, redraws: Bool = true, on client: SandboxClient) throws {
        let start = MonotonicClock.now()
        if shift { try client.harness.key(LinuxInputCode.keyLeftShift, pressed: true) }
        try client.harness.key(key, pressed: true)
        try client.harness.key(key, pressed: false)
        if shift { try client.harness.key(LinuxInputCode.keyLeftShift, pressed: false) }
        guard redraws else { return try client.harness.dispatch(for: Self.settle) }
        _ = try client.harness.waitForCommit(pid: Int32(client.process.pid), after: start, timeout: SandboxClient.timeout)
    }

    /// Sends a compact script whose effect draws nothing (so no commit to wait for) and lets the
    /// client read it.
    private func touch(_ script: String, on client: SandboxClient) throws {
        try client.harness.run(try CompactTrace.parse(script, name: "hud-test"))
        try client.harness.dispatch(for: Self.settle)
    }

    /// Seconds the client gets to read input that draws nothing.
    private static let settle = 0.1

    /// Above and right of a finger at (x, y): where its label goes.
    private func labelArea(x: Int, y: Int) -> PixelRect { PixelRect(x: x, y: y - 80, width: 220, height: 80) }

    @Test("h shows the finger's label (id, phase, taps) next to a held finger, and h hides it again")
    func labelFollowsFinger() throws {
        let client = try SandboxClient()
        try touch("down 0 640 360; frame", on: client)
        let area = labelArea(x: 640, y: 360)
        #expect(try client.hudTextPixels(in: area) == 0, "HUD text before the HUD was turned on")
        try type(Key.h, on: client)
        #expect(try client.hudTextPixels(in: area) > 40, "no HUD label near the finger")
        // A label away from any finger is not there: the label is the finger's.
        #expect(try client.hudTextPixels(in: labelArea(x: 1000, y: 600)) == 0)
        try type(Key.h, on: client)
        #expect(try client.hudTextPixels(in: area) == 0, "HUD text after h turned the HUD off")
        try touch("up 0; frame", on: client)
        #expect(client.finish() == .exited(0))
    }

    @Test("? (Shift+/) shows the key map in the middle of the window")
    func keyMap() throws {
        let client = try SandboxClient()
        let middle = PixelRect(x: 340, y: 200, width: 600, height: 320)
        #expect(try client.hudTextPixels(in: middle) == 0)
        try type(Key.slash, shift: true, on: client)
        #expect(try client.hudTextPixels(in: middle) > 200)
        #expect(client.finish() == .exited(0))
    }

    @Test("n switches to the next scene and the trace carries on across the switch")
    func nextScene() throws {
        let client = try SandboxClient(scene: "touchdemo")
        try touch("down 0 640 360; frame; up 0; frame", on: client)
        try type(Key.n, on: client)
        try touch("down 0 300 300; frame; motion 0 310 300; frame; up 0; frame", on: client)
        #expect(client.finish() == .exited(0))
        let moveMe = MoveMeScene(context: SceneContext(clock: VirtualClock(), size: Size(width: 1280, height: 720)))
        let views = try client.state().views
        #expect(Set(views.keys) == Set(moveMe.snapshot().views.keys))
        #expect(views["red"] == nil)
        let downs = try client.trace().touchRecords.filter { $0.event.name == "down" }
        #expect(downs.count == 2)
    }

    @Test("space pauses delivery: the drag is recorded but the square does not move")
    func pauseKeepsRecording() throws {
        let client = try SandboxClient()
        try type(Key.space, redraws: false, on: client)
        try touch("down 0 100 100; frame; motion 0 200 200; frame; up 0; frame", on: client)
        #expect(client.finish() == .exited(0))
        #expect(try client.trace().touchRecords.map(\.event.name) == ["capabilities", "down", "frame", "motion", "frame", "up"])
        let margin = TouchDemoScene.cornerMargin
        #expect(try client.state().frame("red")?.origin == Point(x: margin, y: margin))
    }

    @Test("v hides the view under the last touch and shows it again; r resets the scene")
    func hideAndReset() throws {
        let client = try SandboxClient()
        let red = TouchDemoScene.squares[0].color, background = TouchDemoScene.background
        func colour(at x: Int, _ y: Int) throws -> [UInt8] {
            let image = try client.screenshot()
            return Array(image.rgba(x: x, y: y).prefix(3))
        }
        func bytes(_ c: Color) -> [UInt8] { [c.red, c.green, c.blue].map { UInt8(($0 * 255).rounded()) } }
        try touch("down 0 100 100; frame; up 0; frame", on: client)
        try type(Key.v, on: client)
        #expect(try colour(at: 100, 100) == bytes(background))
        try type(Key.v, on: client)
        #expect(try colour(at: 100, 100) == bytes(red))
        try client.inject("down 0 100 100; frame; motion 0 300 250; frame; up 0; frame")
        #expect(try colour(at: 300, 250) == bytes(red))
        try type(Key.r, on: client)
        #expect(try colour(at: 300, 250) == bytes(background))
        #expect(client.finish() == .exited(0))
        let margin = TouchDemoScene.cornerMargin
        #expect(try client.state().frame("red")?.origin == Point(x: margin, y: margin))
    }

    @Test("with the HUD on, what a drag leaves on screen is exactly the window drawn whole")
    func framesDrawnInPartsLeaveNoStalePixels() throws {
        let client = try SandboxClient(hud: true)
        // A drag like the latency benchmark's: input 8 ms apart, so frames are prepared (HUD laid
        // out, damage drawn) at one input and finished with what later input changed.
        let start = MonotonicClock.now()
        try client.harness.touchDown(id: 0, x: 100, y: 100)
        try client.harness.touchFrame()
        for step in 1...60 {
            let wait = start + Double(step) * 0.008 - MonotonicClock.now()
            if wait > 0 { try client.harness.dispatch(for: wait) }
            try client.harness.touchMotion(id: 0, x: 100 + 4 * Double(step), y: 100 + 3 * Double(step))
            try client.harness.touchFrame()
        }
        try client.harness.touchUp(id: 0)
        try client.harness.touchFrame()
        // The HUD's paced text catches up within its interval; after that nothing changes.
        try client.harness.dispatch(for: 0.5)
        let shown = try client.screenshot()
        #expect(client.finish() == .exited(0))
        // At exit the client draws its window whole, from nothing: the reference.
        let whole = try PNGFile.read(contentsOf: client.screenshotPath)
        #expect(whole.width == shown.width && whole.height == shown.height)
        var differing = 0
        var first: (Int, Int)?
        for y in 0..<min(whole.height, shown.height) {
            for x in 0..<min(whole.width, shown.width) where whole.rgba(x: x, y: y) != shown.rgba(x: x, y: y) {
                differing += 1
                if first == nil { first = (x, y) }
            }
        }
        #expect(differing == 0, "\(differing) pixels differ, the first at \(String(describing: first))")
        // The drag did move the square (the frames were not all skipped).
        #expect(try client.state().frame("red")?.origin != Point(x: TouchDemoScene.cornerMargin, y: TouchDemoScene.cornerMargin))
    }

    // MARK: - README screenshots

    /// Where `docsScreenshots` writes (unset: the test is skipped). Regenerate with
    /// `GESTURE_SANDBOX_DOCS_DIR=$PWD/docs swift test --filter HUDTests/docsScreenshots`.
    private static let docsDirectory = ProcessInfo.processInfo.environment["GESTURE_SANDBOX_DOCS_DIR"]

    @Test("README screenshots: the HUD over touchdemo, moveme and swipe, fingers down",
          .enabled(if: docsDirectory != nil))
    func docsScreenshots() throws {
        let directory = try #require(Self.docsDirectory)
        let shots: [(scene: String, file: String, script: String)] = [
            ("touchdemo", "hud-touchdemo.png",
             "down 0 100 100; down 1 1180 620; frame; motion 0 260 180; motion 1 1020 560; frame"),
            ("moveme", "hud-moveme.png", "down 0 640 360; frame; motion 0 700 390; frame; motion 0 820 430; frame"),
            ("swipe", "hud-swipe.png", "down 0 420 380; frame; motion 0 470 381; frame; motion 0 560 382; frame"),
        ]
        for shot in shots {
            let client = try SandboxClient(scene: shot.scene)
            try type(Key.h, on: client)
            try client.inject(shot.script)
            let path = try client.weston.screenshot(in: client.files.path)
            let image = try PNGFile.read(contentsOf: path)
            #expect(image.width == SandboxClient.width && image.height == SandboxClient.height)
            let target = "\(directory)/\(shot.file)"
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: path, toPath: target)
            let lift = shot.script.contains("down 1") ? "up 0; up 1; frame" : "up 0; frame"
            try touch(lift, on: client)
            #expect(client.finish() == .exited(0))
        }
    }
}

/// The HUD's layout and damage, and the key table, headless (no compositor needed).
@Suite struct HUDLayoutTests {
    private let size = Size(width: 1280, height: 720)

    private func snapshot(touches: [TouchLabel] = [], recognizers: [RecognizerLine] = [],
                          log: [EventLog.Entry] = []) -> HUDSnapshot {
        HUDSnapshot(windowSize: size, scene: "touchdemo", profile: "uikit", seatName: "seat0", touchVersion: 8,
                    frameCount: 3, touches: touches, log: log, recognizers: recognizers)
    }

    private func finger(at point: Point) -> TouchLabel {
        TouchLabel(id: 4, phase: .moved, tapCount: 2, location: point)
    }

    private func hud() throws -> HUD {
        let hud = HUD(text: try TextRenderer())
        hud.showsHUD = true
        return hud
    }

    @Test("an unchanged HUD adds no damage; a moved finger damages its old and new label only")
    func damageIsOldAndNewBoxes() throws {
        let hud = try hud()
        let first = hud.update(snapshot(touches: [finger(at: Point(x: 600, y: 300))]), keyMap: [])
        #expect(first.count == hud.panels.count)
        #expect(hud.update(snapshot(touches: [finger(at: Point(x: 600, y: 300))]), keyMap: []).isEmpty)
        let old = try #require(hud.panels.first { $0.id == "touch 4" }).frame
        let damage = hud.update(snapshot(touches: [finger(at: Point(x: 640, y: 330))]), keyMap: [])
        let new = try #require(hud.panels.first { $0.id == "touch 4" }).frame
        #expect(damage == [new, old])
        #expect(new.contains(Point(x: 640, y: 330)), "the label's frame holds the cross-hair on the finger")
        #expect(hud.panels.first { $0.id == "touch 4" }?.lines.map(\.text) == ["#4 moved ×2"])
    }

    @Test("while only a finger moves, the control strip's changes are still damaged and the panels stay whole")
    func movingFingerWithControls() throws {
        let hud = try hud()
        var strip = ControlStrip()
        let collapsed = hud.controlPanels(strip, window: size, recording: false, paused: false)
        strip.isExpanded = true
        let expanded = hud.controlPanels(strip, window: size, recording: false, paused: false)
        let whole = HUDLayout(text: try TextRenderer())
        let at = [Point(x: 600, y: 300), Point(x: 610, y: 305), Point(x: 620, y: 310)]
        _ = hud.update(snapshot(touches: [finger(at: at[0])]), keyMap: [], controls: collapsed)
        // The finger moves and the strip opens in the same frame: the label and every control change.
        let damage = hud.update(snapshot(touches: [finger(at: at[1])]), keyMap: [], controls: expanded)
        let label = try #require(hud.panels.first { $0.id == "touch 4" }).frame
        let handle = try #require(expanded.first { $0.id == "control handle" }).frame
        #expect(damage.contains(label))
        #expect(damage.contains { handle.contains(Point(x: $0.midX, y: $0.midY)) }, "the handle's < turned into >")
        for button in expanded where button.id != "control handle" { #expect(damage.contains(button.frame)) }
        #expect(!damage.contains { $0 == hud.panels.first { $0.id == "info" }?.frame }, "the info panel is unchanged")
        #expect(hud.panels == whole.panels(snapshot(touches: [finger(at: at[1])]), showsHUD: true, keyMap: nil) + expanded)
        // Closing it again: the buttons that go are damaged where they were.
        let closing = hud.update(snapshot(touches: [finger(at: at[2])]), keyMap: [], controls: collapsed)
        for button in expanded where button.id != "control handle" { #expect(closing.contains(button.frame)) }
        #expect(hud.panels == whole.panels(snapshot(touches: [finger(at: at[2])]), showsHUD: true, keyMap: nil) + collapsed)
    }

    @Test("a panel that keeps its frame damages only the rows whose text changed, old and new")
    func changedRowsOnly() throws {
        let hud = try hud()
        _ = hud.update(snapshot(), keyMap: [])
        let info = try #require(hud.panels.first { $0.id == "info" })
        var next = snapshot()
        next.frameCount = 4
        let damage = hud.update(next, keyMap: [])
        let row = try #require(hud.panels.first { $0.id == "info" }?.lines.first { $0.text.hasPrefix("frames 4") })
        #expect(hud.panels.first { $0.id == "info" }?.frame == info.frame, "the frames line is not the widest")
        #expect(damage.count == 1)
        let rect = try #require(damage.first)
        #expect(rect.minY == row.origin.y && rect.maxY < info.frame.maxY && rect.minY > info.frame.minY,
                "one row of the info panel, not the panel: \(rect) in \(info.frame)")
        #expect(rect.minX >= info.frame.minX && rect.maxX <= info.frame.maxX && rect.width < info.frame.width)
        // The log scrolls: its changed rows are damaged, the panel's empty rows below them are not.
        _ = hud.update(snapshot(log: [EventLog.Entry(text: "100 down 0 10 10", isBoundary: false)]), keyMap: [])
        let log = try #require(hud.panels.first { $0.id == "log" })
        let scrolled = hud.update(snapshot(log: [EventLog.Entry(text: "100 down 0 10 10", isBoundary: false),
                                                 EventLog.Entry(text: "──── frame ────", isBoundary: true)]), keyMap: [])
        #expect(scrolled.count == 1 && scrolled.allSatisfy { $0.maxY < log.frame.maxY && $0.height < log.frame.height / 4 })
    }

    @Test("laid out piecewise (labels apart from the rest), the HUD is what a whole layout gives, labels under the key map")
    func piecewiseLayoutIsTheWholeOne() throws {
        let hud = try hud()
        hud.showsKeyMap = true
        let whole = HUDLayout(text: try TextRenderer())
        for point in [Point(x: 600, y: 300), Point(x: 640, y: 330), Point(x: 20, y: 700)] {
            let state = snapshot(touches: [finger(at: point)])
            _ = hud.update(state, keyMap: ["h  hide the HUD"])
            #expect(hud.panels == whole.panels(state, showsHUD: true, keyMap: ["h  hide the HUD"]))
        }
        #expect(hud.panels.last?.id == "keys" && hud.panels.dropLast().last?.id == "touch 4")
        hud.showsHUD = false
        _ = hud.update(snapshot(touches: [finger(at: Point(x: 5, y: 5))]), keyMap: ["h  hide the HUD"])
        #expect(hud.panels.map(\.id) == ["keys"], "hidden, the HUD draws no labels; the key map stays")
    }

    @Test("hiding the HUD damages every panel it drew and leaves none")
    func hidingDamagesEverything() throws {
        let hud = try hud()
        _ = hud.update(snapshot(touches: [finger(at: Point(x: 600, y: 300))]), keyMap: [])
        let frames = hud.panels.map(\.frame)
        hud.showsHUD = false
        #expect(Set(hud.update(snapshot(), keyMap: []).map(\.description)) == Set(frames.map(\.description)))
        #expect(hud.panels.isEmpty)
    }

    @Test("the recognizer panel says so when the scene has none, and lists them when it has")
    func recognizerPanel() throws {
        let hud = try hud()
        _ = hud.update(snapshot(), keyMap: [])
        #expect(hud.panels.first { $0.id == "recognizers" }?.lines.map(\.text) == ["no recognizers"])
        _ = hud.update(snapshot(recognizers: [RecognizerLine(name: "tap", state: "failed", reason: "moved 31 px")]),
                       keyMap: [])
        #expect(hud.panels.first { $0.id == "recognizers" }?.lines.map(\.text) == ["recognizers", "tap failed — moved 31 px"])
        let info = hud.panels.first { $0.id == "info" }?.lines.map(\.text) ?? []
        #expect(info.starts(with: ["scene touchdemo · profile uikit", "seat \"seat0\" · wl_touch v8"]))
    }

    @Test("g's toolkit models panel sits between the recognizers and the hint, and only when shown")
    func toolkitModelsPanel() throws {
        let hud = try hud()
        _ = hud.update(snapshot(), keyMap: [])
        #expect(!hud.panels.contains { $0.id == "toolkit models" })
        var shown = snapshot()
        shown.toolkitModels = ["toolkit models (newest last)", "gtk-4.8: GtkGestureClick tap ×2", "qt-6.4: TapHandler tap ×2"]
        _ = hud.update(shown, keyMap: [])
        let panel = try #require(hud.panels.first { $0.id == "toolkit models" })
        #expect(panel.lines.map(\.text) == shown.toolkitModels)
        let recognizers = try #require(hud.panels.first { $0.id == "recognizers" }).frame
        let hint = try #require(hud.panels.first { $0.id == "hint" }).frame
        #expect(recognizers.maxY < panel.frame.minY && panel.frame.maxY < hint.minY)
        let press = KeyPress(keycode: 0, keysym: 0, name: "g", text: "g", modifiers: [], time: 0)
        #expect(KeyCommand(press) == .toggleToolkitModels)
        #expect(ControlStrip.Button.toolkits.command == .toggleToolkitModels)
    }

    @Test("the log keeps the last N records with frame boundaries")
    func eventLog() {
        var log = EventLog(capacity: 3)
        log.append(RawRecord(.down(serial: 1, time: 10, surface: nil, id: 0, x: WLFixed(1.5), y: WLFixed(2))))
        log.append(RawRecord(.frame))
        log.append(RawRecord(.motion(time: 18, id: 0, x: WLFixed(3), y: WLFixed(4)), isEmulated: true))
        log.append(RawRecord(.up(serial: 2, time: 26, id: 0)))
        #expect(log.entries.map(\.text) == ["──── frame ────", "18 motion 0 3 4 (mouse)", "26 up 0"])
        #expect(log.entries.map(\.isBoundary) == [true, false, false])
        #expect(log.total == 4)
    }

    @Test("keys are matched on the text they type; Escape by name; modified presses are not commands")
    func keyTable() {
        func press(_ name: String, _ text: String, _ modifiers: KeyModifiers = []) -> KeyCommand? {
            KeyCommand(KeyPress(keycode: 0, keysym: 0, name: name, text: text, modifiers: modifiers, time: 0))
        }
        #expect(press("question", "?", .shift) == .toggleKeyMap)
        #expect(press("h", "h") == .toggleHUD)
        #expect(press("space", " ") == .togglePause)
        #expect(press("Escape", "\u{1b}") == .quit)
        #expect(press("q", "q", .control) == nil)
        #expect(press("H", "H", .shift) == nil)
        #expect(KeyCommand.keyMapLines.count == KeyCommand.allCases.count)
        #expect(Set(KeyCommand.allCases.map(\.key)).count == KeyCommand.allCases.count, "two commands share a key")
    }
}
