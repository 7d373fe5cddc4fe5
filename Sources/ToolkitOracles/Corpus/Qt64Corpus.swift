import TouchKit

// MARK: - The qt-6.4 boundary corpus

extension Qt64Model: ToolkitCorpusProviding {
    /// The boundary cases of ``Qt64Settings``, each well inside and well outside (``Qt64Corpus``).
    public var corpus: [ToolkitCorpusCase] { Qt64Corpus.cases }
}

/// Cases generated from ``Qt64Settings``: each threshold well inside and well outside (at least
/// 40 % from the 400 ms tap interval, at least 150 ms from the 800 ms long press, at least 3 px
/// from the 10 px distances), per-axis against diagonal movement, release-to-release against press-to-press
/// tap timing, fingers pressed together or one after another, added or lifted mid-gesture, and
/// wl_touch.cancel. Every case ends with all fingers up (a cancel case with a plain tap that
/// leaves TapHandler as it found it) and lasts at most 1.5 s.
enum Qt64Corpus {
    static let interval = Qt64Settings.multiTapInterval.value
    static let distance = Qt64Settings.touchMultiTapDistance.value
    static let drag = Qt64Settings.dragThreshold.value
    static let longPress = Qt64Settings.longPress.value

    /// Well under and well over each threshold.
    static let shortGap = (interval * 0.3).rounded()            // 120 ms
    static let wellInsideInterval = (interval * 0.55).rounded()  // 220 ms release to release
    static let wellOutsideInterval = (interval * 1.45).rounded() // 580 ms
    static let shortHold = (longPress * 0.1).rounded()           // 80 ms
    static let heldUnderLongPress = (longPress * 0.6).rounded()  // 480 ms
    static let heldOverLongPress = (longPress * 1.5).rounded()   // 1200 ms
    static let under = drag - 4                                  // 6 px
    static let over = drag + 4                                   // 14 px

    static let cases: [ToolkitCorpusCase] = {
        var all: [ToolkitCorpusCase] = []
        all += singleTaps()
        all += multiTaps()
        all += drags()
        all += directions()
        all += twoFingers()
        all += pinches()
        all += fingersAddedOrLifted()
        all += cancels()
        return all
    }()

    // MARK: - One finger: taps, long presses, the drag threshold

