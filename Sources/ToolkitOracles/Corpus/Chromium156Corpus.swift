import TouchKit

// MARK: - The boundary corpus of chromium-156, generated from its thresholds

extension Chromium156Model: ToolkitCorpusProviding {
    /// The boundary cases of ``Chromium156Thresholds``, each well inside and well outside.
    public var corpus: [ToolkitCorpusCase] { Chromium156Corpus.cases }
}

/// Cases that put each of ``Chromium156Thresholds`` well inside and well outside, in page coordinates.
///
/// Margins hold on a loaded 2-core machine: a timer threshold T is probed at most min(T − 120 ms, 0.6 T)
/// and at least max(T + 120 ms, 1.4 T); a distance threshold D at D − 3 px and D + 4 px, along one axis
/// and along a diagonal. Every case lasts at most 1.5 s and stays inside 600×400.
enum Chromium156Corpus {
    static let cases: [ToolkitCorpusCase] = {
        var all: [ToolkitCorpusCase] = []
        all += singleTaps + longPresses + tapSlop + longPressSlop
        all += seriesInterval + seriesDistance + seriesSlop + longSeries + afterLongPress
        all += twoFingerTaps + moreFingers + cancels
        return all
    }()

    // MARK: Margins

    private static let longPress = Chromium156Thresholds.longPress.value
    private static let holdInside = [40.0, 120, 250, min(longPress - 120, longPress * 0.6).rounded(.down)]
    private static let holdOutside = [max(longPress + 120, longPress * 1.4).rounded(.up), 1000, 1200]
    private static let slop = Chromium156Thresholds.tapSlop.value.rounded(.down)
    private static let seriesSlopValue = Chromium156Thresholds.seriesSlop.value.rounded(.down)
    private static let repeatDistance = Chromium156Thresholds.repeatDistance.value.rounded(.down)
    private static let interval = Chromium156Thresholds.repeatInterval.value
    private static let gapsInside = [60.0, 150, min(interval - 120, interval * 0.6).rounded(.down)]
    private static let gapsOutside = [max(interval + 120, interval * 1.4).rounded(.up), 700]
    private static let separation = Chromium156Thresholds.twoFingerTapSeparation.value
    private static let twoFingerDuration = Chromium156Thresholds.twoFingerTapDuration.value
    /// Places across the 600×400 area, so position plays no part.
    private static let places = [Point(x: 150, y: 150), Point(x: 450, y: 250), Point(x: 300, y: 120)]
    /// Near the corners of the 600×400 area, for the cases that repeat at a second place.
    private static let corners = [Point(x: 40, y: 40), Point(x: 560, y: 360)]

    /// An offset of length `inside`/`outside` along an axis or a diagonal, in one of four directions.
    private static func offsets(_ length: Double) -> [CorpusOffset] {
        let d = (length / 2.0.squareRoot()).rounded(.down)
        return [("x", length, 0), ("y", 0, length), ("minus-x", -length, 0), ("minus-y", 0, -length),
                ("diagonal", d, d), ("anti-diagonal", -d, d)]
    }

    /// A kebab-case case name; whole numbers lose their `.0`.
    private static func name(_ parts: Any...) -> String {
        parts.map { part in
            if let number = part as? Double, number == number.rounded() { return String(Int(number)) }
            return "\(part)"
        }.joined(separator: "-")
    }

    // MARK: One finger

    static var singleTaps: [ToolkitCorpusCase] {
        holdInside.flatMap { hold in
            (places + corners).map { p in
                var s = CorpusScript(); s.tap(0, p, hold: hold)
                return ToolkitCorpusCase(name: name("tap-hold", hold, Int(p.x), Int(p.y)),
                                         summary: "one finger held \(Int(hold)) ms, below the long-press time: click 1",
                                         script: s.text)
            }
        }
    }

    static var longPresses: [ToolkitCorpusCase] {
        holdOutside.flatMap { hold in
            places.map { p in
                var s = CorpusScript(); s.tap(0, p, hold: hold)
                return ToolkitCorpusCase(name: name("long-press-hold", hold, Int(p.x), Int(p.y)),
                                         summary: "one finger held \(Int(hold)) ms: contextmenu at the down, no click",
                                         script: s.text)
            }
        }
    }

