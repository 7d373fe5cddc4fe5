import Testing
import ToolkitOracles
import TouchKit
import TouchStream

/// The gtk-3.24 model on wl_touch streams GTK 3.24.38 itself received (WAYLAND_DEBUG=client under the harness
/// weston, times in ms since boot) and on what GTK 3 reported for them through oracles/gtk3/oracle.py.
@Suite struct GTK324ModelTests {
    static func gestures(_ lines: [String]) throws -> [ToolkitGesture] { try GTKTouchLog.gestures(lines, model: GTK324Model()) }

    typealias Log = GTKTouchLog

    @Test func multiPressCountsADoubleTap() throws {
        let out = try Self.gestures([
            Log.down(5, 41063042, 0, 100, 100), Log.frame, Log.up(6, 41063102, 0), Log.frame,
            Log.down(7, 41063242, 0, 100, 100), Log.frame, Log.up(8, 41063302, 0), Log.frame,
        ])
        #expect(Log.taps(out) == ["1@41063042", "2@41063242"])
        #expect(Set(out.filter { $0.kind == .tap }.map(\.recognizer)) == ["GtkGestureMultiPress"])
        #expect(Log.kinds(out, "GtkGestureSwipe") == ["swipe@41063102", "swipe@41063302"])
    }

    @Test func longPressDriftIsMeasuredInWholePixels() throws {
        // 8.05 px in doubles, 8 px in gint: beyond GTK 4's threshold, not GTK 3's.
        let lines = [
            Log.down(568, 41326245, 0, 240.8984375, 180.8984375), Log.frame,
            Log.motion(41326396, 0, 248.94921875, 180.8984375), Log.frame, Log.up(569, 41327047, 0), Log.frame,
        ]
        #expect(Log.kinds(try Self.gestures(lines), "GtkGestureLongPress") == ["long-press@41326245"])
        #expect(Log.kinds(try GTKTouchLog.gestures(lines, model: GTK48Model()), "GtkGestureLongPress") == [])
        // 9 whole pixels: cancelled in both.
        let beyond = [
            Log.down(576, 41334348, 0, 240, 180), Log.frame,
            Log.motion(41334498, 0, 249.1015625, 180), Log.frame, Log.up(577, 41335149, 0), Log.frame,
        ]
        #expect(Log.kinds(try Self.gestures(beyond), "GtkGestureLongPress") == [])
    }

    @Test func loneTouchCancelWaitsForTheNextTouch() throws {
        // wl_touch.cancel 100 ms after the down; the next down (another id) 300 ms after it.
        let out = try Self.gestures([
            Log.down(5, 41761635, 0, 150, 150), Log.frame, Log.cancel,
            Log.down(6, 41761936, 1, 300, 200), Log.frame, Log.up(7, 41761997, 1), Log.frame,
            Log.down(8, 41762197, 0, 150, 150), Log.frame, Log.up(9, 41762258, 0), Log.frame,
        ])
        #expect(Log.kinds(out, "GtkGestureDrag") == ["drag-begin@41761635", "cancel@41761936", "drag-end@41761936",
                                                     "drag-begin@41761936", "drag-end@41761997", "drag-begin@41762197",
                                                     "drag-end@41762258"])
        // The cancel ended the series: the next press counts 1 although it is 301 ms after the first.
        #expect(Log.taps(out) == ["1@41761635", "1@41761936", "1@41762197"])
        #expect(Log.kinds(out, "GtkGestureSwipe") == ["cancel@41761936", "swipe@41761936", "swipe@41761997", "swipe@41762258"])
        // GtkGestureZoom and GtkGestureRotate never report it.
        #expect(Log.kinds(out, "GtkGestureZoom") == [] && Log.kinds(out, "GtkGestureRotate") == [])
    }

    @Test func heldBackCancelLetsTheLongPressFire() throws {
        // Cancelled 100 ms after the down, but GTK 3 cancels it only at the next down 1342 ms later: the long-press
        // timer ran out at 500 ms meanwhile.
        let out = try Self.gestures([
            Log.down(547, 41309269, 0, 150, 150), Log.frame, Log.cancel,
            Log.down(548, 41310611, 0, 150, 150), Log.frame, Log.up(549, 41310671, 0), Log.frame,
        ])
        #expect(Log.kinds(out, "GtkGestureLongPress") == ["long-press@41309269", "cancel@41310611"])
        #expect(Log.kinds(out, "GtkGestureMultiPress") == ["tap@41309269", "cancel@41310611", "tap@41310611"])
    }

    @Test func secondFingersCancelArrivesAtOnce() throws {
        let out = try Self.gestures([
            Log.down(13, 41765734, 0, 150, 150), Log.frame, Log.down(14, 41765774, 1, 250, 150), Log.frame, Log.cancel,
            Log.down(15, 41765936, 2, 300, 300), Log.frame, Log.down(16, 41765984, 3, 400, 300), Log.frame,
            Log.up(17, 41766044, 2), Log.frame, Log.up(18, 41766044, 3), Log.frame,
        ])
        // Finger 1 (not emulating the pointer) is cancelled with the cancel; finger 0 only at the next down, and
        // zoom forgets finger 0 without a word, so the next two fingers begin it again.
        #expect(Log.kinds(out, "GtkGestureZoom") == ["pinch-begin@41765774", "pinch-end@41765774", "cancel@41765774",
                                                     "pinch-begin@41765984", "pinch-end@41766044"])
        #expect(Log.kinds(out, "GtkGestureDrag") == ["drag-begin@41765734", "drag-end@41765774", "cancel@41765774",
                                                     "drag-begin@41765774", "cancel@41765936", "drag-end@41765936",
                                                     "drag-begin@41765936", "drag-end@41765984"])
    }

    @Test func corpusClosesEveryCancelWithATap() {
        let corpus = GTK324Model().corpus
        #expect(corpus.count >= 150)
        #expect(Set(corpus.map(\.name)).count == corpus.count)
        let cancelling = corpus.filter { $0.script.contains("cancel") }
        #expect(cancelling.count >= 9)
        for item in cancelling {
            #expect(item.script.hasSuffix("down 0 520 340; frame; sleep 60; up 0; frame"), "\(item.name)")
        }
        #expect(corpus.filter { $0.name.hasPrefix("hold-subpixel-") }.count == 12)
        // The first twelve (the toolkits test tier's sample) reach the rules only GTK 3 has.
        let sample = corpus.prefix(12)
        #expect(sample.contains { $0.name.hasPrefix("hold-subpixel-") } && sample.contains { $0.script.contains("cancel") })
    }

    @Test func catalogHasTheModel() {
        #expect(ToolkitModels.named("gtk3")?.name == "gtk-3.24")
        #expect(ToolkitModels.named("gtk-3.24")?.toolkit == "gtk3")
        #expect(ToolkitModels.named("gtk")?.name == "gtk-4.8")
    }
}
