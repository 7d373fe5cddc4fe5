import TouchKit

// MARK: - The boundary corpus of firefox-153, generated from its thresholds

extension Firefox153Model: ToolkitCorpusProviding {
    /// The boundary cases of ``Firefox153Thresholds`` under the harness weston, each inside and outside.
    public var corpus: [ToolkitCorpusCase] { Firefox153Corpus.cases }
}

/// Cases that put each of ``Firefox153Thresholds`` inside and outside, in page coordinates.
///
/// Margins hold on a loaded 2-core machine: the max tap time T (300 ms) is probed at most 0.6 T and at
/// least 1.4 T; the long tap (500 ms) at 1.4 T and beyond, and a hold of 400 ms sits 100 ms from both
/// timers (the only room between them). The tolerances are px at the harness weston's 25.4 DPI: the
/// touch-start tolerance (2.54 px) is probed at 1.5 px and 4 px, the second-tap tolerance (12.7 px) at
/// 9 px and 17 px, along both axes both ways and two diagonals. Every case lasts at most 1.6 s and stays
/// inside 600×400.
enum Firefox153Corpus {
    static let cases: [ToolkitCorpusCase] = {
        var all: [ToolkitCorpusCase] = []
        all += singleTaps + slowTaps + longTaps + tapTolerance + longTapTolerance
        all += doubleTapTiming + doubleTapDistance + secondTapMoves + longSeries + afterLongTap
        all += moreFingers + cancels
        let lead = all.filter { leading.contains($0.name) }
            .sorted { leading.firstIndex(of: $0.name)! < leading.firstIndex(of: $1.name)! }
        return lead + all.filter { !leading.contains($0.name) }
    }()

    /// The cases a bounded run (`--limit 12`, the toolkits test tier) takes first: one per rule, the
    /// rules where Firefox differs from the other browsers leading.
    static let leading = [
        "double-hold-200-gap-250", "double-second-held-900", "tap-move-outside-x-150", "double-distance-outside-x-300",
        "series-4-450", "slow-tap-then-tap-150", "long-tap-hold-700-150-150", "double-hold-40-gap-60",
        "second-tap-move-outside-x", "long-tap-then-taps-1-gap-60", "two-finger-tap-together", "cancel-then-tap",
    ]

    // MARK: Margins

    private static let maxTap = Firefox153Thresholds.maxTapTime.value
    private static let longTap = Firefox153Thresholds.longTap.value
    private static let quickHolds = [40.0, 100, (maxTap * 0.6).rounded(.down)]
    /// Past the max tap time, short of the long tap: 100 ms from each.
    private static let slowHold = ((maxTap + longTap) / 2).rounded()
    private static let longHolds = [(longTap * 1.4).rounded(.up), 1000, 1200]
    private static let touchTolerance = Firefox153Thresholds.touchStartTolerance.value
    private static let touchInside = 1.5, touchOutside = 4.0
    private static let secondTolerance = Firefox153Thresholds.secondTapTolerance.value
    private static let secondInside = 9.0, secondOutside = 17.0
    /// Places across the 600×400 area, so position plays no part.
    private static let places = [Point(x: 150, y: 150), Point(x: 450, y: 250), Point(x: 300, y: 120)]
    private static let corners = [Point(x: 40, y: 40), Point(x: 560, y: 360)]

    /// An offset of `length` along an axis or a diagonal, in one of four directions.
    private static func offsets(_ length: Double) -> [CorpusOffset] {
        let d = ((length / 2.0.squareRoot()) * 100).rounded(.down) / 100
        return [("x", length, 0), ("y", 0, length), ("minus-x", -length, 0), ("minus-y", 0, -length),
                ("diagonal", d, d), ("anti-diagonal", -d, d)]
    }

    /// A kebab-case case name; whole numbers lose their `.0`, fractions their dot.
    private static func name(_ parts: Any...) -> String {
        parts.map { part in
            if let number = part as? Double {
                return number == number.rounded() ? String(Int(number)) : String(number).replacingOccurrences(of: ".", with: "p")
            }
            return "\(part)"
        }.joined(separator: "-")
    }

    private static func side(_ inside: Bool) -> String { inside ? "inside" : "outside" }

    // MARK: One finger

