import CompositorDrivers
@testable import Matrix
@testable import Playback
import Scenes
import Testing
import TouchKit
import TouchStream

// MARK: - Scripts over two windows, and outputs set up for a script

@Suite struct MatrixWindowsTests {
    /// Two clients side by side: a finger on each, landing in one frame.
    static let script = """
        down 0 100 100 surface=a; frame; sleep 30; up 0; frame
        down 0 100 100 surface=a; down 1 50 60 surface=b; frame; motion 1 55 60; frame; up 0; up 1; frame
        """

    private func run(a: String, b: String) throws -> MatrixRun {
        let script = try MatrixScript(name: "two", text: Self.script, windows: [.main, .second])
        let trace = { (text: String) in Trace(format: .compact, header: nil, items: try CompactTrace.parse(text)) }
        return MatrixRun(script: script, trace: try trace(a), deliveriesLog: "", initial: nil, snapshot: nil,
                         windows: [MatrixWindowRun(name: "b", trace: try trace(b), deliveriesLog: "")])
    }

    @Test func eachFingerIsPlacedAtTheOriginOfTheWindowItsDownNames() throws {
        let script = try MatrixScript(name: "two", text: Self.script, windows: [.main, .second])
        let placed = CompactTrace.write(script.placed(at: ["a": (x: 0, y: 37), "b": (x: 640, y: 37)]))
        #expect(placed.contains("down 0 100 137"))
        #expect(placed.contains("down 1 690 97"))
        // The motion follows finger 1's window, not the first one.
        #expect(placed.contains("motion 1 695 97"))
        #expect(script.downsPerWindow == ["a": 2, "b": 1])
        #expect(script.largestLanding == 2)
        #expect(script.largestLanding(in: "a") == 1 && script.largestLanding(in: "b") == 1)
    }

    @Test func aSurfaceNamingNoWindowOfTheScriptIsALocatedError() {
        #expect(throws: TraceError.self) {
            try MatrixScript(name: "s", text: "down 0 1 1 surface=c; frame; up 0; frame", source: "s.txt",
                             windows: [.main, .second])
        }
    }

    @Test func aSetupTheDriverCannotGiveIsNotInjectableAsStatementZero() throws {
        let two = try MatrixScript(name: "two", text: Self.script, windows: [.main, .second])
        let missing = two.unsupported(by: [.touch, .frame])
        #expect(missing.map(\.statement) == [0])
        #expect(missing.first?.needs == "two windows side by side")
        #expect(missing.first?.item == "windows a, b")
        #expect(two.unsupported(by: [.touch, .sideBySide]).isEmpty)
        let scaled = try MatrixScript(name: "tap@scale2", text: "down 0 1 1; frame; up 0; frame",
                                      output: MatrixOutputSetup(scale: 2, rotation: 90))
        #expect(scaled.unsupported(by: [.touch, .outputScale]).first?.needs == "output rotation")
        #expect(scaled.unsupported(by: [.touch, .outputScale, .outputRotation]).isEmpty)
    }

    @Test func eachClientGettingItsOwnFingerIsNoFinding() throws {
        let run = try run(a: "down 5 100 100; frame; up 5; frame; down 6 100 100; frame; up 6; frame",
                          b: "down 9 50 60; frame; motion 9 55 60; frame; up 9; frame")
        #expect(run.observations.isEmpty, "\(run.observations)")
        #expect(run.signatures.contains("b: down 0 50 60"))
        #expect(run.streamText.hasSuffix("b: up 0\n"))
    }

    @Test func aFingerForTheOtherClientDeliveredToTheFirstIsM6AndAnEmptyWindowM7() throws {
        // KWin 5.27: the second finger follows the first one's surface, in its coordinates.
        let run = try run(a: "down 5 100 100; frame; up 5; frame; down 6 100 100; down 7 690 60; frame; up 6; up 7; frame",
                          b: "")
        #expect(run.observations.contains(.touchToUntouchedWindow))
        #expect(run.observations.contains(.touchedWindowGotNothing))
        #expect(!run.observations.contains(.nothingArrived))
        #expect(!run.observations.contains(.framePerEvent))
        #expect(run.ruleIDs.contains("M6") && run.ruleIDs.contains("M7"))
    }

    @Test func findingsOfEveryWindowCountAndNameTheirWindow() throws {
        let run = try run(a: "down 5 100 100; frame; up 5; frame; down 6 100 100; frame; up 6; frame",
                          b: "down 9 50 60; frame; down 9 55 60; frame; up 9; frame")
        #expect(run.ruleIDs.contains("R1"))
        #expect(run.allFindings.contains { $0.window == "b" && $0.finding.ruleID == "R1" })
        #expect(!run.violations.isEmpty)
    }

    @Test func probesAimAtTheCentreOfEachColumn() {
        let points = MatrixRunner.probePoints(columns: 2, output: (1280, 720))
        #expect(points.map(\.x) == [320, 960] && points.allSatisfy { $0.y == 360 })
    }

    @Test func theBatteryHasTwoWindowAndOutputScriptsThatFitTheirWindows() throws {
        let battery = MatrixBattery.scripts
        for script in battery where script.windows.count > 1 {
            #expect(script.windows.map(\.name) == ["a", "b"])
            for item in script.items {
                guard case .record(let record) = item, case .down(_, _, _, _, let x, let y) = record.event else { continue }
                #expect(x.doubleValue >= 0 && x.doubleValue <= 560 && y.doubleValue >= 0 && y.doubleValue <= 500, "\(script.name)")
            }
        }
        let scaled = battery.filter { $0.output.scale == 2 }.map(\.name)
        let rotated = battery.filter { $0.output.rotation == 90 }.map(\.name)
        #expect(scaled == ["tap@scale2", "drag@scale2", "x11-tap@scale2"])
        #expect(rotated == ["tap@rotated", "drag@rotated"])
        // A compositor restarts for another output, and for Xwayland: those scripts come last, the
        // plain x11 ones before the other outputs' (a scaled start with Xwayland is the last of all).
        // The kernel lane's device scripts come last of all, each a boot of its own.
        let devices = battery.drop { $0.deviceSetup == nil }
        #expect(devices.map(\.name) == ["map-to-output", "calibration-matrix", "aspect-mismatch", "rotated-output", "palm",
                                        "two-touchscreens"])
        #expect(devices.allSatisfy { $0.deviceSetup != nil && $0.output == .plain })
        let others = battery.prefix { $0.deviceSetup == nil }
        #expect(others.drop { $0.output == .plain && !$0.needsXwayland }.allSatisfy { $0.output != .plain || $0.needsXwayland })
        #expect(others.drop { $0.output == .plain }.allSatisfy { $0.output != .plain })
        #expect(others.last?.name == "x11-tap@scale2")
    }
}

