import Testing
import ToolkitOracles
import TouchKit
import TouchStream

/// The qtwidgets-6.4 model on wl_touch streams as Qt 6.4.2 received them under the harness weston (times in ms since
/// boot), with what the real Qt Widgets oracle reported for the same streams (oracles/qtwidgets/oracle.py).
@Suite struct QtWidgets64ModelTests {
    /// Imports `lines` (the wl_touch part of a WAYLAND_DEBUG log) as the runner does and replays them.
    static func gestures(_ lines: [String]) throws -> [ToolkitGesture] {
        let log = (["[1589384.422]  -> wl_seat@13.get_touch(new id wl_touch@17)"] + lines).joined(separator: "\n")
        let imported = try WaylandDebugImporter.importLog(log, name: "qtwidgets.log")
        var model: any ToolkitModel = QtWidgets64Model()
        return ModelReplay.gestures(&model, records: imported.records)
    }

    static func down(_ time: Int, _ id: Int, _ x: Double, _ y: Double) -> String {
        "[0.0] wl_touch@17.down(\(time % 997), \(time), wl_surface@18, \(id), \(x), \(y))"
    }
    static func motion(_ time: Int, _ id: Int, _ x: Double, _ y: Double) -> String {
        "[0.0] wl_touch@17.motion(\(time), \(id), \(x), \(y))"
    }
    static func up(_ time: Int, _ id: Int) -> String { "[0.0] wl_touch@17.up(\(time % 997 + 1), \(time), \(id))" }
    static let frame = "[0.0] wl_touch@17.frame()"
    static let cancel = "[0.0] wl_touch@17.cancel()"

    static func tap(_ time: Int, _ x: Double, _ y: Double, hold: Int = 50) -> [String] {
        [down(time, 0, x, y), frame, up(time + hold, 0), frame]
    }

    /// `recognizer kind@time` of every compared gesture (updates left out), sorted: the comparison ignores the order
    /// within one event.
    static func names(_ gestures: [ToolkitGesture]) -> [String] {
        gestures.filter { !$0.kind.isUpdate }.map { "\($0.recognizer) \($0.kind.rawValue)@\(Int($0.time))" }.sorted()
    }