    static func singleTaps() -> [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        for (index, hold) in [30.0, shortHold, 150, 300, heldUnderLongPress].enumerated() {
            let at = Point(x: 100 + Double(index) * 80, y: 120)
            out.append(.init(name: "tap-hold-\(Int(hold))", summary: "one tap held \(Int(hold)) ms: tapped, count 1",
                             script: Qt64Script().tap(at, hold: hold).text))
        }
        for (index, hold) in [heldOverLongPress, longPress * 1.35, longPress * 1.75].enumerated() {
            let at = Point(x: 150 + Double(index) * 120, y: 250)
            out.append(.init(name: "long-press-hold-\(Int(hold))", summary: "held \(Int(hold)) ms: longPressed, no tap",
                             script: Qt64Script().tap(at, hold: hold).text))
        }
        for (name, step) in [("x", Point(x: under, y: 0)), ("y", Point(x: 0, y: -under)), ("diagonal", Point(x: 7, y: 7))] {
            out.append(.init(name: "long-press-wiggle-\(name)", summary: "held past the long press, moved under the drag threshold",
                             script: Qt64Script().down(0, Point(x: 300, y: 200)).sleep(300).move(0, Point(x: 300 + step.x, y: 200 + step.y))
                                 .sleep(heldOverLongPress - 300).up(0).text))
        }
        for (name, step) in [("right", Point(x: 30, y: 0)), ("down", Point(x: 0, y: 30))] {
            out.append(.init(name: "long-press-then-drag-\(name)", summary: "long press fires, then a drag cancels the pressed tap",
                             script: Qt64Script().down(0, Point(x: 200, y: 150)).sleep(longPress + 200)
                                 .move(0, Point(x: 200 + step.x, y: 150 + step.y)).sleep(60).up(0).text))
        }
        let insideMoves: [(String, Point)] = [("x", Point(x: under, y: 0)), ("minus-x", Point(x: -under, y: 0)),
                                               ("y", Point(x: 0, y: under)), ("minus-y", Point(x: 0, y: -under)),
                                               ("diagonal", Point(x: 7, y: 7)), ("anti-diagonal", Point(x: -7, y: 7))]
        for (name, step) in insideMoves {
            out.append(.init(name: "tap-moved-under-threshold-\(name)",
                             summary: "moved \(Int(step.x)),\(Int(step.y)) px: under \(Int(drag)) px on each axis, still a tap",
                             script: Qt64Script().down(0, Point(x: 250, y: 200)).sleep(40)
                                 .move(0, Point(x: 250 + step.x, y: 200 + step.y)).sleep(40).up(0).text))
        }
        let overMoves: [(String, Point)] = [("x", Point(x: over, y: 0)), ("minus-y", Point(x: 0, y: -over)),
                                             ("diagonal", Point(x: over, y: over)), ("y-only", Point(x: 7, y: over)),
                                             ("x-only", Point(x: -over, y: 7)), ("far", Point(x: 60, y: -20))]
        for (name, step) in overMoves {
            out.append(.init(name: "tap-moved-over-threshold-\(name)",
                             summary: "moved \(Int(step.x)),\(Int(step.y)) px: over \(Int(drag)) px on an axis, tap canceled, drag",
                             script: Qt64Script().down(0, Point(x: 250, y: 200)).sleep(40)
                                 .move(0, Point(x: 250 + step.x, y: 200 + step.y)).sleep(40).up(0).text))
        }
        out.append(.init(name: "tap-wander-under-threshold", summary: "several moves, never over the threshold on an axis",
                         script: Qt64Script().down(0, Point(x: 320, y: 180)).sleep(30).move(0, Point(x: 325, y: 184)).sleep(30)
                             .move(0, Point(x: 317, y: 186)).sleep(30).move(0, Point(x: 313, y: 175)).sleep(30).up(0).text))
        out.append(.init(name: "tap-out-and-back", summary: "over the threshold and back: canceled, a drag, no tap",
                         script: Qt64Script().down(0, Point(x: 320, y: 180)).sleep(30).move(0, Point(x: 340, y: 180)).sleep(30)
                             .move(0, Point(x: 320, y: 180)).sleep(30).up(0).text))
        return out
    }

