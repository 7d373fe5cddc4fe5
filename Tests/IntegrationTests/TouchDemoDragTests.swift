import Foundation
import Playback
import Render
import SandboxHarness
import Scenes
import TestSupport
import Testing
import TouchKit
import TouchStream

/// TouchDemo under a real headless weston: what the compositor delivered, what the views did.
@Suite(.serialized)
struct TouchDemoDragTests {
    @Test("one-finger drag: weston's records frame by frame, the square moved by exactly the delta")
    func oneFingerDrag() throws {
        let client = try SandboxClient()
        try client.inject("down 0 100 100; frame; motion 0 110.5 104; frame; motion 0 137.25 111; frame; up 0; frame")
        // The client's commit for the motion may come before it reads the up: give it time to go idle.
        try client.harness.dispatch(for: 0.2)
        #expect(client.finish() == .exited(0))

        let wx = Double(client.window.x), wy = Double(client.window.y)
        // weston 10 drops the frame after the last up: the trace shows exactly that, and the
        // client's flush of the pending up once the socket was drained.
        func at(_ x: Double, _ y: Double) -> String { "\(WLFixed(x - wx)) \(WLFixed(y - wy))" }
        let expected = [
            "capabilities touch",
            "down 0 \(at(100, 100))", "frame",
            "motion 0 \(at(110.5, 104))", "frame",
            "motion 0 \(at(137.25, 111))", "frame",
            "up 0", "flush",
        ]
        let records = try client.trace().touchRecords
        #expect(records.map { summary($0.event) } == expected)
        #expect(records.allSatisfy { !$0.isEmulated })

        let red = try #require(try client.state().frame("red"))
        let start = TouchDemoScene.cornerMargin
        #expect(red == Rect(x: start + 37.25, y: start + 11, width: 120, height: 120))
        // The others stayed where they were.
        #expect(try client.state().frame("green")?.origin.y == start)
    }

    @Test("two fingers drag two squares at once")
    func twoFingers() throws {
        let client = try SandboxClient()
        try client.inject("""
            down 0 100 100; down 1 1180 620; frame
            motion 0 150 130; motion 1 1100 600; frame
            motion 0 200 160; motion 1 1000 580; frame
            up 0; up 1; frame
            """)
        #expect(client.finish() == .exited(0))
        let state = try client.state()
        let margin = TouchDemoScene.cornerMargin, side = TouchDemoScene.squareSide
        let far = (x: Double(SandboxClient.width) - margin - side, y: Double(SandboxClient.height) - margin - side)
        #expect(state.frame("red")?.origin == Point(x: margin + 100, y: margin + 60))
        #expect(state.frame("yellow")?.origin == Point(x: far.x - 180, y: far.y - 40))
        #expect(state.frame("green")?.origin == Point(x: far.x, y: margin))
        // Each square got its own finger; the squares forward to window and application (UIKit's default).
        let began = try client.deliveries().filter { $0["method"] as? String == "touchesBegan" }
        let receivers = began.compactMap { $0["responder"] as? String }
        #expect(Set(receivers) == ["red", "yellow", "window", "application"])
        let redIDs = began.filter { $0["responder"] as? String == "red" }
            .flatMap { ($0["touches"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int } }
        #expect(redIDs == [0])
    }

    @Test("a harness cancel mid-drag is delivered as cancelled")
    func cancelMidDrag() throws {
        let client = try SandboxClient()
        try client.inject("down 0 100 100; frame; motion 0 120 100; frame; cancel")
        #expect(client.finish() == .exited(0))
        let kinds = try client.trace().touchRecords.map(\.event.name)
        #expect(kinds == ["capabilities", "down", "frame", "motion", "frame", "cancel"])
        let calls = try client.deliveries().filter { $0["responder"] as? String == "red" }
        #expect(calls.compactMap { $0["method"] as? String } == ["touchesBegan", "touchesMoved", "touchesCancelled"])
        let cancelled = try #require((calls.last?["touches"] as? [[String: Any]])?.first)
        #expect(cancelled["phase"] as? String == "cancelled")
        #expect(cancelled["id"] as? Int == 0)
    }

    @Test("screenshots: the dragged square's colour at its new place, background at its old place")
    func pixels() throws {
        let client = try SandboxClient()
        try client.inject("down 0 100 100; frame; motion 0 300 250; frame; up 0; frame")
        try client.harness.dispatch(for: 0.1)
        let compositorShot = try client.weston.screenshot(in: client.files.path)
        #expect(client.finish() == .exited(0))
        let red = rgba(TouchDemoScene.squares[0].color), background = rgba(TouchDemoScene.background)
        // Old centre (100, 100) → new centre (300, 250).
        for path in [compositorShot, client.screenshotPath] {
            let image = try PNGFile.read(contentsOf: path)
            #expect(image.width == SandboxClient.width, "\(path)")
            #expect(Array(image.rgba(x: 300, y: 250).prefix(3)) == red, "\(path)")
            #expect(Array(image.rgba(x: 100, y: 100).prefix(3)) == background, "\(path)")
        }
    }

    @Test("the recorded trace replays headless to the same deliveries log as live")
    func liveEqualsReplay() throws {
        let client = try SandboxClient()
        try client.inject("""
            down 0 100 100; frame; motion 0 140 120; frame; down 1 1180 100; frame
            motion 0 180 140; motion 1 1100 150; frame; up 0; frame; motion 1 1000 200; frame; up 1; frame
            """)
        #expect(client.finish() == .exited(0))
        let live = try String(contentsOfFile: client.deliveriesPath, encoding: .utf8)
        let replay = ReplaySession(trace: try client.trace(), sceneType: TouchDemoScene.self, profile: .uikit)
        #expect(!live.isEmpty)
        #expect(replay.deliveriesLog == live)
        #expect(replay.snapshot.views == (try client.state().views))
    }

    private func rgba(_ color: Color) -> [UInt8] {
        [color.red, color.green, color.blue].map { UInt8(($0 * 255).rounded()) }
    }
}