    @Test func aTapStartsAndUpdatesOnItsTouchBeginAndFinishesOnTheUp() throws {
        // Real Qt, one 60 ms tap: started and updated at the down (the gesture manager filters the event twice).
        let tap = try Self.gestures(Self.tap(48_439_336, 200, 200, hold: 60))
        #expect(tap.filter { $0.recognizer == "QTapGesture" }.map(\.kind) == [.gestureStarted, .gestureUpdated, .tap])
        #expect(Self.names(tap) == ["QTapGesture gesture-started@48439336", "MouseButtonPress pointer-down@48439336",
                                    "QTapGesture tap@48439396", "MouseButtonRelease pointer-up@48439396"].sorted())
    }

    @Test func theTapRadiusIsAManhattanLengthOnWholePixels() throws {
        func ends(_ dx: Double, _ dy: Double) throws -> ToolkitGesture.Kind? {
            let lines = [Self.down(48_443_172, 0, 300, 300), Self.frame, Self.motion(48_443_255, 0, 300 + dx, 300 + dy), Self.frame,
                         Self.up(48_443_308, 0), Self.frame]
            return try Self.gestures(lines).last { $0.recognizer == "QTapGesture" && !$0.kind.isUpdate }?.kind
        }
        #expect(try ends(30, 11) == .cancel)       // real Qt: cancelled at the move (41)
        #expect(try ends(20, 20) == .tap)          // 40
        #expect(try ends(40.25, 0) == .tap)        // toPoint: 40
        #expect(try ends(40.5, 0) == .cancel)      // toPoint: 41
        #expect(try ends(19.5, 19.5) == .tap)      // 20 + 20
        #expect(try ends(20.5, 20.5) == .cancel)   // 21 + 21
    }

    @Test func tapAndHoldFinishesAfter700msWithThePressTime() throws {
        // Real Qt, a 906 ms hold: a fake start and the finish, both with the down's time; the tap still finishes.
        let held = try Self.gestures(Self.tap(48_440_874, 300, 200, hold: 906))
        #expect(Self.names(held) == ["QTapGesture gesture-started@48440874", "MouseButtonPress pointer-down@48440874",
                                     "QTapAndHoldGesture gesture-started@48440874", "QTapAndHoldGesture long-press@48440874",
                                     "QTapGesture tap@48441780", "MouseButtonRelease pointer-up@48441780"].sorted())
        #expect(try !Self.gestures(Self.tap(48_440_874, 300, 200, hold: 550)).contains { $0.kind == .longPress })
        // A second finger cancels the hold silently (it was only a may-be).
        let twoFingers = try Self.gestures([Self.down(7_000_000, 0, 100, 100), Self.frame, Self.down(7_000_200, 1, 200, 100), Self.frame,
                                            Self.up(7_000_950, 1), Self.frame, Self.up(7_001_000, 0), Self.frame])
        #expect(!twoFingers.contains { $0.recognizer == "QTapAndHoldGesture" })
    }

    @Test func everyPinchStepCountsTwice() throws {
        // Real Qt: 100 px spread to 160 px in three steps, both lifted in one frame: totalScaleFactor 2.56 (1.6²).
        let lines = [Self.down(48_496_405, 0, 200, 200), Self.frame, Self.down(48_496_405, 1, 300, 200), Self.frame,
                     Self.motion(48_496_435, 0, 190, 200), Self.motion(48_496_435, 1, 310, 200), Self.frame,
                     Self.motion(48_496_472, 0, 180, 200), Self.motion(48_496_472, 1, 320, 200), Self.frame,
                     Self.motion(48_496_502, 0, 170, 200), Self.motion(48_496_502, 1, 330, 200), Self.frame,
                     Self.up(48_496_548, 0), Self.up(48_496_548, 1), Self.frame]
        let pinch = try Self.gestures(lines)
        let end = try #require(pinch.first { $0.kind == .pinchEnd })
        #expect(abs((end.scale ?? 0) - 2.56) < 1e-9)
        #expect(end.time == 48_496_548)
        #expect(Self.names(pinch).contains("QPinchGesture pinch-begin@48496405"))
        // Real Qt: the second finger moved 20 px and lifted; the lift's step reads its stale lastPosition (its press)
        // and counts 1.2 twice more: 2.0736 (1.2⁴).
        let lifted = try Self.gestures([Self.down(51_169_000, 0, 100, 100), Self.frame, Self.down(51_169_000, 1, 200, 100), Self.frame,
                                        Self.motion(51_169_040, 1, 220, 100), Self.frame, Self.up(51_169_080, 1), Self.frame,
                                        Self.up(51_169_120, 0), Self.frame])
        let liftedEnd = try #require(lifted.first { $0.kind == .pinchEnd })
        #expect(abs((liftedEnd.scale ?? 0) - 2.0736) < 1e-9)
        #expect(liftedEnd.time == 51_169_120)
        // Spread along x: no pan (mean offset 0) and no swipe (two fingers).
        #expect(!pinch.contains { $0.recognizer == "QPanGesture" || $0.recognizer == "QSwipeGesture" })
    }

    @Test func aPanBackInsideItsThresholdGoesQuietAndTheLiftFinishesItWithAFakeStart() throws {
        let t = 9_100_000
        let lines = [Self.down(t, 0, 100, 100), Self.frame, Self.down(t + 40, 1, 200, 100), Self.frame,
                     Self.motion(t + 80, 0, 111, 100), Self.motion(t + 80, 1, 211, 100), Self.frame,
                     Self.motion(t + 120, 0, 105, 100), Self.motion(t + 120, 1, 205, 100), Self.frame,
                     Self.up(t + 160, 0), Self.up(t + 160, 1), Self.frame]
        let pan = Self.names(try Self.gestures(lines)).filter { $0.hasPrefix("QPanGesture") }
        #expect(pan == ["QPanGesture pan-begin@\(t + 80)", "QPanGesture pan-begin@\(t + 160)", "QPanGesture pan-end@\(t + 160)"])
        // 10 px is not beyond the threshold.
        let still = [Self.down(t, 0, 100, 100), Self.frame, Self.down(t + 40, 1, 200, 100), Self.frame,
                     Self.motion(t + 80, 0, 110, 100), Self.motion(t + 80, 1, 210, 100), Self.frame,
                     Self.up(t + 160, 0), Self.up(t + 160, 1), Self.frame]
        #expect(try !Self.gestures(still).contains { $0.recognizer == "QPanGesture" })
    }

    @Test func synthesisedDoubleClicksNeedTheSamePointNotATimeLimit() throws {
        func presses(_ lines: [String]) throws -> [String] {
            try Self.gestures(lines).filter { $0.kind == .pointerDown }.map(\.recognizer)
        }
        // Real Qt: a second tap at the same point 3 s later is a double-click; 1 px off it is not.
        #expect(try presses(Self.tap(48_568_580, 200, 200, hold: 52) + Self.tap(48_571_635, 200, 200, hold: 69))
                == ["MouseButtonPress", "MouseButtonDblClick"])
        #expect(try presses(Self.tap(48_572_990, 300, 200, hold: 66) + Self.tap(48_573_168, 301, 200))
                == ["MouseButtonPress", "MouseButtonPress"])
        // A first tap that moved 10 px and back still counts; 12 px does not (touchDoubleTapDistance, per axis).
        func afterMove(_ distance: Double) throws -> [String] {
            let t = 48_574_360
            return try presses([Self.down(t, 0, 400, 200), Self.frame, Self.motion(t + 52, 0, 400 + distance, 200), Self.frame,
                                Self.motion(t + 102, 0, 400, 200), Self.frame, Self.up(t + 152, 0), Self.frame] + Self.tap(t + 253, 400, 200))
        }
        #expect(try afterMove(10) == ["MouseButtonPress", "MouseButtonDblClick"])
        #expect(try afterMove(12) == ["MouseButtonPress", "MouseButtonPress"])
        // A double-click ends the series: press and double-click alternate.
        let four = (0..<4).flatMap { Self.tap(48_545_332 + $0 * 160, 200, 200) }
        #expect(try presses(four) == ["MouseButtonPress", "MouseButtonDblClick", "MouseButtonPress", "MouseButtonDblClick"])
    }

    @Test func theMouseFollowsTheFirstFingerOnWholePixels() throws {
        let t = 48_322_508
        let lines = [Self.down(t, 0, 200, 200), Self.frame, Self.down(t + 30, 1, 300, 200), Self.frame,
                     Self.motion(t + 60, 0, 202.5, 200.25), Self.motion(t + 60, 1, 310, 200), Self.frame,
                     Self.up(t + 90, 0), Self.frame, Self.motion(t + 120, 1, 320, 200), Self.frame, Self.up(t + 150, 1), Self.frame]
        let mouse = try Self.gestures(lines).filter { $0.recognizer.hasPrefix("Mouse") }
        #expect(mouse.map { "\($0.recognizer) \(Int($0.x ?? -1)),\(Int($0.y ?? -1))@\(Int($0.time))" }
                == ["MouseButtonPress 200,200@\(t)", "MouseMove 203,200@\(t + 60)", "MouseButtonRelease 203,200@\(t + 90)"])
    }

    @Test func aCancelIsIgnoredByTheRecognizersAndReleasesTheMouseAtTheLastTime() throws {
        // Real Qt (cancel-pan): the mouse is released with the last event's time; the pan and the pinch stay, and the
        // next touch's end finishes both with a fake start (its begin makes them may-be, which delivers nothing).
        let t = 31_000_426
        let lines = [Self.down(t, 0, 280, 150), Self.frame, Self.down(t + 41, 1, 380, 150), Self.frame,
                     Self.motion(t + 85, 0, 310, 150), Self.motion(t + 85, 1, 410, 150), Self.frame, Self.cancel,
                     Self.down(t + 426, 0, 310, 210), Self.frame, Self.up(t + 467, 0), Self.frame]
        let names = Self.names(try Self.gestures(lines))
        #expect(names == ["MouseButtonPress pointer-down@\(t)", "QTapGesture gesture-started@\(t)",
                          "QPinchGesture pinch-begin@\(t + 41)", "QTapGesture cancel@\(t + 41)",
                          "MouseMove pointer-motion@\(t + 85)", "QPanGesture pan-begin@\(t + 85)",
                          "MouseButtonRelease pointer-up@\(t + 85)",
                          "QTapGesture gesture-started@\(t + 426)", "MouseButtonPress pointer-down@\(t + 426)",
                          "QTapGesture tap@\(t + 467)", "QPanGesture pan-begin@\(t + 467)", "QPanGesture pan-end@\(t + 467)",
                          "QPinchGesture pinch-begin@\(t + 467)", "QPinchGesture pinch-end@\(t + 467)",
                          "MouseButtonRelease pointer-up@\(t + 467)"].sorted())
        // A cancelled one-finger tap stays active: the next touch updates it, it does not start again.
        let tap = try Self.gestures([Self.down(t, 0, 100, 100), Self.frame, Self.cancel] + Self.tap(t + 1500, 150, 100))
        #expect(tap.filter { $0.recognizer == "QTapGesture" && $0.kind == .gestureStarted }.map(\.time) == [Double(t)])
    }

    @Test func corpusCasesStartWhereNoOtherCaseEnded() throws {
        // Qt keeps its cursor between cases: a case whose first press lands where the last one's mouse was released
        // would continue a double-click series the model (fresh per case) cannot know.
        let cases = QtWidgets64Model().corpus
        #expect(cases.count >= 150)
        var previousEnd: [(Double, Double)] = []
        for entry in cases {
            let records = try CompactTrace.parse(entry.script, name: entry.name).compactMap { item -> RawRecord? in
                if case .record(let record) = item { return record }
                return nil
            }
            let points = records.compactMap { record -> (Double, Double)? in
                switch record.event {
                case .down(_, _, _, _, let x, let y), .motion(_, _, let x, let y): return (x.doubleValue, y.doubleValue)
                default: return nil
                }
            }
            let first = try #require(points.first)
            #expect(!previousEnd.contains { $0 == first }, "\(entry.name) starts where the previous case touched")
            previousEnd = points
        }
    }
}
