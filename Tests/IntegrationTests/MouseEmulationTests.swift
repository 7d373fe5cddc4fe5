import Foundation
import SandboxHarness
import Scenes
import TestSupport
import Testing
import TouchKit
import TouchStream

// MARK: - Mouse emulation under a real weston: pointer button 1 is a finger, Alt adds a mirrored one

/// Pointer drags through weston's wl_pointer, read back from the client's trace and scene state.
@Suite(.serialized)
struct MouseEmulationTests {
    /// The emulated fingers' ids: the pointer's and the Alt finger's.
    private static let pointerFinger: Int32 = -1, altFinger: Int32 = -2
    /// The window centre the Alt finger is mirrored about, surface-local (the window is at 0,0).
    private static let centre = (x: Double(SandboxClient.width) / 2, y: Double(SandboxClient.height) / 2)

    /// Moves the pointer to `path[0]`, presses button 1, moves along the rest and releases it,
    /// holding `modifiers` (Linux key codes) for the whole drag; waits for the redraw.
    static func drag(_ path: [(Double, Double)], holding modifiers: [UInt32] = [], on run: SceneRun) throws {
        let harness = run.client.harness
        let start = MonotonicClock.now()
        for key in modifiers { try harness.key(key, pressed: true) }
        try harness.pointerMotion(x: path[0].0, y: path[0].1)
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
        for point in path.dropFirst() { try harness.pointerMotion(x: point.0, y: point.1) }
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        for key in modifiers.reversed() { try harness.key(key, pressed: false) }
        try harness.roundtrip()
        _ = try harness.waitForCommit(pid: Int32(run.client.process.pid), after: start, timeout: SandboxClient.timeout)
        // Until it draws no more: a busy client drew the drag's last motion after a fixed settle.
        try run.client.waitUntilQuiet(for: SceneRun.settle)
    }

    /// Each down/motion record's (id, x, y), grouped by frame.
    static func framedPoints(_ records: [RawRecord]) -> [[(id: Int32, x: Double, y: Double)]] {
        var frames: [[(id: Int32, x: Double, y: Double)]] = [[]]
        for record in records {
            switch record.event {
            case let .down(_, _, _, id, x, y), let .motion(_, id, x, y):
                frames[frames.count - 1].append((id, x.doubleValue, y.doubleValue))
            case .frame: frames.append([])
            default: break
            }
        }
        return frames.filter { !$0.isEmpty }
    }

    @Test("a button-1 drag moves a touchdemo square; every record is emulated, finger -1",
          arguments: sceneTestScales)
    func buttonDrag(scale: Int) throws {
        let run = try SceneRun("touchdemo", scale: scale)
        try Self.drag([(100, 100), (200, 150), (300, 250)], on: run)
        let shot = try run.screenshot { $0.shows(TouchDemoScene.squares[0].color, at: 300, 250) }
        let state = try run.finish()
        let records = try run.client.trace().touchRecords
        #expect(records.map(\.event.name) == ["capabilities", "down", "frame", "motion", "frame", "motion", "frame", "up",
                                                "frame"])
        #expect(records.dropFirst().allSatisfy { $0.isEmulated })
        #expect(Self.framedPoints(records).flatMap { $0.map(\.id) } == [Self.pointerFinger, Self.pointerFinger, Self.pointerFinger])
        let margin = TouchDemoScene.cornerMargin
        #expect(state.frame("red")?.origin == Point(x: margin + 200, y: margin + 150))
        #expect(shot.shows(TouchDemoScene.squares[0].color, at: 300, 250))
        #expect(shot.shows(TouchDemoScene.background, at: 100, 100))
    }

    @Test("Alt held: two emulated fingers, -1 and -2, mirrored about the window centre in every frame",
          arguments: sceneTestScales)
    func altMirrors(scale: Int) throws {
        let run = try SceneRun("touchdemo", scale: scale)
        // The pointer grabs red; its mirror (1180, 620) grabs yellow.
        try Self.drag([(100, 100), (130, 120), (150, 130)], holding: [LinuxInputCode.keyLeftAlt], on: run)
        let state = try run.finish()
        let records = try run.client.trace().touchRecords
        #expect(records.first?.event.isCapabilities == true)
        #expect(records.dropFirst().allSatisfy { $0.isEmulated })
        let frames = Self.framedPoints(records)
        #expect(frames.count == 3)
        for frame in frames {
            #expect(frame.map(\.id) == [Self.pointerFinger, Self.altFinger])
            guard frame.count == 2 else { continue }
            #expect(frame[0].x + frame[1].x == 2 * Self.centre.x && frame[0].y + frame[1].y == 2 * Self.centre.y,
                    "\(frame)")
        }
        #expect(frames.first?.map { [$0.x, $0.y] } == [[100, 100], [1180, 620]])
        let margin = TouchDemoScene.cornerMargin, side = TouchDemoScene.squareSide
        let far = (x: Double(SandboxClient.width) - margin - side, y: Double(SandboxClient.height) - margin - side)
        #expect(state.frame("red")?.origin == Point(x: margin + 50, y: margin + 30))
        #expect(state.frame("yellow")?.origin == Point(x: far.x - 50, y: far.y - 30))
    }

    @Test("Alt+Shift held: both fingers move together at their first offset", arguments: sceneTestScales)
    func altShiftPans(scale: Int) throws {
        let run = try SceneRun("touchdemo", scale: scale)
        try Self.drag([(100, 100), (90, 95), (80, 90)],
                      holding: [LinuxInputCode.keyLeftAlt, LinuxInputCode.keyLeftShift], on: run)
        let state = try run.finish()
        let frames = Self.framedPoints(try run.client.trace().touchRecords)
        #expect(frames.count == 3)
        for frame in frames where frame.count == 2 {
            #expect(frame[1].x - frame[0].x == 1080 && frame[1].y - frame[0].y == 520, "\(frame)")
        }
        let margin = TouchDemoScene.cornerMargin, side = TouchDemoScene.squareSide
        let far = (x: Double(SandboxClient.width) - margin - side, y: Double(SandboxClient.height) - margin - side)
        #expect(state.frame("red")?.origin == Point(x: margin - 20, y: margin - 10))
        #expect(state.frame("yellow")?.origin == Point(x: far.x - 20, y: far.y - 10))
    }
}