    static var tapSlop: [ToolkitCorpusCase] {
        [(slop - 3, "inside"), (slop + 4, "outside")].flatMap { length, side in
            offsets(length).flatMap { o in [places[0], places[1]].map { p in
                var s = CorpusScript()
                s.down(0, p); s.sleep(40)
                s.move(0, from: p, by: (o.dx, o.dy), steps: 4, every: 20)
                s.sleep(40); s.up(0)
                return ToolkitCorpusCase(name: name("tap-slop", side, o.name, Int(p.x)),
                                         summary: "a tap moving \(Int(length)) px (\(o.name)), \(side) the 30 px touch slop",
                                         script: s.text)
            } }
        }
    }

    static var longPressSlop: [ToolkitCorpusCase] {
        let group = HeldMoveGroup(place: places[1], steps: 4, offsets: offsets,
                                  early: ("long-press-slop", 100, 900), late: ("long-press-then-move", 950))
        return group.cases(lengths: [(slop - 3, "inside"), (slop + 4, "outside")], lateLength: slop + 4,
                           summary: { "a held finger moving \(Int($0)) px (\($1)) early: contextmenu only inside the slop" },
                           lateSummary: "a finger leaving the slop after its long press fired: contextmenu stays, no click")
    }

    // MARK: Tap series

    static var seriesInterval: [ToolkitCorpusCase] {
        (gapsInside + gapsOutside).flatMap { gap in
            [40.0, 120, 200].map { hold in
                var s = CorpusScript()
                s.tap(0, places[0], hold: hold); s.sleep(gap); s.tap(0, places[0], hold: hold)
                let side = gap < interval ? "inside" : "outside"
                return ToolkitCorpusCase(name: name("series-gap", gap, "hold", hold),
                                         summary: "two taps, up to down \(Int(gap)) ms (\(side) 400 ms): detail 2 and dblclick only inside",
                                         script: s.text)
            }
        }
    }

    static var seriesDistance: [ToolkitCorpusCase] {
        [(repeatDistance - 3, "inside"), (repeatDistance + 4, "outside")].flatMap { length, side in
            offsets(length).flatMap { o in [places[2], corners[1]].map { p in
                var s = CorpusScript()
                let second = Point(x: p.x + o.dx, y: p.y + o.dy)
                s.tap(0, p, hold: 50); s.sleep(120); s.tap(0, second, hold: 50)
                return ToolkitCorpusCase(name: name("series-distance", side, o.name, Int(p.x)),
                                         summary: "two taps \(Int(length)) px apart (\(o.name)), \(side) the 20 px double-tap distance",
                                         script: s.text)
            } }
        }
    }

    static var seriesSlop: [ToolkitCorpusCase] {
        [(seriesSlopValue - 3, "inside"), (seriesSlopValue + 4, "outside")].flatMap { length, side in
            offsets(length).filter { ["x", "minus-y", "diagonal"].contains($0.name) }.map { o in
                var s = CorpusScript()
                s.down(0, places[0]); s.sleep(30)
                s.move(0, from: places[0], by: (o.dx, o.dy), steps: 3, every: 20)
                s.sleep(30); s.up(0); s.sleep(120)
                s.tap(0, places[0], hold: 50)
                return ToolkitCorpusCase(name: name("series-slop", side, o.name),
                                         summary: "a first tap moving \(Int(length)) px (\(o.name)), \(side) the 15 px series slop, then a tap",
                                         script: s.text)
            }
        }
    }

    static var longSeries: [ToolkitCorpusCase] {
        (3...6).flatMap { taps in
            [(40.0, 60.0), (40, 100), (80, 180)].map { hold, gap in
                var s = CorpusScript()
                for i in 0..<taps {
                    if i > 0 { s.sleep(gap) }
                    s.tap(0, places[1], hold: hold)
                }
                return ToolkitCorpusCase(name: name("series-of", taps, "gap", gap),
                                         summary: "\(taps) quick taps: detail counts 1, 2, 3 and starts again",
                                         script: s.text)
            }
        }
    }

    static var afterLongPress: [ToolkitCorpusCase] {
        [(150.0, 0.0, "near"), (gapsOutside[0], 0, "late"), (150, repeatDistance + 4, "far")].map { gap, dx, label in
            var s = CorpusScript()
            s.tap(0, places[0], hold: holdOutside[0]); s.sleep(gap)
            s.tap(0, Point(x: places[0].x + dx, y: places[0].y), hold: 30)
            return ToolkitCorpusCase(name: name("tap-after-long-press", label),
                                     summary: "a tap \(Int(gap)) ms after a long press: the long press counts in the series",
                                     script: s.text)
        }
    }