    static var singleTaps: [ToolkitCorpusCase] {
        quickHolds.flatMap { hold in
            (places + corners).map { p in
                var s = CorpusScript(); s.tap(0, p, hold: hold)
                return ToolkitCorpusCase(name: name("tap-hold", hold, Int(p.x), Int(p.y)),
                                         summary: "one finger held \(Int(hold)) ms, a quick tap: click 1 at the up",
                                         script: s.text)
            }
        }
    }

    static var slowTaps: [ToolkitCorpusCase] {
        let alone = (places + corners).map { p in
            var s = CorpusScript(); s.tap(0, p, hold: slowHold)
            return ToolkitCorpusCase(name: name("slow-tap", Int(p.x), Int(p.y)),
                                     summary: "held \(Int(slowHold)) ms, past the max tap time: still click 1 (TAPGESTURE_CONFIRMED)",
                                     script: s.text)
        }
        let thenTap = places.map { p in
            var s = CorpusScript(); s.tap(0, p, hold: slowHold); s.sleep(80); s.tap(0, p, hold: 40)
            return ToolkitCorpusCase(name: name("slow-tap-then-tap", Int(p.x)),
                                     summary: "a slow tap, then a quick one 80 ms later: two clicks 1, no double tap",
                                     script: s.text)
        }
        return alone + thenTap
    }

    static var longTaps: [ToolkitCorpusCase] {
        longHolds.flatMap { hold in
            places.map { p in
                var s = CorpusScript(); s.tap(0, p, hold: hold)
                return ToolkitCorpusCase(name: name("long-tap-hold", hold, Int(p.x), Int(p.y)),
                                         summary: "one finger held \(Int(hold)) ms: contextmenu at the down, no click",
                                         script: s.text)
            }
        }
    }

    static var tapTolerance: [ToolkitCorpusCase] {
        [(touchInside, true), (touchOutside, false)].flatMap { length, inside in
            offsets(length).flatMap { o in places.map { p in
                var s = CorpusScript()
                s.down(0, p); s.sleep(30)
                s.move(0, from: p, by: (o.dx, o.dy), steps: 3, every: 20)
                s.sleep(30); s.up(0)
                return ToolkitCorpusCase(name: name("tap-move", side(inside), o.name, Int(p.x)),
                                         summary: "a tap moving \(length) px (\(o.name)), \(side(inside)) the \(touchTolerance) px touch-start tolerance",
                                         script: s.text)
            } }
        }
    }

    static var longTapTolerance: [ToolkitCorpusCase] {
        let group = HeldMoveGroup(place: places[1], steps: 3, offsets: offsets,
                                  early: ("long-tap-move", 100, 800), late: ("long-tap-then-move", 800))
        return group.cases(lengths: [(touchInside, side(true)), (touchOutside, side(false))], lateLength: touchOutside * 3,
                           summary: { "a held finger moving \($0) px (\($1)) early: contextmenu only inside the tolerance" },
                           lateSummary: "a finger moving away after its contextmenu: the contextmenu stays, no click")
    }

    // MARK: Double taps

    static var doubleTapTiming: [ToolkitCorpusCase] {
        // The second down must come before the first down + max tap time; holds and gaps sum inside
        // (≤ 0.6 T) or outside (≥ 1.4 T).
        let inside = [(40.0, 60.0), (40, 120), (80, 60), (80, 100)]
        let outside = [(40.0, 400.0), (40, 600), (80, 400), (200, 250)]
        var out: [ToolkitCorpusCase] = []
        for (pairs, isInside) in [(inside, true), (outside, false)] {
            for (hold, gap) in pairs {
                var s = CorpusScript()
                s.tap(0, places[0], hold: hold); s.sleep(gap); s.tap(0, places[0], hold: 40)
                out.append(ToolkitCorpusCase(
                    name: name("double-hold", hold, "gap", gap),
                    summary: "two taps, the second down \(Int(hold + gap)) ms after the first (\(side(isInside)) \(Int(maxTap)) ms): "
                        + (isInside ? "click 1, then click 2 and dblclick" : "two clicks 1"),
                    script: s.text))
            }
        }
        for secondHold in [40.0, slowHold, 900] {
            var s = CorpusScript()
            s.tap(0, places[2], hold: 40); s.sleep(60); s.tap(0, places[2], hold: secondHold)
            out.append(ToolkitCorpusCase(
                name: name("double-second-held", secondHold),
                summary: "a double tap whose second finger stays \(Int(secondHold)) ms: no timer runs for it, click 2 and dblclick at its up",
                script: s.text))
        }
        return out
    }

