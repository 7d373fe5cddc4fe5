import CompositorDrivers
import Foundation
import TestSupport
import Testing
import TouchStream

/// Maximized or fullscreen while a finger is down (`run --on-touch maximize|fullscreen`): the
/// client asks on the down, the finger then moves and lifts. Users report the sequence lost or its
/// coordinates jumping; what each compositor sent our client is held here.
@Suite(.serialized)
struct MidTouchWindowStateTests {
    /// One case: the compositor, the request, and what it did measured (2026-11-29).
    struct Case: CustomTestStringConvertible, Sendable {
        var kind: CompositorKind
        var action: String
        /// The size and state the configure after the down gave.
        var width: Int32, height: Int32, state: String?
        /// The content's global origin once the configure applied (where the motions place it).
        var origin: (x: Double, y: Double)
        var testDescription: String { "\(kind.rawValue) \(action)" }
    }

    static let cases: [Case] = [
        // KWin: maximized under its 37 px title bar; fullscreen without one.
        Case(kind: .kwin, action: "maximize", width: 1280, height: 683, state: "maximized", origin: (0, 37)),
        Case(kind: .kwin, action: "fullscreen", width: 1280, height: 720, state: "fullscreen", origin: (0, 0)),
        // mutter: libdecor's 24 px title bar above the maximized content.
        Case(kind: .mutter, action: "maximize", width: 1280, height: 696, state: "maximized", origin: (0, 24)),
        Case(kind: .mutter, action: "fullscreen", width: 1280, height: 720, state: "fullscreen", origin: (0, 0)),
        // sway 1.7 tiles: set_maximized changes nothing (the same tiled configure again).
        Case(kind: .sway, action: "maximize", width: 1276, height: 693, state: nil, origin: (2, 25)),
        Case(kind: .sway, action: "fullscreen", width: 1280, height: 720, state: "fullscreen", origin: (0, 0)),
    ]

    /// The finger's steps after the request, window-relative.
    static let steps: [(x: Double, y: Double)] = (1...10).map { (step: Int) -> (x: Double, y: Double) in
        let k = Double(step)
        return (x: 80 + 20 * k, y: 80 + 10 * k)
    }

    @Test("a finger that asked for maximized or fullscreen keeps its sequence; its motions follow the window's new place",
          arguments: cases)
    func stateChangeMidTouch(_ expected: Case) throws {
        if expected.kind == .sway { try NestedDriverTests.ensureUser() }
        let driver = try #require(CompositorDrivers.driver(for: expected.kind))
        let run = try SandboxClient(driver, arguments: ["--on-touch", expected.action, "--window-size", "800x500"])
        let before = try run.contentOrigin()
        var script = "down 0 \(before.x + 80) \(before.y + 80); frame; sleep 300\n"
        for step in Self.steps { script += "motion 0 \(before.x + step.x) \(before.y + step.y); frame; sleep 16\n" }
        script += "up 0; frame"
        try run.inject(script, settle: 0.5)
        let records = try run.finishRecording()
        let events = records.map(\.event)

        // The probe tap's down is the first; the scripted finger's is the last.
        let start = try #require(events.lastIndex { $0.name == "down" }, "\(events.map(\.name))")
        guard case .down(_, _, let surface?, let id, _, _) = events[start] else { return }
        let after = Array(events[start...])
        let configures = after.compactMap(\.surfaceEvent).filter { $0.kind == .toplevelConfigure }
        let configure = try #require(configures.last, "no configure while the finger was down: \(after.map(\.name))")
        #expect(configure.surface == surface && configure.width == expected.width && configure.height == expected.height,
                "\(configure)")
        let states = configure.states ?? 0
        if let state = expected.state {
            #expect(ToplevelStateNames.contains(states, state), "\(ToplevelStateNames.text(states))")
        } else {
            #expect(!ToplevelStateNames.contains(states, "maximized") && !ToplevelStateNames.contains(states, "fullscreen"),
                    "\(ToplevelStateNames.text(states))")
        }
        // The whole sequence arrived: every motion and the up, no cancel.
        let motions: [(x: Double, y: Double)] = after.compactMap {
            guard case .motion(_, let motionID, let x, let y) = $0, motionID == id else { return nil }
            return (x.doubleValue, y.doubleValue)
        }
        #expect(motions.count == Self.steps.count, "\(after.map(\.name))")
        #expect(!after.contains { $0 == .cancel })
        #expect(after.contains { if case .up(_, _, id) = $0 { true } else { false } })
        // Each motion is surface-local to where the window now is: global − new origin, exactly.
        for (motion, step) in zip(motions, Self.steps) {
            #expect(motion.x == before.x + step.x - expected.origin.x && motion.y == before.y + step.y - expected.origin.y,
                    "motion \(motion) for the finger at \((before.x + step.x, before.y + step.y)), origin \(expected.origin)")
        }
    }
}