    // MARK: Two fingers and more

    static var twoFingerTaps: [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        let a = Point(x: 100, y: 200)
        for (gap, side) in [(60.0, "inside"), (150, "inside"), (separation - 50, "inside"),
                            (separation + 40, "outside"), (separation + 100, "outside")] {
            var s = CorpusScript()
            s.downTogether([(0, a), (1, Point(x: a.x + gap, y: a.y))]); s.sleep(100); s.up(1); s.sleep(30); s.up(0)
            out.append(ToolkitCorpusCase(name: name("two-finger-tap-apart", gap),
                                         summary: "two fingers \(Int(gap)) px apart, \(side) the 300 px two-finger tap",
                                         script: s.text))
        }
        let top = Point(x: 100, y: 30)
        for (dx, dy, side) in [(0.0, separation - 50, "inside"), (0, separation + 40, "outside"),
                               (180, 180, "inside"), (250, 250, "outside")] {
            var s = CorpusScript()
            s.downTogether([(0, top), (1, Point(x: top.x + dx, y: top.y + dy))]); s.sleep(100); s.up(0); s.sleep(30); s.up(1)
            out.append(ToolkitCorpusCase(name: name("two-finger-tap-offset", dx, dy),
                                         summary: "two fingers (\(Int(dx)), \(Int(dy))) px apart, \(side) the 300 px two-finger tap",
                                         script: s.text))
        }
        let inside = (twoFingerDuration * 0.6).rounded(.down)
        let outside = max(twoFingerDuration + 120, twoFingerDuration * 1.4).rounded(.up)
        for hold in [100.0, 300, inside, outside] {
            var s = CorpusScript()
            s.down(0, a); s.sleep(60); s.down(1, Point(x: a.x + 120, y: a.y + 40)); s.sleep(hold); s.up(0); s.sleep(30); s.up(1)
            out.append(ToolkitCorpusCase(name: name("two-finger-tap-held", hold),
                                         summary: "second finger down \(Int(hold)) ms before the first up (800 ms limit)",
                                         script: s.text))
        }
        for first in [Int32(0), 1] {
            var s = CorpusScript()
            s.down(0, a); s.sleep(80); s.down(1, Point(x: a.x + 90, y: a.y - 60)); s.sleep(120)
            s.up(first); s.sleep(40); s.up(1 - first)
            out.append(ToolkitCorpusCase(name: name("two-finger-tap-lift", first),
                                         summary: "two-finger tap, finger \(first) lifted first",
                                         script: s.text))
        }
        var together = CorpusScript()
        together.downTogether([(0, a), (1, Point(x: a.x + 80, y: a.y))]); together.sleep(120)
        together.upTogether([0, 1])
        out.append(ToolkitCorpusCase(name: "two-finger-tap-up-together",
                                     summary: "two fingers down and up in the same frames", script: together.text))
        for (length, side) in [(slop - 3, "inside"), (slop + 4, "outside")] {
            for (finger, o) in [(Int32(1), (length, 0.0)), (Int32(0), (0.0, length))] {
                var s = CorpusScript()
                let b = Point(x: a.x + 150, y: a.y)
                s.downTogether([(0, a), (1, b)]); s.sleep(40)
                s.move(finger, from: finger == 0 ? a : b, by: o, steps: 3, every: 20)
                s.sleep(40); s.up(0); s.sleep(30); s.up(1)
                out.append(ToolkitCorpusCase(name: name("two-finger-tap-slop", side, "finger", finger),
                                             summary: "finger \(finger) of a two-finger tap moving \(Int(length)) px, \(side) the slop",
                                             script: s.text))
            }
        }
        return out
    }