    static var doubleTapDistance: [ToolkitCorpusCase] {
        [(secondInside, true), (secondOutside, false)].flatMap { length, inside in
            offsets(length).flatMap { o in [places[2], corners[1]].map { p in
                var s = CorpusScript()
                let second = Point(x: p.x + o.dx, y: p.y + o.dy)
                s.tap(0, p, hold: 40); s.sleep(80); s.tap(0, second, hold: 40)
                return ToolkitCorpusCase(name: name("double-distance", side(inside), o.name, Int(p.x)),
                                         summary: "two quick taps \(Int(length)) px apart (\(o.name)), \(side(inside)) the \(secondTolerance) px second-tap tolerance",
                                         script: s.text)
            } }
        }
    }

    static var secondTapMoves: [ToolkitCorpusCase] {
        [(touchInside, true), (touchOutside, false)].flatMap { length, inside in
            offsets(length).prefix(4).map { o in
                var s = CorpusScript()
                s.tap(0, places[0], hold: 40); s.sleep(60)
                s.down(0, places[0]); s.sleep(20)
                s.move(0, from: places[0], by: (o.dx, o.dy), steps: 2, every: 20)
                s.sleep(20); s.up(0)
                return ToolkitCorpusCase(name: name("second-tap-move", side(inside), o.name),
                                         summary: "a double tap's second finger moving \(length) px (\(o.name)): "
                                            + (inside ? "click 2 and dblclick" : "nothing for the second tap"),
                                         script: s.text)
            }
        }
    }

    static var longSeries: [ToolkitCorpusCase] {
        (3...6).flatMap { count in
            [places[1], corners[0]].map { p in
                var s = CorpusScript()
                for index in 0..<count {
                    if index > 0 { s.sleep(80) }
                    s.tap(0, p, hold: 40)
                }
                return ToolkitCorpusCase(name: name("series", count, Int(p.x)),
                                         summary: "\(count) quick taps 80 ms apart: details 1, 2, 1, 2 … (a double tap ends the series)",
                                         script: s.text)
            }
        }
    }

    static var afterLongTap: [ToolkitCorpusCase] {
        [60.0, 150].flatMap { gap in
            [1, 2].map { taps in
                var s = CorpusScript()
                s.tap(0, places[2], hold: 800)
                for _ in 0..<taps { s.sleep(gap); s.tap(0, places[2], hold: 40) }
                return ToolkitCorpusCase(name: name("long-tap-then-taps", taps, "gap", gap),
                                         summary: "a long tap, then \(taps) quick tap\(taps > 1 ? "s" : "") \(Int(gap)) ms apart: a new block",
                                         script: s.text)
            }
        }
    }

    // MARK: More fingers

