import Testing
import ToolkitOracles
import TouchKit
import TouchStream

/// The gtk-4.8 model on wl_touch streams GTK 4.8.3 itself received (WAYLAND_DEBUG=client under the harness weston,
/// times in ms since boot) and on what GTK reported for them through oracles/gtk/oracle.py.
@Suite struct GTK48ModelTests {
    static func gestures(_ lines: [String]) throws -> [ToolkitGesture] { try GTKTouchLog.gestures(lines, model: GTK48Model()) }

    @Test func twoTapsCloseTogetherCountTwo() throws {
        let out = try Self.gestures([
            GTKTouchLog.down(5, 10402664, 0, 100, 100), GTKTouchLog.frame, GTKTouchLog.up(7, 10402728, 0),
            GTKTouchLog.down(8, 10402878, 0, 102, 101), GTKTouchLog.frame, GTKTouchLog.up(10, 10402939, 0),
        ])
        #expect(GTKTouchLog.taps(out) == ["1@10402664", "2@10402878"])
        #expect(out.first { $0.kind == .tap && $0.count == 2 }?.recognizer == "GtkGestureClick")
    }

    @Test func intervalRunsPressToPress() throws {
        // Two 300 ms holds 150 ms apart (the example): 451 ms press to press, two single taps in GTK 4.8.
        let out = try Self.gestures([
            GTKTouchLog.down(29, 10412583, 0, 100, 100), GTKTouchLog.frame, GTKTouchLog.up(31, 10412883, 0),
            GTKTouchLog.down(32, 10413034, 0, 100, 100), GTKTouchLog.frame, GTKTouchLog.up(34, 10413094, 0),
        ])
        #expect(GTKTouchLog.taps(out) == ["1@10412583", "1@10413034"])
    }

    @Test func doubleClickDistanceAppliesToTouch() throws {
        let out = try Self.gestures([
            GTKTouchLog.down(17, 10409841, 0, 100, 100), GTKTouchLog.frame, GTKTouchLog.up(19, 10409902, 0),
            GTKTouchLog.down(20, 10410002, 0, 120, 100), GTKTouchLog.frame, GTKTouchLog.up(22, 10410063, 0),
        ])
        #expect(GTKTouchLog.taps(out) == ["1@10409841", "1@10410002"])
    }

    @Test func doubleClickDistanceIsPerAxis() throws {
        // 4,4 px away: 5.7 px in a straight line, but under 5 px on each axis, so GTK counts 2.
        let out = try Self.gestures([
            GTKTouchLog.down(23, 10411214, 0, 100, 100), GTKTouchLog.frame, GTKTouchLog.up(25, 10411280, 0),
            GTKTouchLog.down(26, 10411380, 0, 104, 104), GTKTouchLog.frame, GTKTouchLog.up(28, 10411441, 0),
        ])
        #expect(GTKTouchLog.taps(out) == ["1@10411214", "2@10411380"])
    }

    @Test func longPressCarriesItsDownTime() throws {
        let out = try Self.gestures([GTKTouchLog.down(11, 10403640, 0, 300, 300), GTKTouchLog.frame, GTKTouchLog.up(13, 10404341, 0)])
        #expect(GTKTouchLog.kinds(out, "GtkGestureLongPress") == ["long-press@10403640"])
        #expect(GTKTouchLog.kinds(out, "GtkGestureDrag") == ["drag-begin@10403640", "drag-end@10404341"])
        #expect(GTKTouchLog.kinds(out, "GtkGestureSwipe") == ["swipe@10404341"])
    }

    @Test func panBeginsOnTheFirstPixelAlongItsAxis() throws {
        let out = try Self.gestures([
            GTKTouchLog.down(35, 10414268, 0, 100, 100), GTKTouchLog.frame, GTKTouchLog.motion(10414312, 0, 101, 100), GTKTouchLog.frame,
            GTKTouchLog.up(37, 10414352, 0),
        ])
        #expect(GTKTouchLog.kinds(out, "GtkGesturePan") == ["pan-begin@10414312", "pan-end@10414352"])
        #expect(GTKTouchLog.kinds(out, "GtkGestureLongPress").isEmpty)
    }

    @Test func verticalMotionDeniesTheHorizontalPanAndSwipesFromTheLastSamples() throws {
        let out = try Self.gestures([
            GTKTouchLog.down(38, 10415544, 0, 100, 100), GTKTouchLog.frame, GTKTouchLog.motion(10415585, 0, 100, 130), GTKTouchLog.frame,
            GTKTouchLog.motion(10415625, 0, 100, 160), GTKTouchLog.frame, GTKTouchLog.up(40, 10415666, 0),
        ])
        #expect(GTKTouchLog.kinds(out, "GtkGesturePan").isEmpty)
        let swipe = try #require(out.first { $0.kind == .swipe })
        // GTK reported vy 370.37: 30 px between the first motion and the up, 81 ms apart.
        #expect(abs((swipe.vy ?? 0) - 370.37) < 0.01)
        #expect(swipe.vx == 0)
    }