    static var moreFingers: [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        let a = Point(x: 200, y: 200)
        var three = CorpusScript()
        three.downTogether([(0, a), (1, Point(x: 260, y: 200)), (2, Point(x: 230, y: 250))]); three.sleep(100)
        three.up(2); three.sleep(30); three.up(1); three.sleep(30); three.up(0)
        out.append(ToolkitCorpusCase(name: "three-fingers-together", summary: "three fingers: no tap of any kind",
                                     script: three.text))
        var third = CorpusScript()
        third.down(0, a); third.sleep(50); third.down(1, Point(x: 260, y: 200)); third.sleep(50)
        third.down(2, Point(x: 230, y: 260)); third.sleep(80); third.up(2); third.sleep(30); third.up(1); third.sleep(30); third.up(0)
        out.append(ToolkitCorpusCase(name: "third-finger-added", summary: "a third finger ends the two-finger tap",
                                     script: third.text))
        for at in [100.0, 400] {
            var s = CorpusScript()
            s.down(0, a); s.sleep(at); s.down(1, Point(x: 300, y: 220)); s.sleep(80); s.up(1); s.sleep(800 - at); s.up(0)
            out.append(ToolkitCorpusCase(name: name("finger-added-during-hold", at),
                                         summary: "a second finger \(Int(at)) ms into a hold: no long press, a two-finger tap",
                                         script: s.text))
        }
        var afterPress = CorpusScript()
        afterPress.down(0, a); afterPress.sleep(900); afterPress.down(1, Point(x: 300, y: 220)); afterPress.sleep(100)
        afterPress.up(1); afterPress.sleep(50); afterPress.up(0)
        out.append(ToolkitCorpusCase(name: "finger-added-after-long-press",
                                     summary: "a second finger after the long press fired, lifted at once",
                                     script: afterPress.text))
        for hold in [300.0, 950] {
            var s = CorpusScript()
            s.downTogether([(0, a), (1, Point(x: 300, y: 200))]); s.sleep(100); s.up(1); s.sleep(hold); s.up(0)
            out.append(ToolkitCorpusCase(name: name("finger-lifted-then-held", hold),
                                         summary: "one of two fingers lifted, the other held \(Int(hold)) ms: no long press, no click",
                                         script: s.text))
        }
        for gap in [150.0, 600] {
            var s = CorpusScript()
            s.tap(0, a, hold: 50); s.sleep(100)
            s.downTogether([(0, a), (1, Point(x: 280, y: 200))]); s.sleep(80); s.upTogether([0, 1]); s.sleep(gap)
            s.tap(0, a, hold: 50)
            out.append(ToolkitCorpusCase(name: name("two-fingers-inside-series", gap),
                                         summary: "a two-finger tap between taps ends the series",
                                         script: s.text))
        }
        for hold in [120.0, 250] {
            var s = CorpusScript()
            s.down(0, a); s.sleep(40); s.down(1, Point(x: 420, y: 300)); s.sleep(hold); s.up(0); s.sleep(40); s.up(1)
            out.append(ToolkitCorpusCase(name: name("second-finger-during-tap", hold),
                                         summary: "a second finger during a tap: no click, a two-finger tap",
                                         script: s.text))
        }
        return out
    }

    // MARK: Cancel

    static var cancels: [ToolkitCorpusCase] {
        var out: [ToolkitCorpusCase] = []
        let a = Point(x: 250, y: 180)
        for hold in [100.0, 300] {
            var s = CorpusScript()
            s.down(0, a); s.sleep(hold); s.cancel()
            out.append(ToolkitCorpusCase(name: name("cancel-after", hold),
                                         summary: "wl_touch.cancel \(Int(hold)) ms after the down: pointercancel, no click",
                                         script: s.text))
        }
        // wl_touch.cancel has no time: a motion within the slop tells the stream the long press ran out.
        var afterPress = CorpusScript()
        afterPress.down(0, a); afterPress.sleep(950); afterPress.move(0, from: a, by: (1, 0), steps: 1, every: 0)
        afterPress.sleep(50); afterPress.cancel()
        out.append(ToolkitCorpusCase(name: "cancel-after-long-press",
                                     summary: "a long press, then wl_touch.cancel", script: afterPress.text))
        var two = CorpusScript()
        two.downTogether([(0, a), (1, Point(x: 330, y: 180))]); two.sleep(150); two.cancel()
        out.append(ToolkitCorpusCase(name: "cancel-two-fingers", summary: "two fingers cancelled: one pointercancel",
                                     script: two.text))
        for gap in [120.0, 250] {
            var s = CorpusScript()
            s.tap(0, a, hold: 50); s.sleep(gap); s.down(0, a); s.sleep(80); s.cancel(); s.sleep(gap); s.tap(0, a, hold: 50)
            out.append(ToolkitCorpusCase(name: name("cancel-inside-series", gap),
                                         summary: "a cancelled touch between two taps ends the series",
                                         script: s.text))
        }
        return out
    }
}
