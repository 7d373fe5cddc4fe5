import Testing
import ToolkitOracles
import TouchKit
import TouchStream

/// The webkitgtk-2.50 model on wl_touch streams as WebKitGTK 2.50.6 received them under the harness weston (times in
/// ms since boot), against what the real WebKitGTK's page reported for them through oracles/webkit/oracle.py.
@Suite struct WebKitGTK250ModelTests {
    typealias Log = GTKTouchLog

    static func gestures(_ lines: [String]) throws -> [ToolkitGesture] { try Log.gestures(lines, model: WebKitGTK250Model()) }

    static func described(_ gestures: [ToolkitGesture]) -> [String] {
        gestures.map { "\($0.recognizer)\($0.count.map { "×\($0)" } ?? "")@\(Int($0.time)) \(Int($0.x ?? -1)),\(Int($0.y ?? -1))" }
    }

    @Test func clicksComeAtTheUpCountedPressToPress() throws {
        // Second press 250 ms after the first (up to up 550 ms): GtkGestureClick counts 2; click and dblclick at the up.
        let out = try Self.gestures([
            Log.down(3, 49812713, 0, 60, 60), Log.frame, Log.up(4, 49812753, 0), Log.frame,
            Log.down(5, 49812963, 0, 60, 60), Log.frame, Log.up(6, 49813263, 0), Log.frame,
        ])
        #expect(Self.described(out) == ["click×1@49812753 60,60", "click×2@49813263 60,60", "dblclick×2@49813263 60,60"])
    }

    @Test func pressesMoreThanTheDoubleClickTimeApartStartANewSeries() throws {
        // A 300 ms hold, then a press 500 ms after it (200 ms after its up): two single clicks.
        let out = try Self.gestures([
            Log.down(3, 49911624, 0, 100, 150), Log.frame, Log.up(4, 49911924, 0), Log.frame,
            Log.down(5, 49912124, 0, 100, 150), Log.frame, Log.up(6, 49912174, 0), Log.frame,
        ])
        #expect(Self.described(out) == ["click×1@49911924 100,150", "click×1@49912174 100,150"])
    }

    @Test func aHoldPastTheLongPressTimeOpensTheContextMenuAtTheUp() throws {
        let out = try Self.gestures([Log.down(3, 49927750, 0, 300, 150), Log.frame, Log.up(4, 49928330, 0), Log.frame])
        #expect(Self.described(out) == ["contextmenu@49928330 300,150"])
        let short = try Self.gestures([Log.down(3, 49926641, 0, 300, 100), Log.frame, Log.up(4, 49927091, 0), Log.frame])
        #expect(Self.described(short) == ["click×1@49927091 300,100"])
    }

    @Test func movingBeyondTheDragThresholdScrollsAndClicksNothing() throws {
        // 8 px is not beyond the threshold: the click lands where the finger lifted. 9 px is a scroll.
        let eight = try Self.gestures([
            Log.down(3, 49950100, 0, 200, 200), Log.frame, Log.motion(49950140, 0, 208, 200), Log.frame,
            Log.up(4, 49950180, 0), Log.frame,
        ])
        #expect(Self.described(eight) == ["click×1@49950180 208,200"])
        let nine = try Self.gestures([
            Log.down(3, 49960100, 0, 200, 200), Log.frame, Log.motion(49960140, 0, 200, 209), Log.frame,
            Log.motion(49960180, 0, 200, 200), Log.frame, Log.up(4, 49960220, 0), Log.frame,
        ])
        #expect(nine.isEmpty)
    }

    @Test func movingAfterTheLongPressTimeClicksInsteadOfOpeningTheMenu() throws {
        let out = try Self.gestures([
            Log.down(3, 49931000, 0, 300, 200), Log.frame, Log.motion(49931700, 0, 330, 200), Log.frame,
            Log.up(4, 49931750, 0), Log.frame,
        ])
        #expect(Self.described(out) == ["click×1@49931750 330,200"])
        let small = try Self.gestures([
            Log.down(3, 49941000, 0, 300, 200), Log.frame, Log.motion(49941600, 0, 305, 200), Log.frame,
            Log.up(4, 49941650, 0), Log.frame,
        ])
        #expect(Self.described(small) == ["contextmenu@49941650 305,200"])
    }

    @Test func aScrollsPressCountsInTheSeriesButItsMotionDoesNotEndIt() throws {
        // Measured (series-after-scroll): click 1, then 3. A tap's own 6 px motion does end the series.
        let scroll = try Self.gestures([
            Log.down(3, 50003174, 0, 94, 178), Log.frame, Log.up(4, 50003214, 0), Log.frame,
            Log.down(5, 50003324, 0, 94, 178), Log.frame, Log.motion(50003354, 0, 114, 178), Log.frame,
            Log.up(6, 50003384, 0), Log.frame,
            Log.down(7, 50003466, 0, 94, 178), Log.frame, Log.up(8, 50003506, 0), Log.frame,
        ])
        #expect(Self.described(scroll) == ["click×1@50003214 94,178", "click×3@50003506 94,178"])
        let small = try Self.gestures([
            Log.down(3, 49914073, 0, 163, 281), Log.frame, Log.up(4, 49914113, 0), Log.frame,
            Log.down(5, 49914222, 0, 163, 281), Log.frame, Log.motion(49914252, 0, 169, 281), Log.frame,
            Log.up(6, 49914282, 0), Log.frame,
            Log.down(7, 49914396, 0, 163, 281), Log.frame, Log.up(8, 49914436, 0), Log.frame,
        ])
        #expect(Self.described(small) == ["click×1@49914113 163,281", "click×2@49914282 169,281",
                                          "dblclick×2@49914282 169,281", "click×1@49914436 163,281"])
    }

    @Test func aSecondFingerOrACancelLeavesNothing() throws {
        let two = try Self.gestures([
            Log.down(3, 49936100, 0, 400, 100), Log.frame, Log.down(4, 49936130, 1, 450, 100), Log.frame,
            Log.up(5, 49936180, 1), Log.frame, Log.up(6, 49936210, 0), Log.frame,
        ])
        #expect(two.isEmpty)
        // The cancelled press ends GtkGestureClick's series: the tap after it counts 1.
        let cancelled = try Self.gestures([
            Log.down(3, 49934614, 0, 95, 285), Log.frame, Log.up(4, 49934654, 0), Log.frame,
            Log.down(5, 49934734, 0, 95, 285), Log.frame, Log.cancel,
            Log.down(6, 49934856, 0, 95, 285), Log.frame, Log.up(7, 49934896, 0), Log.frame,
        ])
        #expect(Self.described(cancelled) == ["click×1@49934654 95,285", "click×1@49934896 95,285"])
    }

    @Test func theCorpusProbesEveryValueOnBothSides() {
        let names = Set(WebKitGTK250Model().corpus.map(\.name))
        #expect(names.count >= 150)
        for probe in ["series-press-gap-280-holds-40-40", "series-press-gap-520-holds-40-40", "series-distance-x-4",
                      "series-distance-x-5", "drag-x-8", "drag-x-9", "hold-380", "long-hold-650"] {
            #expect(names.contains(probe), "\(probe)")
        }
    }
}