    @Test func thirdFingerEndsZoomAndItsLiftBeginsItAgainAtTheNextMotion() throws {
        let out = try Self.gestures([
            GTKTouchLog.down(46, 10425776, 0, 200, 200), GTKTouchLog.frame, GTKTouchLog.down(48, 10425817, 1, 300, 200), GTKTouchLog.frame,
            GTKTouchLog.motion(10425857, 0, 180, 200), GTKTouchLog.frame, GTKTouchLog.down(49, 10425897, 2, 250, 300), GTKTouchLog.frame,
            GTKTouchLog.motion(10425938, 0, 170, 200), GTKTouchLog.frame, GTKTouchLog.up(50, 10425979, 2), GTKTouchLog.frame,
            GTKTouchLog.motion(10426019, 0, 160, 200), GTKTouchLog.frame, GTKTouchLog.up(51, 10426060, 1), GTKTouchLog.frame,
            GTKTouchLog.up(52, 10426104, 0),
        ])
        #expect(GTKTouchLog.kinds(out, "GtkGestureZoom")
            == ["pinch-begin@10425817", "pinch-end@10425897", "pinch-begin@10426019", "pinch-end@10426060"])
        #expect(GTKTouchLog.kinds(out, "GtkGestureRotate")
            == ["rotate-begin@10425817", "rotate-end@10425897", "rotate-begin@10426019", "rotate-end@10426060"])
        // The second finger ends the drag; nothing begins it again while a denied finger is held.
        #expect(GTKTouchLog.kinds(out, "GtkGestureDrag") == ["drag-begin@10425776", "drag-end@10425817"])
        #expect(GTKTouchLog.taps(out) == ["1@10425776"])
    }

    @Test func pinchScaleIsTheLastDistanceOverTheFirst() throws {
        let out = try Self.gestures([
            GTKTouchLog.down(41, 10424367, 0, 200, 200), GTKTouchLog.frame, GTKTouchLog.down(43, 10424408, 1, 300, 200), GTKTouchLog.frame,
            GTKTouchLog.motion(10424448, 0, 180, 200), GTKTouchLog.motion(10424448, 1, 320, 200), GTKTouchLog.frame,
            GTKTouchLog.motion(10424489, 0, 160, 200), GTKTouchLog.motion(10424489, 1, 340, 200), GTKTouchLog.frame,
            GTKTouchLog.up(44, 10424529, 0), GTKTouchLog.frame, GTKTouchLog.up(45, 10424570, 1),
        ])
        let end = try #require(out.first { $0.kind == .pinchEnd })
        #expect(end.time == 10424529)
        #expect(end.scale == 1.8)
        #expect(!out.contains { $0.kind == .swipe })
    }

    @Test func cancelReachesEveryControllerAndEndsWhatWasRecognised() throws {
        let out = try Self.gestures([
            GTKTouchLog.down(53, 10427272, 0, 200, 200), GTKTouchLog.frame, GTKTouchLog.motion(10427312, 0, 230, 200), GTKTouchLog.frame,
            "[0.0] wl_touch@17.cancel()",
        ])
        let cancels = out.filter { $0.kind == .cancel }
        #expect(Set(cancels.map(\.recognizer)) == ["GtkGestureClick", "GtkGestureLongPress", "GtkGestureDrag",
                                                  "GtkGesturePan", "GtkGestureZoom", "GtkGestureRotate", "GtkGestureSwipe"])
        #expect(cancels.allSatisfy { $0.time == 10427312 })
        #expect(GTKTouchLog.kinds(out, "GtkGesturePan") == ["pan-begin@10427312", "cancel@10427312", "pan-end@10427312"])
        #expect(GTKTouchLog.kinds(out, "GtkGestureSwipe") == ["cancel@10427312", "swipe@10427312"])
    }

    @Test func aPressThatMovesTheDoubleClickDistanceEndsTheSeries() throws {
        // GTK 4.8 measures the motion with gtk-double-click-distance (5 px), from the series' first press.
        let still = try Self.gestures([
            GTKTouchLog.down(353, 13679542, 0, 200, 200), GTKTouchLog.frame, GTKTouchLog.up(355, 13679603, 0),
            GTKTouchLog.down(356, 13679683, 0, 200, 200), GTKTouchLog.frame, GTKTouchLog.motion(13679724, 0, 202, 200), GTKTouchLog.frame,
            GTKTouchLog.up(358, 13679764, 0),
            GTKTouchLog.down(359, 13679826, 0, 200, 200), GTKTouchLog.frame, GTKTouchLog.up(361, 13679887, 0),
        ])
        #expect(GTKTouchLog.taps(still) == ["1@13679542", "2@13679683", "3@13679826"])
        let moved = try Self.gestures([
            GTKTouchLog.down(413, 13691608, 0, 200, 200), GTKTouchLog.frame, GTKTouchLog.up(415, 13691668, 0),
            GTKTouchLog.down(416, 13691749, 0, 200, 200), GTKTouchLog.frame, GTKTouchLog.motion(13691792, 0, 208, 200), GTKTouchLog.frame,
            GTKTouchLog.up(418, 13691836, 0),
            GTKTouchLog.down(419, 13691896, 0, 200, 200), GTKTouchLog.frame, GTKTouchLog.up(421, 13691957, 0),
        ])
        #expect(GTKTouchLog.taps(moved) == ["1@13691608", "2@13691749", "1@13691896"])
    }

    @Test func longPressMotionIsCheckedPerAxis() throws {
        // 6,6 px: 8.5 px in a straight line, but not beyond 8 px on either axis, so GTK's long press still fires.
        let out = try Self.gestures([
            GTKTouchLog.down(500, 13714707, 0, 150, 300), GTKTouchLog.frame, GTKTouchLog.motion(13714864, 0, 156, 306), GTKTouchLog.frame,
            GTKTouchLog.up(502, 13715514, 0),
        ])
        #expect(GTKTouchLog.kinds(out, "GtkGestureLongPress") == ["long-press@13714707"])
    }

    @Test func aSecondFingerEndsTheDragAndTheNextMotionAfterItsLiftBeginsItAgain() throws {
        let out = try Self.gestures([
            GTKTouchLog.down(704, 13810036, 0, 200, 200), GTKTouchLog.frame, GTKTouchLog.motion(13810077, 0, 220, 200), GTKTouchLog.frame,
            GTKTouchLog.down(706, 13810120, 1, 260, 280), GTKTouchLog.frame, GTKTouchLog.up(707, 13810180, 1), GTKTouchLog.frame,
            GTKTouchLog.motion(13810221, 0, 240, 200), GTKTouchLog.frame, GTKTouchLog.motion(13810262, 0, 270, 200), GTKTouchLog.frame,
            GTKTouchLog.up(708, 13810302, 0),
        ])
        #expect(GTKTouchLog.kinds(out, "GtkGestureDrag")
            == ["drag-begin@13810036", "drag-end@13810120", "drag-begin@13810221", "drag-end@13810302"])
        // The new pan measures from where the drag began again: no offset at that motion, 30 px at the next.
        #expect(GTKTouchLog.kinds(out, "GtkGesturePan")
            == ["pan-begin@13810077", "pan-end@13810120", "pan-begin@13810262", "pan-end@13810302"])
        #expect(GTKTouchLog.kinds(out, "GtkGestureZoom") == ["pinch-begin@13810120", "pinch-end@13810180"])
        #expect(GTKTouchLog.kinds(out, "GtkGestureSwipe") == ["swipe@13810302"])
        #expect(GTKTouchLog.taps(out) == ["1@13810036"])
    }

    @Test func everyCorpusCaseIsNamedOnceAndFitsTheWindow() {
        let corpus = GTK48Model().corpus
        #expect(corpus.count >= 150)
        #expect(Set(corpus.map(\.name)).count == corpus.count)
        for item in corpus {
            let numbers = item.script.split(separator: ";").flatMap { step -> [Int] in
                let words = step.split(separator: " ")
                guard let verb = words.first, verb == "down" || verb == "motion" else { return [] }
                return words.dropFirst(2).compactMap { Int($0) }
            }
            #expect(numbers.count % 2 == 0)
            for (i, value) in numbers.enumerated() {
                #expect(value >= 0 && value <= (i % 2 == 0 ? 600 : 400), "\(item.name) leaves 600×400")
            }
            let slept = item.script.split(separator: ";").compactMap { step -> Int? in
                let words = step.split(separator: " ")
                return words.first == "sleep" ? Int(words[1]) : nil
            }.reduce(0, +)
            #expect(slept <= 1500, "\(item.name) lasts \(slept) ms")
        }
    }

    @Test func catalogHasTheModel() {
        #expect(ToolkitModels.named("gtk")?.name == "gtk-4.8")
        #expect(ToolkitModels.named("gtk-4.8")?.toolkit == "gtk")
    }
}
