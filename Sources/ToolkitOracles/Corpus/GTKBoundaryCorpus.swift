import TouchKit

// MARK: - The boundary corpus GTK's models share, generated from their own settings

/// Builds one compact script step by step (integer window-relative px, real-time sleeps).
struct GTKCorpusScript {
    private(set) var steps: [String] = []

    mutating func down(_ id: Int, _ x: Int, _ y: Int) { steps.append("down \(id) \(x) \(y); frame") }
    mutating func move(_ id: Int, _ x: Int, _ y: Int) { steps.append("motion \(id) \(x) \(y); frame") }
    mutating func up(_ id: Int) { steps.append("up \(id); frame") }
    mutating func cancel() { steps.append("cancel") }
    /// Several events in one frame, written out (`down 0 1 2; down 1 3 4; frame`).
    mutating func raw(_ step: String) { steps.append(step) }
    mutating func sleep(_ ms: Int) { if ms > 0 { steps.append("sleep \(ms)") } }

    /// A touch-down held `hold` ms in place, then lifted.
    mutating func tap(_ x: Int, _ y: Int, hold: Int = 60) {
        down(0, x, y)
        sleep(hold)
        up(0)
    }

    /// A one-finger path: down at the first point, one motion frame per further point every `step` ms, up after.
    mutating func path(_ points: [(Int, Int)], step: Int, id: Int = 0, lift: Bool = true) {
        guard let first = points.first else { return }
        down(id, first.0, first.1)
        for point in points.dropFirst() {
            sleep(step)
            move(id, point.0, point.1)
        }
        if lift {
            sleep(step)
            up(id)
        }
    }

    var text: String { steps.joined(separator: "; ") }
}

/// The cases every GTK model's corpus shares, generated from the four settings GTK's gesture controllers read.
struct GTKBoundaryCorpus {
    /// gtk-double-click-time, ms.
    var doubleClickTime: Double
    /// gtk-double-click-distance, px.
    var doubleClickDistance: Double
    /// gtk-dnd-drag-threshold, px.
    var dragThreshold: Double
    /// The long-press time, ms.
    var longPressTime: Double