    static func multiTaps() -> [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        let base = Point(x: 200, y: 200)
        // Release to release well inside the interval.
        for (hold, gap) in [(50.0, 100.0), (shortHold, 140), (100, shortGap), (40, 180)] {
            out.append(.init(name: "double-tap-hold-\(Int(hold))-gap-\(Int(gap))",
                             summary: "releases \(Int(hold + gap)) ms apart: count 2",
                             script: Qt64Script().tap(base, hold: hold).sleep(gap).tap(base, hold: hold).text))
        }
        // Release to release well outside, though up to down is short.
        for (hold, gap) in [(300.0, 280.0), (350, 230), (400, 200), (50, 600)] {
            out.append(.init(name: "two-taps-hold-\(Int(hold))-release-gap-\(Int(hold + gap))",
                             summary: "up to down \(Int(gap)) ms but releases \(Int(hold + gap)) ms apart: two single taps",
                             script: Qt64Script().tap(base, hold: 50).sleep(gap).tap(base, hold: hold).text))
        }
        // Press to press well outside, release to release inside.
        for (firstHold, gap) in [(450.0, 120.0), (500, 100)] {
            out.append(.init(name: "double-tap-long-first-\(Int(firstHold))",
                             summary: "presses \(Int(firstHold + gap)) ms apart, releases \(Int(gap + 60)) ms: count 2",
                             script: Qt64Script().tap(base, hold: firstHold).sleep(gap).tap(base, hold: 60).text))
        }
        // Distance between the releases.
        let near: [(String, Point)] = [("x", Point(x: under, y: 0)), ("minus-y", Point(x: 0, y: -under)), ("diagonal", Point(x: 5, y: 5)),
                                       ("anti-diagonal", Point(x: -5, y: 5))]
        for (name, offset) in near {
            out.append(.init(name: "double-tap-near-\(name)", summary: "second tap \(Int(offset.x)),\(Int(offset.y)) px away: count 2",
                             script: Qt64Script().tap(base, hold: 50).sleep(shortGap).tap(base + offset, hold: 50).text))
        }
        let far: [(String, Point)] = [("x", Point(x: over, y: 0)), ("minus-y", Point(x: 0, y: -over)), ("diagonal", Point(x: 10, y: 10)),
                                      ("anti-diagonal", Point(x: -12, y: 9)), ("far", Point(x: 80, y: 0))]
        for (name, offset) in far {
            out.append(.init(name: "two-taps-far-\(name)",
                             summary: "second tap \(Int(offset.x)),\(Int(offset.y)) px away (Euclidean over \(Int(distance)) px): two single taps",
                             script: Qt64Script().tap(base, hold: 50).sleep(shortGap).tap(base + offset, hold: 50).text))
        }
        // Measured between the releases, not the presses.
        out.append(.init(name: "double-tap-pressed-far-released-near", summary: "second press 14 px away, slid back to 6 px: count 2",
                         script: Qt64Script().tap(base, hold: 50).sleep(shortGap).down(0, base + Point(x: 14, y: 0)).sleep(30)
                             .move(0, base + Point(x: under, y: 0)).sleep(30).up(0).text))
        out.append(.init(name: "two-taps-pressed-near-released-far", summary: "both pressed at one spot, slid 8 px apart: two single taps",
                         script: Qt64Script().down(0, base).sleep(30).move(0, base + Point(x: -8, y: 0)).sleep(30).up(0).sleep(shortGap)
                             .down(0, base).sleep(30).move(0, base + Point(x: 8, y: 0)).sleep(30).up(0).text))
        // Series.
        for (index, count) in [3, 3, 4, 4, 5].enumerated() {
            var script = Qt64Script()
            let at = Point(x: 150 + Double(index) * 70, y: 300)
            for tap in 0..<count {
                if tap > 0 { script = script.sleep(index.isMultiple(of: 2) ? shortGap : 150) }
                script = script.tap(at, hold: 40)
            }
            out.append(.init(name: "series-\(count)-\(index)", summary: "\(count) quick taps: counts 1 to \(count)", script: script.text))
        }
        out.append(.init(name: "series-broken-by-time", summary: "third tap late: counts 1, 2, 1",
                         script: Qt64Script().tap(base, hold: 40).sleep(shortGap).tap(base, hold: 40).sleep(wellOutsideInterval).tap(base, hold: 40).text))
        out.append(.init(name: "series-broken-by-distance", summary: "third tap far: counts 1, 2, 1, then 2 with the far one",
                         script: Qt64Script().tap(base, hold: 40).sleep(shortGap).tap(base, hold: 40).sleep(shortGap)
                             .tap(base + Point(x: 30, y: 0), hold: 40).sleep(shortGap).tap(base + Point(x: 30, y: 0), hold: 40).text))
        out.append(.init(name: "double-tap-second-long", summary: "second press held past the long press: long press, no second tap",
                         script: Qt64Script().tap(base, hold: 40).sleep(shortGap).tap(base, hold: heldOverLongPress).text))
        out.append(.init(name: "tap-drag-tap", summary: "a drag between two taps does not reset the count",
                         script: Qt64Script().tap(base, hold: 40).sleep(60).down(0, base).sleep(20).move(0, base + Point(x: 30, y: 0))
                             .sleep(20).up(0).sleep(60).tap(base, hold: 40).text))
        out.append(.init(name: "tap-long-tap", summary: "a long press between two quick taps: the third tap counts 1",
                         script: Qt64Script().tap(base, hold: 40).sleep(60).tap(base, hold: heldOverLongPress - 200).sleep(60).tap(base, hold: 40).text))
        return out
    }