    static var moreFingers: [ToolkitCorpusCase] {
        let a = places[0], b = Point(x: 260, y: 180), c = Point(x: 380, y: 300)
        var out: [ToolkitCorpusCase] = []
        func add(_ name: String, _ summary: String, _ build: (inout CorpusScript) -> Void) {
            var s = CorpusScript(); build(&s)
            out.append(ToolkitCorpusCase(name: name, summary: summary, script: s.text))
        }
        add("two-finger-tap-together", "two fingers down and up together: no click (a second finger ends every tap)") {
            $0.downTogether([(0, a), (1, b)]); $0.sleep(80); $0.upTogether([0, 1])
        }
        add("two-finger-tap-first-up-first", "two fingers, the first lifted first: no click") {
            $0.down(0, a); $0.sleep(40); $0.down(1, b); $0.sleep(60); $0.up(0); $0.sleep(40); $0.up(1)
        }
        add("two-finger-tap-second-up-first", "two fingers, the second lifted first: no click") {
            $0.down(0, a); $0.sleep(40); $0.down(1, b); $0.sleep(60); $0.up(1); $0.sleep(40); $0.up(0)
        }
        add("two-finger-held", "two fingers held 900 ms: no contextmenu") {
            $0.downTogether([(0, a), (1, b)]); $0.sleep(900); $0.upTogether([0, 1])
        }
        add("second-finger-during-hold", "a second finger 200 ms into a hold: no contextmenu, no click") {
            $0.down(0, a); $0.sleep(200); $0.down(1, b); $0.sleep(700); $0.up(1); $0.up(0)
        }
        add("second-finger-after-long-tap", "a second finger after the contextmenu: nothing more") {
            $0.down(0, a); $0.sleep(700); $0.down(1, b); $0.sleep(100); $0.up(1); $0.up(0)
        }
        add("second-finger-after-first-tap", "a tap, then two fingers within the max tap time: click 1 only") {
            $0.tap(0, a, hold: 40); $0.sleep(60); $0.downTogether([(0, a), (1, b)]); $0.sleep(60); $0.upTogether([0, 1])
        }
        add("second-finger-on-second-tap", "a second finger joins a double tap's second touch: click 1 only") {
            $0.tap(0, a, hold: 40); $0.sleep(60); $0.down(0, a); $0.sleep(30); $0.down(1, b); $0.sleep(60); $0.up(1); $0.up(0)
        }
        add("one-finger-stays-then-taps", "two fingers, one lifts, the other lifts later: no click") {
            $0.downTogether([(0, a), (1, b)]); $0.sleep(60); $0.up(1); $0.sleep(300); $0.up(0)
        }
        add("two-fingers-then-tap", "two fingers, then a quick tap 100 ms later: click 1") {
            $0.downTogether([(0, a), (1, b)]); $0.sleep(60); $0.upTogether([0, 1]); $0.sleep(100); $0.tap(0, a, hold: 40)
        }
        add("two-fingers-then-long-tap", "two fingers, then a held finger: contextmenu") {
            $0.downTogether([(0, a), (1, b)]); $0.sleep(60); $0.upTogether([0, 1]); $0.sleep(100); $0.tap(0, a, hold: 800)
        }
        add("three-fingers", "three fingers down and up: no click") {
            $0.downTogether([(0, a), (1, b), (2, c)]); $0.sleep(80); $0.upTogether([0, 1, 2])
        }
        add("three-fingers-staggered", "three fingers one after another: no click") {
            $0.down(0, a); $0.sleep(40); $0.down(1, b); $0.sleep(40); $0.down(2, c); $0.sleep(60)
            $0.up(2); $0.sleep(30); $0.up(1); $0.sleep(30); $0.up(0)
        }
        add("two-fingers-spread", "two fingers spreading 60 px: no click") {
            $0.downTogether([(0, a), (1, b)]); $0.sleep(30)
            $0.move(1, from: b, by: (60, 30), steps: 3, every: 20); $0.sleep(30); $0.upTogether([0, 1])
        }
        return out
    }

    // MARK: Cancels

    static var cancels: [ToolkitCorpusCase] {
        let a = places[1]
        var out: [ToolkitCorpusCase] = []
        for hold in [60.0, slowHold] {
            var s = CorpusScript(); s.down(0, a); s.sleep(hold); s.cancel()
            out.append(ToolkitCorpusCase(name: name("cancel-after", hold),
                                         summary: "wl_touch.cancel \(Int(hold)) ms after the down: pointercancel, no click",
                                         script: s.text))
        }
        // wl_touch.cancel has no time: a motion within the tolerance tells the stream the long tap ran out.
        var afterLong = CorpusScript()
        afterLong.down(0, a); afterLong.sleep(800); afterLong.move(0, from: a, by: (1, 0), steps: 1, every: 0)
        afterLong.sleep(50); afterLong.cancel()
        out.append(ToolkitCorpusCase(name: "cancel-after-long-tap", summary: "a long tap, then wl_touch.cancel: contextmenu, pointercancel",
                                     script: afterLong.text))
        var two = CorpusScript()
        two.downTogether([(0, a), (1, Point(x: 330, y: 180))]); two.sleep(150); two.cancel()
        out.append(ToolkitCorpusCase(name: "cancel-two-fingers", summary: "two fingers cancelled: one pointercancel for the primary",
                                     script: two.text))
        var second = CorpusScript()
        second.tap(0, a, hold: 40); second.sleep(60); second.down(0, a); second.sleep(60); second.cancel()
        out.append(ToolkitCorpusCase(name: "cancel-second-tap", summary: "a double tap's second touch cancelled: click 1, pointercancel",
                                     script: second.text))
        var thenTap = CorpusScript()
        thenTap.down(0, a); thenTap.sleep(100); thenTap.cancel(); thenTap.sleep(150); thenTap.tap(0, a, hold: 40)
        out.append(ToolkitCorpusCase(name: "cancel-then-tap", summary: "a cancel, then a quick tap: pointercancel, click 1",
                                     script: thenTap.text))
        return out
    }
}