@Suite struct MatrixExpectationTests {
    private func run(_ expectation: MatrixExpectation, a: String, b: String) throws -> MatrixRun {
        var script = try MatrixScript(name: "s", text: """
            down 0 80 80 surface=a; frame; up 0; frame; down 0 200 250 surface=b; frame; up 0; frame
            """, windows: [.main, .second])
        script.expectations = [expectation]
        let trace = { (text: String) in Trace(format: .compact, header: nil, items: try CompactTrace.parse(text)) }
        return MatrixRun(script: script, trace: try trace(a), deliveriesLog: "", initial: nil, snapshot: nil,
                         windows: [MatrixWindowRun(name: "b", trace: try trace(b), deliveriesLog: "")])
    }

    @Test func aPopupLeftOpenAfterATouchOnAnotherClientIsM8() throws {
        let opened = "down 0 80 80 surface=a; frame; popup-configure 160 160 200 120 surface=p; up 0; frame"
        let other = "down 1 200 250; frame; up 1; frame"
        #expect(try run(.popupDismissed(window: "a"), a: opened, b: other).observations == [.popupNotDismissed])
        #expect(try run(.popupDismissed(window: "a"), a: opened + "; popup-done surface=p", b: other).observations.isEmpty)
        // A popup that never opened is not M8 (its stream shows that).
        #expect(try run(.popupDismissed(window: "a"), a: "down 0 80 80; frame; up 0; frame", b: other).observations.isEmpty)
    }

    @Test func aDragThatNeverDroppedOnItsTargetIsM9() throws {
        let source = "down 0 80 80 surface=a; frame; up 0; frame; dnd-cancelled"
        #expect(try run(.dropOn(window: "b"), a: source, b: "dnd-enter 10 10 surface=s; dnd-leave").observations
            .contains(.dropMissed))
        #expect(try !run(.dropOn(window: "b"), a: "down 0 80 80 surface=a; frame; up 0; frame; dnd-finished",
                         b: "dnd-enter 10 10 surface=s; dnd-drop; dnd-leave").observations.contains(.dropMissed))
    }
}

@Suite struct MatrixConnectionClosedTests {
    @Test func aClientThatLostItsConnectionIsANoteAndM10() throws {
        let output = "  -> wl_surface@3.commit()\ngesture-sandbox: Wayland connection lost during read: Broken pipe\n"
        let note = try #require(MatrixRun.connectionClosed(.exited(1), output: output, window: "a"))
        #expect(note == MatrixRun.connectionClosedNote + " (window a): Wayland connection lost during read: Broken pipe")
        #expect(MatrixRun.connectionClosed(.exited(1), output: "gesture-sandbox: no such scene") == nil)
        #expect(MatrixRun.connectionClosed(.exited(0), output: output) == nil)
        let script = try MatrixScript(name: "s", text: "down 0 1 1; frame; up 0; frame")
        let trace = Trace(format: .compact, header: nil, items: try CompactTrace.parse("down 0 1 1; frame"))
        let run = MatrixRun(script: script, trace: trace, deliveriesLog: "", initial: nil, snapshot: nil, notes: [note])
        #expect(run.observations.contains(.connectionClosed))
    }
}
