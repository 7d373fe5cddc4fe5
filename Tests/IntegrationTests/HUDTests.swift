import Foundation
import Render
import SandboxHarness
import SandboxRuntime
import Scenes
import Testing
import TouchKit
import TouchStream

/// The HUD and key commands under a real headless weston, keys typed through the harness keyboard.
@Suite(.serialized)
struct HUDTests {
    /// evdev codes (linux/input-event-codes.h) of the keys used here.
    private enum Key {
        static let h: UInt32 = 35
        static let n: UInt32 = 49
        static let slash: UInt32 = 53
        static let space: UInt32 = 57
    }

    /// Presses and releases `key` (with Shift when asked) and waits for the client's redraw.
    private func type(_ key: UInt32, shift: Bool = false, on client: SandboxClient) throws {
        let start = MonotonicClock.now()
        if shift { try client.harness.key(LinuxInputCode.keyLeftShift, pressed: true) }
        try client.harness.key(key, pressed: true)
        try client.harness.key(key, pressed: false)
        if shift { try client.harness.key(LinuxInputCode.keyLeftShift, pressed: false) }
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

    /// Pixels of the HUD's text colour (within a channel tolerance, as glyph edges blend) inside
    /// `area` of a weston screenshot.
    private func hudTextPixels(_ client: SandboxClient, in area: PixelRect) throws -> Int {
        let image = try PNGFile.read(contentsOf: try client.weston.screenshot(in: client.files.path))
        let c = HUDStyle.textColor
        let text = [c.red, c.green, c.blue].map { UInt8(($0 * 255).rounded()) }
        var count = 0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let pixel = image.rgba(x: x, y: y)
                if (0..<3).allSatisfy({ abs(Int(pixel[$0]) - Int(text[$0])) <= Self.tolerance }) { count += 1 }
            }
        }
        return count
    }

    /// Channel tolerance for "text colour": well-covered glyph pixels, far from every scene colour.
    private static let tolerance = 24

    /// Above and right of a finger at (x, y): where its label goes.
    private func labelArea(x: Int, y: Int) -> PixelRect { PixelRect(x: x, y: y - 80, width: 220, height: 80) }

    @Test("h shows the finger's label (id, phase, taps) next to a held finger, and h hides it again")
    func labelFollowsFinger() throws {
        let client = try SandboxClient()
        try touch("down 0 640 360; frame", on: client)
        let area = labelArea(x: 640, y: 360)
        #expect(try hudTextPixels(client, in: area) == 0, "HUD text before the HUD was turned on")
        try type(Key.h, on: client)
        #expect(try hudTextPixels(client, in: area) > 40, "no HUD label near the finger")
        // A label away from any finger is not there: the label is the finger's.
        #expect(try hudTextPixels(client, in: labelArea(x: 1000, y: 600)) == 0)
        try type(Key.h, on: client)
        #expect(try hudTextPixels(client, in: area) == 0, "HUD text after h turned the HUD off")
        try touch("up 0; frame", on: client)
        #expect(client.finish() == .exited(0))
    }

    @Test("? (Shift+/) shows the key map in the middle of the window")
    func keyMap() throws {
        let client = try SandboxClient()
        let middle = PixelRect(x: 340, y: 200, width: 600, height: 320)
        #expect(try hudTextPixels(client, in: middle) == 0)
        try type(Key.slash, shift: true, on: client)
        #expect(try hudTextPixels(client, in: middle) > 200)
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
        let downs = try client.trace().records.filter { $0.event.name == "down" }
        #expect(downs.count == 2)
    }

    @Test("space pauses delivery: the drag is recorded but the square does not move")
    func pauseKeepsRecording() throws {
        let client = try SandboxClient()
        try type(Key.space, on: client)
        try touch("down 0 100 100; frame; motion 0 200 200; frame; up 0; frame", on: client)
        #expect(client.finish() == .exited(0))
        #expect(try client.trace().records.map(\.event.name) == ["down", "frame", "motion", "frame", "up"])
        let margin = TouchDemoScene.cornerMargin
        #expect(try client.state().frame("red")?.origin == Point(x: margin, y: margin))
    }
}