    /// Every threshold well inside and well outside (±120 ms or ±40 % of a timer, ±3 px of a distance), per axis
    /// and diagonal, multi-finger starts, fingers added and lifted mid-gesture, and cancel.
    var cases: [ToolkitCorpusCase] {
        var cases: [ToolkitCorpusCase] = []
        func add(_ name: String, _ summary: String, _ build: (inout GTKCorpusScript) -> Void) {
            var script = GTKCorpusScript()
            build(&script)
            cases.append(ToolkitCorpusCase(name: name, summary: summary, script: script.text))
        }
        let series = Int(doubleClickTime)
        let near = Int(doubleClickDistance) - 3
        let far = Int(doubleClickDistance) + 3
        let slopIn = Int(dragThreshold) - 3
        let slopOut = Int(dragThreshold) + 3
        let hold = Int(longPressTime)
        let spots = [(100, 100), (300, 200), (500, 320)]

        for (n, (x, y)) in spots.enumerated() {
            add("tap-\(n)", "one short tap: count 1, a drag and a zero-velocity swipe") { $0.tap(x, y) }
            add("double-tap-\(n)", "press to press \(series / 2) ms: count 2") { s in
                s.tap(x, y); s.sleep(series / 2 - 60); s.tap(x, y)
            }
            add("double-tap-long-holds-\(n)", "holds of \(series * 2 / 5) ms, press to press \(series * 3 / 5) ms: count 2") { s in
                s.tap(x, y, hold: series * 2 / 5); s.sleep(series / 5); s.tap(x, y)
            }
            add("two-taps-late-\(n)", "press to press \(series + 160) ms: two single taps") { s in
                s.tap(x, y); s.sleep(series + 100); s.tap(x, y)
            }
            add("press-to-press-\(n)", "holds of 320 ms 240 ms apart: press to press \(560) ms > \(series), two single taps "
                + "(up to down would count 2)") { s in
                s.tap(x, y, hold: 320); s.sleep(240); s.tap(x, y)
            }
            add("double-tap-quick-hold-\(n)", "hold 220 ms, 60 ms gap: press to press 280 ms, count 2") { s in
                s.tap(x, y, hold: 220); s.sleep(60); s.tap(x, y)
            }
            add("triple-tap-\(n)", "three taps 150 ms press to press: counts 1, 2, 3") { s in
                for i in 0..<3 { if i > 0 { s.sleep(90) }; s.tap(x, y) }
            }
            add("hold-short-\(n)", "held \(hold * 3 / 5) ms: no long press") { $0.tap(x, y, hold: hold * 3 / 5) }
            add("hold-long-\(n)", "held \(hold * 8 / 5) ms: long press at the down's time") { $0.tap(x, y, hold: hold * 8 / 5) }
        }
        add("quadruple-tap", "four taps 130 ms press to press: counts 1 to 4") { s in
            for i in 0..<4 { if i > 0 { s.sleep(70) }; s.tap(200, 150) }
        }
        add("triple-tap-third-late", "press to press 150 then 560 ms: counts 1, 2, 1") { s in
            s.tap(400, 250); s.sleep(90); s.tap(400, 250); s.sleep(500); s.tap(400, 250)
        }
        add("hold-very-long", "held \(hold * 12 / 5) ms: one long press") { $0.tap(250, 250, hold: hold * 12 / 5) }

        // Second press distance from the first (gtk-double-click-distance, per axis, strict).
        let offsets: [(String, Int, Int)] = [
            ("x-near", near, 0), ("x-near-neg", -near, 0), ("y-near", 0, near), ("y-near-neg", 0, -near),
            ("diag-near", near, near), ("diag-near-mixed", -near, near),
            ("x-far", far, 0), ("x-far-neg", -far, 0), ("y-far", 0, far), ("y-far-neg", 0, -far),
            ("diag-far", far, far), ("x-near-y-far", near, far), ("x-far-y-near", far, near), ("x-very-far", 40, 0),
            ("y-very-far", 0, 40),
        ]
        for (n, (x, y)) in [(150, 120), (420, 300)].enumerated() {
            for (label, dx, dy) in offsets {
                add("second-press-\(label)-\(n)", "second tap \(dx),\(dy) px from the first, 200 ms press to press") { s in
                    s.tap(x, y); s.sleep(140); s.tap(x + dx, y + dy)
                }
            }
        }

        // Motion during a press of the series, measured from the series' first press (gtk-double-click-distance).
        let moves: [(String, Int, Int)] = [
            ("x-in", near, 0), ("y-in", 0, near), ("x-in-neg", -near, 0), ("diag-in", near, near),
            ("x-out", far, 0), ("y-out", 0, far), ("y-out-neg", 0, -far), ("diag-out", far, far), ("x-out-wide", slopOut, 0),
        ]
        for (label, dx, dy) in moves {
            add("series-second-moves-\(label)", "second press moves \(dx),\(dy) px, then a third tap") { s in
                s.tap(200, 200); s.sleep(80)
                s.down(0, 200, 200); s.sleep(40); s.move(0, 200 + dx, 200 + dy); s.sleep(40); s.up(0)
                s.sleep(60); s.tap(200, 200)
            }
            add("first-press-moves-\(label)", "first press moves \(dx),\(dy) px and back, then a second tap") { s in
                s.down(0, 350, 150); s.sleep(40); s.move(0, 350 + dx, 150 + dy); s.sleep(40); s.move(0, 350, 150)
                s.sleep(40); s.up(0); s.sleep(80); s.tap(350, 150)
            }
        }

        // Long press and movement (per axis, strictly beyond the drag threshold from the touch-down).
        let drifts: [(String, Int, Int)] = [
            ("x-in", slopIn, 0), ("y-in", 0, slopIn), ("diag-in", slopIn, slopIn), ("diag-in-neg", -slopIn, -slopIn),
            ("diag-in-wide", slopIn + 1, slopIn + 1),
            ("x-out", slopOut, 0), ("y-out", 0, slopOut), ("x-out-neg", -slopOut, 0), ("y-out-neg", 0, -slopOut),
            ("diag-out", slopOut, slopOut),
        ]
        for (n, (x, y)) in [(150, 300), (450, 120)].enumerated() {
            for (label, dx, dy) in drifts {
                add("hold-drift-\(label)-\(n)", "held \(hold * 8 / 5) ms after moving \(dx),\(dy) px at 150 ms") { s in
                    s.down(0, x, y); s.sleep(150); s.move(0, x + dx, y + dy); s.sleep(hold * 8 / 5 - 150); s.up(0)
                }
            }
            add("hold-then-move-\(n)", "moves \(slopOut) px only after the long press fired") { s in
                s.down(0, x, y); s.sleep(hold + 200); s.move(0, x + slopOut, y); s.sleep(100); s.up(0)
            }
            add("hold-out-and-back-\(n)", "moves \(slopOut) px and back before the timer: cancelled for good") { s in
                s.down(0, x, y); s.sleep(100); s.move(0, x + slopOut, y); s.sleep(100); s.move(0, x, y)
                s.sleep(hold); s.up(0)
            }
            add("hold-second-finger-\(n)", "a second finger at 200 ms ends the long press; zoom and rotate begin") { s in
                s.down(0, x, y); s.sleep(200); s.down(1, x + 80, y); s.sleep(600); s.up(1); s.sleep(40); s.up(0)
            }
            add("double-tap-and-hold-\(n)", "tap, then a press held \(hold * 8 / 5) ms: count 2 and a long press") { s in
                s.tap(x, y); s.sleep(100); s.tap(x, y, hold: hold * 8 / 5)
            }
        }

        // Drag and horizontal pan: both start at 0 px; the pan needs |dx| > 2|dy|.
        let paths: [(String, [(Int, Int)], String)] = [
            ("right", [(0, 0), (15, 0), (30, 0), (45, 0), (60, 0)], "pans"),
            ("left", [(0, 0), (-15, 0), (-30, 0), (-45, 0), (-60, 0)], "pans"),
            ("down", [(0, 0), (0, 15), (0, 30), (0, 45), (0, 60)], "denied: vertical"),
            ("up", [(0, 0), (0, -15), (0, -30), (0, -45), (0, -60)], "denied: vertical"),
            ("tiny-right", [(0, 0), (4, 0)], "pans after 4 px"),
            ("tiny-down", [(0, 0), (0, 4)], "denied after 4 px"),
            ("diagonal", [(0, 0), (10, 10), (20, 20), (30, 30)], "never decides"),
            ("diagonal-back", [(0, 0), (-10, 10), (-20, 20), (-30, 30)], "never decides"),
            ("shallow", [(0, 0), (15, 5), (30, 10), (45, 15)], "pans: 3 to 1"),
            ("steep", [(0, 0), (5, 15), (10, 30), (15, 45)], "denied: 1 to 3"),
            ("late-decision", [(0, 0), (10, 8), (20, 10), (60, 10)], "pans once dx > 2 dy"),
            ("vertical-then-horizontal", [(0, 0), (0, 30), (60, 30), (120, 30)], "denied before it turns"),
        ]
        for (n, (x, y)) in [(200, 200), (380, 260)].enumerated() {
            for (label, offsets, what) in paths {
                add("drag-\(label)-\(n)", "one finger \(label): \(what)") { s in
                    s.path(offsets.map { (x + $0.0, y + $0.1) }, step: 40)
                }
            }
        }
        add("flick-right", "fast flick: swipe velocity from the last 150 ms") { s in
            s.path([(100, 200), (140, 200), (180, 200), (220, 200), (260, 200), (300, 200)], step: 12)
        }
        add("flick-up", "fast vertical flick") { s in
            s.path([(300, 350), (300, 310), (300, 270), (300, 230), (300, 190)], step: 12)
        }
        add("slow-drag-then-stop", "drag, then rest 300 ms before lifting: the swipe sees only the rest") { s in
            s.path([(100, 100), (130, 100), (160, 100)], step: 40, lift: false); s.sleep(300); s.up(0)
        }

        // Two fingers: zoom and rotate (n-points 2) against the one-finger gestures.
        for (n, (x, y)) in [(200, 200), (400, 250)].enumerated() {
            add("pinch-out-\(n)", "two fingers spread: zoom and rotate begin at the second down, end at the first up") { s in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
                for step in 1...3 { s.move(0, x - 15 * step, y); s.move(1, x + 100 + 15 * step, y); s.sleep(40) }
                s.up(0); s.sleep(40); s.up(1)
            }
            add("pinch-in-\(n)", "two fingers close") { s in
                s.down(0, x - 60, y); s.sleep(40); s.down(1, x + 60, y); s.sleep(40)
                for step in 1...3 { s.move(0, x - 60 + 15 * step, y); s.move(1, x + 60 - 15 * step, y); s.sleep(40) }
                s.up(1); s.sleep(40); s.up(0)
            }
            add("rotate-\(n)", "two fingers turn about their middle") { s in
                s.down(0, x - 50, y); s.sleep(40); s.down(1, x + 50, y); s.sleep(40)
                for step in 1...3 { s.move(0, x - 50, y - 15 * step); s.move(1, x + 50, y + 15 * step); s.sleep(40) }
                s.up(0); s.sleep(40); s.up(1)
            }
            add("two-down-one-frame-\(n)", "both fingers in one frame") { s in
                s.raw("down 0 \(x) \(y); down 1 \(x + 80) \(y + 40); frame"); s.sleep(100)
                s.raw("up 0; up 1; frame")
            }
            add("third-finger-\(n)", "a third finger ends zoom and rotate; after it lifts the next motion begins them again") { s in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40); s.move(0, x - 10, y); s.sleep(40)
                s.down(2, x + 50, y + 80); s.sleep(40); s.move(0, x - 20, y); s.sleep(40); s.up(2); s.sleep(40)
                s.move(0, x - 30, y); s.sleep(40); s.up(1); s.sleep(40); s.up(0)
            }
            add("third-finger-still-\(n)", "a third finger comes and goes with no motion after it: no new begin") { s in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40); s.down(2, x + 50, y + 80)
                s.sleep(60); s.up(2); s.sleep(60); s.up(1); s.sleep(40); s.up(0)
            }
            add("swap-finger-\(n)", "one of two lifts, another lands: zoom and rotate begin again") { s in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(60); s.up(1); s.sleep(60)
                s.down(1, x + 60, y + 60); s.sleep(60); s.up(0); s.sleep(40); s.up(1)
            }
            add("drag-interrupted-\(n)", "a second finger ends the drag; after it lifts the first finger's next motion "
                + "begins a new drag and pan") { s in
                s.down(0, x, y); s.sleep(40); s.move(0, x + 20, y); s.sleep(40); s.down(1, x + 60, y + 80); s.sleep(60)
                s.up(1); s.sleep(40); s.move(0, x + 40, y); s.sleep(40); s.move(0, x + 70, y); s.sleep(40); s.up(0)
            }
            add("second-finger-blip-\(n)", "a second finger comes and goes, the first lifts unmoved: nothing begins again") { s in
                s.down(0, x, y); s.sleep(60); s.down(1, x + 60, y + 80); s.sleep(60); s.up(1); s.sleep(60); s.up(0)
            }
            add("two-finger-tap-then-tap-\(n)", "a two-finger tap, then a one-finger tap 200 ms after the first press: count 2") { s in
                s.down(0, x, y); s.sleep(30); s.down(1, x + 70, y); s.sleep(60); s.up(1); s.up(0)
                s.sleep(110); s.tap(x, y)
            }
            add("first-lifts-second-moves-\(n)", "the first finger lifts first, the second moves on: it is denied everywhere") { s in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 80, y); s.sleep(40); s.up(0); s.sleep(40)
                s.move(1, x + 120, y); s.sleep(40); s.move(1, x + 160, y); s.sleep(40); s.up(1)
            }
        }

        // wl_touch.cancel: every controller gets ::cancel for each sequence it holds.
        for (n, (x, y)) in [(150, 150), (420, 280)].enumerated() {
            add("cancel-hold-\(n)", "cancel while one finger rests") { s in
                s.down(0, x, y); s.sleep(100); s.cancel(); s.sleep(40)
            }
            add("cancel-pan-\(n)", "cancel during a horizontal pan") { s in
                s.path([(x, y), (x + 20, y), (x + 40, y)], step: 40, lift: false); s.sleep(40); s.cancel(); s.sleep(40)
            }
            add("cancel-pinch-\(n)", "cancel during a two-finger pinch") { s in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40); s.move(1, x + 130, y); s.sleep(40)
                s.cancel(); s.sleep(40)
            }
        }
        add("cancel-after-long-press", "cancel after the long press fired") { s in
            s.down(0, 300, 200); s.sleep(hold + 200); s.cancel(); s.sleep(40)
        }
        add("cancel-ends-series", "tap, a press cancelled, a tap: the cancel ended the series") { s in
            s.tap(250, 150); s.sleep(60); s.down(0, 250, 150); s.sleep(60); s.cancel(); s.sleep(60); s.tap(250, 150)
        }
        add("cancel-three-fingers", "cancel with three fingers down") { s in
            s.down(0, 200, 200); s.sleep(40); s.down(1, 300, 200); s.sleep(40); s.down(2, 250, 300); s.sleep(60)
            s.cancel(); s.sleep(40)
        }
        return cases
    }
}