    static func drags() -> [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        let directions: [(String, Point)] = [("right", Point(x: 1, y: 0)), ("left", Point(x: -1, y: 0)), ("down", Point(x: 0, y: 1)),
                                             ("up", Point(x: 0, y: -1)), ("down-right", Point(x: 1, y: 1)), ("up-left", Point(x: -1, y: -1)),
                                             ("steep", Point(x: 0.3, y: 1)), ("shallow", Point(x: 1, y: -0.3))]
        for (name, unit) in directions {
            let start = Point(x: 300, y: 200)
            var script = Qt64Script().down(0, start).sleep(30)
            // Steps of 7 px per axis unit: the first is under the threshold, the second over it.
            for step in 1...6 {
                let d = Double(step) * (drag - 3)
                script = script.move(0, Point(x: start.x + unit.x * d, y: start.y + unit.y * d)).sleep(25)
            }
            out.append(.init(name: "drag-steps-\(name)", summary: "drag \(name) in 7 px steps: begins at the step past \(Int(drag)) px",
                             script: script.up(0).text))
        }
        for (index, length) in [30.0, 100, 250].enumerated() {
            out.append(.init(name: "drag-one-move-\(Int(length))", summary: "one \(Int(length)) px move: tap canceled, drag begins and ends",
                             script: Qt64Script().down(0, Point(x: 100, y: 100 + Double(index) * 100)).sleep(40)
                                 .move(0, Point(x: 100 + length, y: 100 + Double(index) * 100)).sleep(40).up(0).text))
        }
        var slow = Qt64Script().down(0, Point(x: 100, y: 300)).sleep(30)
        for step in 1...10 { slow = slow.move(0, Point(x: 100 + Double(step) * 3, y: 300)).sleep(30) }
        out.append(.init(name: "drag-slow", summary: "3 px every 30 ms: begins at 12 px", script: slow.up(0).text))
        var wander = Qt64Script().down(0, Point(x: 400, y: 300)).sleep(30)
        for step in 1...8 { wander = wander.move(0, Point(x: 400 + Double(step) * 2, y: 300 - Double(step) * 2)).sleep(30) }
        out.append(.init(name: "drag-slow-diagonal", summary: "2 px per axis every 30 ms: begins past 10 px on an axis", script: wander.up(0).text))
        out.append(.init(name: "drag-and-return", summary: "drag out and back to the start: one drag",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).sleep(30).move(0, Point(x: 240, y: 200)).sleep(30)
                             .move(0, Point(x: 200, y: 200)).sleep(30).up(0).text))
        out.append(.init(name: "drag-then-rest", summary: "drag, rest 500 ms, release: ends at the release",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).sleep(30).move(0, Point(x: 260, y: 220)).sleep(500).up(0).text))
        out.append(.init(name: "drag-after-rest", summary: "rest 400 ms, then drag: no long press",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).sleep(400).move(0, Point(x: 260, y: 200)).sleep(60).up(0).text))
        return out
    }

    /// Every direction: one move just under or well over the threshold, a second tap near or far.
    static func directions() -> [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        let compass: [(String, Point)] = [("e", Point(x: 1, y: 0)), ("ne", Point(x: 1, y: -1)), ("n", Point(x: 0, y: -1)),
                                          ("nw", Point(x: -1, y: -1)), ("w", Point(x: -1, y: 0)), ("sw", Point(x: -1, y: 1)),
                                          ("s", Point(x: 0, y: 1)), ("se", Point(x: 1, y: 1))]
        let start = Point(x: 300, y: 200)
        for (name, unit) in compass {
            let step = Point(x: unit.x * (over - 1), y: unit.y * (over - 1))
            out.append(.init(name: "one-move-over-\(name)", summary: "one move of 13 px per axis \(name): a drag",
                             script: Qt64Script().down(0, start).sleep(30).move(0, start + step).sleep(30).up(0).text))
        }
        for (name, unit) in compass where unit.x != 0 && unit.y != 0 {
            let step = Point(x: unit.x * 7, y: unit.y * 7)
            out.append(.init(name: "one-move-under-\(name)", summary: "7 px per axis \(name) (9.9 px): still a tap",
                             script: Qt64Script().down(0, start).sleep(30).move(0, start + step).sleep(30).up(0).text))
        }
        for (name, unit) in compass where unit.x == 0 || unit.y == 0 {
            let near = Point(x: unit.x * under, y: unit.y * under), far = Point(x: unit.x * over, y: unit.y * over)
            out.append(.init(name: "double-tap-near-\(name)", summary: "second tap 6 px \(name): count 2",
                             script: Qt64Script().tap(start, hold: 40).sleep(shortGap).tap(start + near, hold: 40).text))
            out.append(.init(name: "two-taps-far-\(name)", summary: "second tap 14 px \(name): two single taps",
                             script: Qt64Script().tap(start, hold: 40).sleep(shortGap).tap(start + far, hold: 40).text))
        }
        for (name, at) in [("top-left", Point(x: 10, y: 10)), ("top-right", Point(x: 590, y: 10)),
                           ("bottom-left", Point(x: 10, y: 390)), ("bottom-right", Point(x: 590, y: 390))] {
            out.append(.init(name: "tap-corner-\(name)", summary: "a tap near the window's \(name) corner",
                             script: Qt64Script().tap(at, hold: 50).text))
        }
        out.append(.init(name: "long-press-then-tap", summary: "a long press is no tap: the next quick tap counts 1",
                         script: Qt64Script().tap(start, hold: heldOverLongPress - 150).sleep(shortGap).tap(start, hold: 40).text))
        return out
    }

    // MARK: - Two and three fingers

    static func twoFingers() -> [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        for (index, gap) in [0.0, 60, 200].enumerated() {
            let a = Point(x: 150, y: 150 + Double(index) * 60), b = Point(x: 350, y: 150 + Double(index) * 60)
            var script = Qt64Script().down(0, a)
            script = gap == 0 ? script.down(1, b) : script.sleep(gap).down(1, b)
            out.append(.init(name: "two-finger-tap-gap-\(Int(gap))", summary: "second finger \(Int(gap)) ms later, both lifted together",
                             script: script.sleep(80).ups([0, 1]).text))
            out.append(.init(name: "two-finger-tap-staggered-\(Int(gap))", summary: "second finger \(Int(gap)) ms later, lifted one by one",
                             script: (gap == 0 ? Qt64Script().down(0, a).down(1, b) : Qt64Script().down(0, a).sleep(gap).down(1, b))
                                 .sleep(80).up(1).sleep(60).up(0).text))
        }
        out.append(.init(name: "two-fingers-held-long", summary: "two fingers held past the long press",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).sleep(60).down(1, Point(x: 300, y: 200))
                             .sleep(heldOverLongPress - 60).ups([0, 1]).text))
        out.append(.init(name: "two-fingers-together-held-long", summary: "two fingers in one frame, held past the long press",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).down(1, Point(x: 300, y: 200))
                             .sleep(heldOverLongPress).ups([0, 1]).text))
        out.append(.init(name: "second-finger-after-long-press", summary: "long press, then a second finger",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).sleep(longPress + 150).down(1, Point(x: 300, y: 200))
                             .sleep(80).up(1).sleep(40).up(0).text))
        out.append(.init(name: "tap-while-other-held", summary: "second finger taps while the first is held",
                         script: Qt64Script().down(0, Point(x: 150, y: 200)).sleep(100).down(1, Point(x: 350, y: 200)).sleep(60)
                             .up(1).sleep(100).up(0).text))
        out.append(.init(name: "three-fingers-together", summary: "three fingers in one frame, lifted together",
                         script: Qt64Script().down(0, Point(x: 150, y: 200)).down(1, Point(x: 250, y: 200)).down(2, Point(x: 350, y: 200))
                             .sleep(80).ups([0, 1, 2]).text))
        out.append(.init(name: "three-fingers-staggered-move", summary: "three fingers one after another, all moving",
                         script: Qt64Script().down(0, Point(x: 150, y: 200)).sleep(40).down(1, Point(x: 250, y: 200)).sleep(40)
                             .down(2, Point(x: 350, y: 200)).sleep(40)
                             .moves([(0, Point(x: 150, y: 240)), (1, Point(x: 250, y: 240)), (2, Point(x: 350, y: 240))]).sleep(40)
                             .ups([0, 1, 2]).text))
        return out
    }

    static func pinches() -> [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        // (name, first finger start, second start, per-step move of first, of second)
        let shapes: [(String, Point, Point, Point, Point)] = [
            ("spread-x", Point(x: 250, y: 200), Point(x: 350, y: 200), Point(x: -10, y: 0), Point(x: 10, y: 0)),
            ("pinch-in-x", Point(x: 150, y: 200), Point(x: 450, y: 200), Point(x: 10, y: 0), Point(x: -10, y: 0)),
            ("spread-y", Point(x: 300, y: 150), Point(x: 300, y: 250), Point(x: 0, y: -10), Point(x: 0, y: 10)),
            ("pinch-in-y", Point(x: 300, y: 80), Point(x: 300, y: 320), Point(x: 0, y: 10), Point(x: 0, y: -10)),
            ("spread-diagonal", Point(x: 250, y: 150), Point(x: 350, y: 250), Point(x: -8, y: -8), Point(x: 8, y: 8)),
            ("one-finger-out", Point(x: 200, y: 200), Point(x: 300, y: 200), Point(x: 0, y: 0), Point(x: 12, y: 0)),
            ("one-finger-in", Point(x: 150, y: 200), Point(x: 400, y: 200), Point(x: 0, y: 0), Point(x: -12, y: 0)),
            ("rotate", Point(x: 200, y: 200), Point(x: 400, y: 200), Point(x: 0, y: 8), Point(x: 0, y: -8)),
            ("rotate-vertical", Point(x: 300, y: 100), Point(x: 300, y: 300), Point(x: -8, y: 0), Point(x: 8, y: 0)),
            ("parallel-right", Point(x: 200, y: 150), Point(x: 200, y: 250), Point(x: 12, y: 0), Point(x: 12, y: 0)),
            ("parallel-down", Point(x: 200, y: 150), Point(x: 350, y: 150), Point(x: 0, y: 12), Point(x: 0, y: 12)),
            ("parallel-diagonal", Point(x: 200, y: 150), Point(x: 300, y: 200), Point(x: 9, y: 9), Point(x: 9, y: 9)),
        ]
        for (name, a, b, stepA, stepB) in shapes {
            for (variant, together) in [("together", true), ("staggered", false)] {
                var script = together ? Qt64Script().down(0, a).down(1, b) : Qt64Script().down(0, a).sleep(80).down(1, b)
                script = script.sleep(30)
                for step in 1...5 {
                    let k = Double(step)
                    script = script.moves([(0, Point(x: a.x + stepA.x * k, y: a.y + stepA.y * k)),
                                           (1, Point(x: b.x + stepB.x * k, y: b.y + stepB.y * k))]).sleep(30)
                }
                out.append(.init(name: "pinch-\(name)-\(variant)", summary: "two fingers \(variant): \(name) in five steps",
                                 script: script.ups([0, 1]).text))
            }
        }
        let big: [(String, Point, Point)] = [("spread-x", Point(x: -15, y: 0), Point(x: 15, y: 0)),
                                             ("pinch-in-y", Point(x: 0, y: 15), Point(x: 0, y: -15)),
                                             ("rotate", Point(x: 0, y: 15), Point(x: 0, y: -15)),
                                             ("parallel", Point(x: 15, y: 15), Point(x: 15, y: 15))]
        for (name, stepA, stepB) in big {
            let a = name == "pinch-in-y" ? Point(x: 300, y: 100) : Point(x: 200, y: 200)
            let b = name == "pinch-in-y" ? Point(x: 300, y: 350) : Point(x: 400, y: 200)
            var script = Qt64Script().down(0, a).sleep(40).down(1, b).sleep(30)
            for step in 1...3 {
                let k = Double(step)
                script = script.moves([(0, Point(x: a.x + stepA.x * k, y: a.y + stepA.y * k)),
                                       (1, Point(x: b.x + stepB.x * k, y: b.y + stepB.y * k))]).sleep(40)
            }
            out.append(.init(name: "pinch-\(name)-big-steps", summary: "\(name) in three 15 px steps", script: script.ups([0, 1]).text))
        }
        for (index, gap) in [30.0, 120].enumerated() {
            out.append(.init(name: "two-finger-tap-close-\(index)", summary: "two fingers 30 px apart, \(Int(gap)) ms between them",
                             script: Qt64Script().down(0, Point(x: 300, y: 200)).sleep(gap).down(1, Point(x: 330, y: 200)).sleep(60)
                                 .ups([0, 1]).text))
        }
        out.append(.init(name: "pinch-small-moves", summary: "both fingers move 6 px: under the threshold, no pinch",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).down(1, Point(x: 300, y: 200)).sleep(30)
                             .moves([(0, Point(x: 194, y: 200)), (1, Point(x: 306, y: 200))]).sleep(30).ups([0, 1]).text))
        out.append(.init(name: "pinch-lift-one-by-one", summary: "pinch, then the fingers lift one after the other",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).down(1, Point(x: 300, y: 200)).sleep(30)
                             .moves([(0, Point(x: 180, y: 200)), (1, Point(x: 320, y: 200))]).sleep(30)
                             .up(0).sleep(40).up(1).text))
        out.append(.init(name: "pinch-one-step-large", summary: "one 40 px spread in a single frame",
                         script: Qt64Script().down(0, Point(x: 250, y: 200)).down(1, Point(x: 350, y: 200)).sleep(30)
                             .moves([(0, Point(x: 230, y: 200)), (1, Point(x: 370, y: 200))]).sleep(30).ups([0, 1]).text))
        return out
    }

    static func fingersAddedOrLifted() -> [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        for (index, move) in [Point(x: 30, y: 0), Point(x: 0, y: 40), Point(x: -40, y: -20)].enumerated() {
            let a = Point(x: 200, y: 200), b = Point(x: 350 - Double(index) * 30, y: 300)
            out.append(.init(name: "finger-added-mid-drag-\(index)", summary: "drag, then a second finger lands: the drag ends",
                             script: Qt64Script().down(0, a).sleep(30).move(0, a + move).sleep(30).down(1, b).sleep(30)
                                 .move(1, b + Point(x: 20, y: 0)).sleep(30).move(1, b + Point(x: 40, y: 0)).sleep(30).ups([0, 1]).text))
        }
        for (index, tapAt) in [Point(x: 450, y: 300), Point(x: 120, y: 320)].enumerated() {
            out.append(.init(name: "finger-taps-mid-drag-\(index)", summary: "drag, a second finger taps, the first drags on",
                             script: Qt64Script().down(0, Point(x: 200, y: 150)).sleep(30).move(0, Point(x: 240, y: 150)).sleep(30)
                                 .down(1, tapAt).sleep(60).up(1).sleep(30).move(0, Point(x: 270, y: 150)).sleep(30)
                                 .move(0, Point(x: 300, y: 150)).sleep(30).up(0).text))
        }
        out.append(.init(name: "finger-added-mid-drag-still", summary: "drag, a second finger lands, nothing moves after",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).sleep(30).move(0, Point(x: 240, y: 200)).sleep(30)
                             .down(1, Point(x: 400, y: 200)).sleep(80).up(1).sleep(30).up(0).text))
        for (index, third) in [Point(x: 450, y: 100), Point(x: 100, y: 320), Point(x: 300, y: 350)].enumerated() {
            out.append(.init(name: "third-finger-mid-pinch-\(index)", summary: "pinch, a third finger lands and lifts, pinch goes on",
                             script: Qt64Script().down(0, Point(x: 200, y: 200)).sleep(30).down(1, Point(x: 300, y: 200)).sleep(30)
                                 .moves([(0, Point(x: 180, y: 200)), (1, Point(x: 320, y: 200))]).sleep(30)
                                 .down(2, third).sleep(40).up(2).sleep(30)
                                 .moves([(0, Point(x: 160, y: 200)), (1, Point(x: 340, y: 200))]).sleep(30).ups([0, 1]).text))
        }
        out.append(.init(name: "third-finger-mid-pinch-moving", summary: "a third finger lands and drags: its tap is canceled",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).sleep(30).down(1, Point(x: 300, y: 200)).sleep(30)
                             .moves([(0, Point(x: 180, y: 200)), (1, Point(x: 320, y: 200))]).sleep(30)
                             .down(2, Point(x: 400, y: 100)).sleep(30).move(2, Point(x: 430, y: 100)).sleep(30).up(2).sleep(30)
                             .ups([0, 1]).text))
        for (index, move) in [Point(x: 40, y: 0), Point(x: 0, y: -40), Point(x: 5, y: 0)].enumerated() {
            out.append(.init(name: "finger-lifted-mid-pinch-\(index)", summary: "pinch, one finger lifts, the other moves \(Int(move.x)),\(Int(move.y))",
                             script: Qt64Script().down(0, Point(x: 200, y: 200)).down(1, Point(x: 300, y: 200)).sleep(30)
                                 .moves([(0, Point(x: 180, y: 200)), (1, Point(x: 320, y: 200))]).sleep(30)
                                 .up(1).sleep(30).move(0, Point(x: 180, y: 200) + move).sleep(30)
                                 .move(0, Point(x: 180, y: 200) + move + move).sleep(30).up(0).text))
        }
        out.append(.init(name: "finger-lifted-before-pinch", summary: "two fingers, one lifts before any move, the other drags",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).down(1, Point(x: 300, y: 200)).sleep(50).up(1).sleep(30)
                             .move(0, Point(x: 240, y: 200)).sleep(30).up(0).text))
        out.append(.init(name: "second-finger-while-tap-pressed-moves", summary: "second finger lands on a pressed tap, both spread",
                         script: Qt64Script().down(0, Point(x: 200, y: 250)).sleep(100).down(1, Point(x: 300, y: 250)).sleep(30)
                             .moves([(0, Point(x: 185, y: 250)), (1, Point(x: 315, y: 250))]).sleep(30).ups([0, 1]).text))
        return out
    }

    // MARK: - wl_touch.cancel

    /// Each ends with a plain tap 900 ms later: a cancel leaves TapHandler pressed, and that tap
    /// is what releases it (and what the case then reports as a tap).
    static func cancels() -> [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        let reset = Point(x: 500, y: 350)
        for (index, hold) in [60.0, 300].enumerated() {
            out.append(.init(name: "cancel-tap-held-\(Int(hold))", summary: "cancel \(Int(hold)) ms after the press: the long press still fires",
                             script: Qt64Script().down(0, Point(x: 100 + Double(index) * 100, y: 100)).sleep(hold).cancel()
                                 .sleep(longPress + 100 - hold).tap(reset, hold: 40).text))
        }
        out.append(.init(name: "cancel-drag", summary: "cancel right after a drag began: drag ends",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).sleep(30).move(0, Point(x: 240, y: 200)).sleep(30).cancel()
                             .sleep(longPress).tap(reset, hold: 40).text))
        out.append(.init(name: "cancel-pinch", summary: "cancel right after a pinch began: pinch ends",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).down(1, Point(x: 300, y: 200)).sleep(30)
                             .moves([(0, Point(x: 180, y: 200)), (1, Point(x: 320, y: 200))]).sleep(30).cancel()
                             .sleep(longPress).tap(reset, hold: 40).text))
        out.append(.init(name: "cancel-two-fingers", summary: "cancel with two fingers down, nothing active",
                         script: Qt64Script().down(0, Point(x: 200, y: 200)).sleep(40).down(1, Point(x: 300, y: 200)).sleep(40).cancel()
                             .sleep(longPress).tap(reset, hold: 40).text))
        return out
    }
}

