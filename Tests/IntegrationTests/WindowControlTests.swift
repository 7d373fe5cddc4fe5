import Foundation
import Live
import Playback
import Render
import SandboxHarness
import Scenes
import TestSupport
import Testing
import TouchKit
import TouchStream

/// The window's own controls under a real headless weston: the HUD at start, the touch-only
/// control strip (by touch and by pointer), a touch capability that appears late.
@Suite(.serialized)
struct WindowControlTests {
    /// Seconds the client gets to read input that draws nothing.
    private static let settle = 0.2
    private static let window = Size(width: Double(SandboxClient.width), height: Double(SandboxClient.height))

    /// The strip's handle and buttons in global coordinates (kiosk-shell puts the window at 0,0).
    private static var handle: Point {
        let frame = ControlStrip().handleFrame(in: window)
        return Point(x: frame.midX, y: frame.midY)
    }

    private static func button(_ button: ControlStrip.Button) -> Point {
        var strip = ControlStrip()
        strip.isExpanded = true
        let frame = strip.buttonFrames(in: window).first { $0.0 == button }!.1
        return Point(x: frame.midX, y: frame.midY)
    }

    /// The column the expanded strip's buttons occupy.
    private var buttonColumn: PixelRect {
        let top = Self.button(.previousScene), bottom = Self.button(.pause)
        let size = ControlStrip.buttonSize
        return PixelRect(x: Int(top.x - size.width / 2), y: Int(top.y - size.height / 2),
                         width: Int(size.width), height: Int(bottom.y - top.y + size.height))
    }

    private func tap(_ point: Point, id: Int32, on client: SandboxClient) throws {
        try client.inject("down \(id) \(point.x) \(point.y); frame; up \(id); frame")
        try client.harness.dispatch(for: Self.settle)
    }

    @Test("the HUD is on at start, with its hint line; --no-hud starts without it")
    func hudAtStart() throws {
        let infoArea = PixelRect(x: Int(HUDStyle.columnX), y: 0, width: 500, height: 200)
        let shown = try SandboxClient(hud: true)
        #expect(try shown.hudTextPixels(in: infoArea) > 200)
        #expect(shown.finish() == .exited(0))
        let hidden = try SandboxClient(hud: false)
        #expect(try hidden.hudTextPixels(in: infoArea) == 0)
        #expect(hidden.finish() == .exited(0))
    }

    @Test("touch alone: the handle opens the strip and 'scene >' switches scene; those touches never reach the scene")
    func stripByTouch() throws {
        let client = try SandboxClient()
        #expect(try client.hudTextPixels(in: buttonColumn) == 0, "buttons shown before the handle was touched")
        try tap(Self.handle, id: 5, on: client)
        #expect(try client.hudTextPixels(in: buttonColumn) > 100, "the handle did not open the strip")
        try tap(Self.button(.nextScene), id: 6, on: client)
        #expect(client.finish() == .exited(0))

        let moveMe = MoveMeScene(context: SceneContext(clock: VirtualClock(), size: Self.window))
        #expect(Set(try client.state().views.keys) == Set(moveMe.snapshot().views.keys))
        let records = try client.trace().touchRecords
        let touches = records.filter { $0.event.touchID != nil }
        #expect(touches.count == 4)
        #expect(touches.allSatisfy { $0.isControl })
        #expect(try client.deliveries().allSatisfy { ($0["method"] as? String)?.hasPrefix("touches") != true })
    }

    @Test("a finger on the strip while another drags a square: only the drag is delivered, and replay agrees")
    func stripAndSceneTogether() throws {
        let client = try SandboxClient()
        let h = Self.handle
        try client.inject("""
            down 0 100 100; down 7 \(h.x) \(h.y); frame; motion 0 150 120; motion 7 \(h.x) \(h.y + 10); frame
            up 7; frame; motion 0 200 150; frame; up 0; frame
            """)
        try client.harness.dispatch(for: Self.settle)
        #expect(try client.hudTextPixels(in: buttonColumn) > 100, "the handle did not open the strip")
        #expect(client.finish() == .exited(0))
        let margin = TouchDemoScene.cornerMargin
        #expect(try client.state().frame("red")?.origin == Point(x: margin + 100, y: margin + 50))
        let records = try client.trace().touchRecords
        #expect(records.filter { $0.event.touchID == 7 }.allSatisfy { $0.isControl })
        #expect(records.filter { $0.event.touchID == 0 }.allSatisfy { !$0.isControl })
        let ids = try client.deliveries().flatMap { ($0["touches"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int } }
        #expect(!ids.isEmpty && ids.allSatisfy { $0 == 0 })
        let live = try String(contentsOfFile: client.deliveriesPath, encoding: .utf8)
        let replay = ReplaySession(trace: try client.trace(), sceneType: TouchDemoScene.self, profile: .uikit)
        #expect(replay.deliveriesLog == live)
    }

    @Test("the pointer works the strip too: a click on the handle opens it")
    func stripByPointer() throws {
        let client = try SandboxClient()
        let harness = client.harness
        try harness.pointerMotion(x: Self.handle.x, y: Self.handle.y)
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        try harness.roundtrip()
        try harness.dispatch(for: Self.settle)
        #expect(try client.hudTextPixels(in: buttonColumn) > 100, "the click did not open the strip")
        #expect(client.finish() == .exited(0))
        let touches = try client.trace().touchRecords.filter { $0.event.touchID != nil }
        #expect(!touches.isEmpty && touches.allSatisfy { $0.isControl && $0.isEmulated })
    }

    @Test("touch that appears after the window is up: the client binds wl_touch at once and gets the first drag")
    func lateTouchCapability() throws {
        let client = try SandboxClient(touch: false)
        try client.harness.setTouchCapability(true)
        // About one client roundtrip, not a long settle: the wl_touch must be requested at the event.
        try client.harness.dispatch(for: 0.05)
        try client.inject("down 0 100 100; frame; motion 0 160 130; frame; up 0; frame")
        try client.harness.dispatch(for: Self.settle)
        #expect(client.finish() == .exited(0))
        let margin = TouchDemoScene.cornerMargin
        #expect(try client.state().frame("red")?.origin == Point(x: margin + 60, y: margin + 30))
        let records = try client.trace().touchRecords
        #expect(records.first?.event == .capabilities(touch: true))
        #expect(records.dropFirst().first?.event.name == "down")
    }
}