/// Builds a compact script step by step (a frame after each change).
struct Qt64Script {
    private(set) var parts: [String] = []

    var text: String { parts.joined(separator: "; ") }

    func down(_ id: Int, _ at: Point) -> Qt64Script { adding("down \(id) \(Qt64Script.number(at.x)) \(Qt64Script.number(at.y)); frame") }
    func move(_ id: Int, _ to: Point) -> Qt64Script { adding("motion \(id) \(Qt64Script.number(to.x)) \(Qt64Script.number(to.y)); frame") }
    func moves(_ points: [(Int, Point)]) -> Qt64Script {
        adding(points.map { "motion \($0.0) \(Qt64Script.number($0.1.x)) \(Qt64Script.number($0.1.y))" }.joined(separator: "; ") + "; frame")
    }
    func up(_ id: Int) -> Qt64Script { adding("up \(id); frame") }
    func ups(_ ids: [Int]) -> Qt64Script { adding(ids.map { "up \($0)" }.joined(separator: "; ") + "; frame") }
    func sleep(_ ms: Double) -> Qt64Script { adding("sleep \(Int(ms))") }
    func cancel() -> Qt64Script { adding("cancel") }
    func tap(_ at: Point, hold: Double) -> Qt64Script { down(0, at).sleep(hold).up(0) }

    private func adding(_ part: String) -> Qt64Script {
        var copy = self
        copy.parts.append(part)
        return copy
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension Point {
    fileprivate static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
}
