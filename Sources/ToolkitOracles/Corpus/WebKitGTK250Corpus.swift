import TouchKit

// MARK: - The boundary corpus of webkitgtk-2.50, generated from its settings

extension WebKitGTK250Model: ToolkitCorpusProviding {
    /// The click series' time and distance, the drag threshold, the long-press time before and after a move,
    /// second fingers and cancels, each well inside and well outside.
    public var corpus: [ToolkitCorpusCase] { WebKitGTK250Corpus(settings: settings).cases }
}

/// Cases that put each value of ``WebKitGTK250Settings`` well inside and well outside, in page coordinates.
///
/// Margins hold on a loaded 2-core machine: a timer T is probed at most T − 120 ms and at least T + 120 ms (both
/// run on the wall clock); a distance D at whole pixels on both sides (distances are exact). Groups are interleaved
/// so that `--limit N` takes some of every group. Every case lasts under 2 s and stays inside 600×400.
struct WebKitGTK250Corpus {
    let settings: WebKitGTK250Settings

    private typealias Build = (inout WebKitScript, Point) -> Void
    private struct Entry {
        var name: String
        var summary: String
        var build: Build
    }

    var cases: [ToolkitCorpusCase] {
        let groups = [seriesTime, seriesDistance, dragThreshold, longPress, seriesLength, secondFingers, cancels,
                      afterHold, clickPlace, scrollInSeries]
        var interleaved: [Entry] = []
        for row in 0..<(groups.map(\.count).max() ?? 0) {
            for group in groups where row < group.count { interleaved.append(group[row]) }
        }
        return interleaved.enumerated().map { index, entry in
            var script = WebKitScript()
            entry.build(&script, Self.anchor(index))
            return ToolkitCorpusCase(name: entry.name, summary: entry.summary, script: script.text)
        }
    }

    /// A different place for each case, in [60, 440) × [60, 300): nothing depends on where a case is.
    static func anchor(_ index: Int) -> Point {
        Point(x: Double(60 + (index * 53) % 380), y: Double(60 + (index * 31) % 240))
    }

    private var clickTime: Double { settings.click.doubleClickTime.value }
    private var clickDistance: Double { settings.click.doubleClickDistance.value }
    private var drag: Double { settings.dragThreshold.value }
    private var hold: Double { settings.longPressTime.value }
    private var holdsInside: [Double] { [40, 100, 150, 250, 300, hold - 120] }
    private var holdsOutside: [Double] { [hold + 150, hold + 300, hold + 400, hold + 600] }
    /// An offset of `d` px along each axis, both ways, and both diagonals (per axis `d`).
    private func directions(_ d: Double) -> [(String, Double, Double)] {
        [("x", d, 0), ("y", 0, d), ("minus-x", -d, 0), ("minus-y", 0, -d), ("diagonal", d, d), ("anti-diagonal", -d, d)]
    }

    // MARK: The click series: press to press

    /// Two taps with the second press `gap` ms after the first; the holds make up-to-up and up-to-down differ.
    private var seriesTime: [Entry] {
        var out: [Entry] = []
        let insideGaps = [120.0, 200, clickTime - 120], outsideGaps = [clickTime + 120, clickTime + 300]
        for (first, second) in [(40.0, 40.0), (40.0, 300.0), (80.0, 40.0), (150.0, 150.0)] {
            for gap in insideGaps + outsideGaps where gap > first + 30 {
                let inside = gap < clickTime
                out.append(Entry(name: "series-press-gap-\(Int(gap))-holds-\(Int(first))-\(Int(second))",
                                 summary: "second press \(Int(gap)) ms after the first: click \(inside ? "1, 2 and dblclick" : "1, 1")") { s, p in
                    s.tap(0, p, hold: first)
                    s.sleep(gap - first)
                    s.tap(0, p, hold: second)
                })
            }
        }
        // Up to down well inside, press to press well outside: counted from the presses.
        out.append(Entry(name: "series-long-first-hold", summary: "first hold 380 ms, 150 ms to the next press: click 1, 1") { s, p in
            s.tap(0, p, hold: hold - 120)
            s.sleep(150)
            s.tap(0, p, hold: 40)
        })
        return out
    }

    // MARK: The click series: distance per axis from the first press

    private var seriesDistance: [Entry] {
        var out: [Entry] = []
        let inside = [clickDistance - 3, clickDistance - 1], outside = [clickDistance, clickDistance + 1, clickDistance + 6]
        for d in inside + outside {
            for (axis, dx, dy) in directions(d) {
                let counts = d < clickDistance ? "1, 2" : "1, 1"
                out.append(Entry(name: "series-distance-\(axis)-\(Int(d))", summary: "second tap \(Int(d)) px off on \(axis): click \(counts)") { s, p in
                    s.tap(0, p, hold: 40)
                    s.sleep(120)
                    s.tap(0, Point(x: p.x + dx, y: p.y + dy), hold: 40)
                })
            }
        }
        // The third press measures from the series' first press, not from the second.
        out.append(Entry(name: "series-distance-from-first-press", summary: "presses at 0, +3, +6 px: click 1, 2, 1") { s, p in
            s.tap(0, p, hold: 40); s.sleep(100)
            s.tap(0, Point(x: p.x + 3, y: p.y), hold: 40); s.sleep(100)
            s.tap(0, Point(x: p.x + 6, y: p.y), hold: 40)
        })
        // A press of the series that moves the double-click distance ends the series for the next one.
        out.append(Entry(name: "series-press-moves-ends-series", summary: "second tap moves 6 px: click 1, 2, then 1") { s, p in
            s.tap(0, p, hold: 40); s.sleep(100)
            s.down(0, p); s.sleep(30); s.motion(0, Point(x: p.x + 6, y: p.y)); s.sleep(30); s.up(0); s.sleep(80)
            s.tap(0, p, hold: 40)
        })
        return out
    }

    // MARK: The drag threshold: a scroll clicks nothing

    private var dragThreshold: [Entry] {
        var out: [Entry] = []
        let inside = [drag - 3, drag - 1, drag], outside = [drag + 1, drag + 4, drag + 20]
        for d in inside + outside {
            for (axis, dx, dy) in directions(d) {
                let clicks = d <= drag
                out.append(Entry(name: "drag-\(axis)-\(Int(d))", summary: "moves \(Int(d)) px on \(axis) and lifts there: \(clicks ? "click where it lifts" : "a scroll, no click")") { s, p in
                    s.down(0, p); s.sleep(40)
                    s.motion(0, Point(x: p.x + dx / 2, y: p.y + dy / 2)); s.sleep(30)
                    s.motion(0, Point(x: p.x + dx, y: p.y + dy)); s.sleep(30)
                    s.up(0)
                })
            }
        }
        out.append(Entry(name: "drag-out-and-back", summary: "moves 12 px and back before lifting: no click") { s, p in
            s.down(0, p); s.sleep(40)
            s.motion(0, Point(x: p.x + drag + 4, y: p.y)); s.sleep(40)
            s.motion(0, p); s.sleep(40)
            s.up(0)
        })
        return out
    }

    // MARK: The long-press time

    private var longPress: [Entry] {
        var out: [Entry] = []
        for h in holdsInside {
            out.append(Entry(name: "hold-\(Int(h))", summary: "held \(Int(h)) ms: click at the up") { s, p in s.tap(0, p, hold: h) })
        }
        for h in holdsOutside {
            out.append(Entry(name: "long-hold-\(Int(h))", summary: "held \(Int(h)) ms: contextmenu at the up") { s, p in s.tap(0, p, hold: h) })
            out.append(Entry(name: "long-hold-\(Int(h))-small-move", summary: "held \(Int(h)) ms, moved 5 px after the long-press time: contextmenu") { s, p in
                s.down(0, p); s.sleep(h - 50); s.motion(0, Point(x: p.x + drag - 3, y: p.y)); s.sleep(50); s.up(0)
            })
        }
        out.append(Entry(name: "hold-inside-small-move", summary: "moves 5 px, held 380 ms: click where it lifts") { s, p in
            s.down(0, p); s.sleep(100); s.motion(0, Point(x: p.x, y: p.y + drag - 3)); s.sleep(hold - 220); s.up(0)
        })
        out.append(Entry(name: "scroll-then-hold", summary: "moves 20 px at 150 ms, held 900 ms: a scroll, nothing") { s, p in
            s.down(0, p); s.sleep(150); s.motion(0, Point(x: p.x + 20, y: p.y)); s.sleep(750); s.up(0)
        })
        return out
    }

    // MARK: Moving after the long-press time

    private var afterHold: [Entry] {
        var out: [Entry] = []
        for d in [drag + 4, drag + 12, drag + 22] {
            for h in [hold + 150, hold + 400] {
                out.append(Entry(name: "move-\(Int(d))-after-hold-\(Int(h))", summary: "held \(Int(h)) ms, then moves \(Int(d)) px: click where it lifts") { s, p in
                    s.down(0, p); s.sleep(h); s.motion(0, Point(x: p.x + d, y: p.y)); s.sleep(50); s.up(0)
                })
            }
        }
        out.append(Entry(name: "move-after-hold-and-back", summary: "held 650 ms, moves 20 px and back: click") { s, p in
            s.down(0, p); s.sleep(hold + 150); s.motion(0, Point(x: p.x + 20, y: p.y)); s.sleep(40); s.motion(0, p); s.sleep(40); s.up(0)
        })
        return out
    }

    // MARK: Where the click lands: where the finger lifted

    private var clickPlace: [Entry] {
        var out: [Entry] = []
        for (axis, dx, dy) in directions(drag - 2) {
            out.append(Entry(name: "click-place-\(axis)", summary: "moves 6 px on \(axis) and lifts: click there") { s, p in
                s.down(0, p); s.sleep(40); s.motion(0, Point(x: p.x + dx, y: p.y + dy)); s.sleep(40); s.up(0)
            })
        }
        out.append(Entry(name: "series-after-small-move", summary: "a tap, a tap moving 3 px, a tap, 150 ms apart: click 1, 2, 3") { s, p in
            s.tap(0, p, hold: 40); s.sleep(110)
            s.down(0, p); s.sleep(30); s.motion(0, Point(x: p.x + 3, y: p.y)); s.sleep(30); s.up(0); s.sleep(80)
            s.tap(0, p, hold: 40)
        })
        return out
    }

    // MARK: A scroll inside a click series

    /// A scroll's press counts in the series, but its motions never reach the click counter, so they do not end it.
    private var scrollInSeries: [Entry] {
        var out: [Entry] = []
        for (axis, dx, dy) in directions(drag + 12) {
            out.append(Entry(name: "series-after-scroll-\(axis)", summary: "a tap, a 20 px scroll on \(axis), a tap, 150 ms apart: click 1, then 3") { s, p in
                s.tap(0, p, hold: 40); s.sleep(110)
                s.down(0, p); s.sleep(30); s.motion(0, Point(x: p.x + dx, y: p.y + dy)); s.sleep(30); s.up(0); s.sleep(80)
                s.tap(0, p, hold: 40)
            })
        }
        out.append(Entry(name: "series-after-small-then-scroll", summary: "the second press moves 6 px, then 20 px: click 1, then 1") { s, p in
            s.tap(0, p, hold: 40); s.sleep(110)
            s.down(0, p); s.sleep(20); s.motion(0, Point(x: p.x + clickDistance + 1, y: p.y)); s.sleep(20)
            s.motion(0, Point(x: p.x + drag + 12, y: p.y)); s.sleep(20); s.up(0); s.sleep(70)
            s.tap(0, p, hold: 40)
        })
        out.append(Entry(name: "scroll-first-in-series", summary: "a 20 px scroll, then two taps, 150 ms apart: click 2, 3") { s, p in
            s.down(0, p); s.sleep(30); s.motion(0, Point(x: p.x, y: p.y + drag + 12)); s.sleep(30); s.up(0); s.sleep(80)
            s.tap(0, p, hold: 40); s.sleep(110)
            s.tap(0, p, hold: 40)
        })
        for at in [100.0, hold - 120] {
            out.append(Entry(name: "scroll-at-\(Int(at))", summary: "moves 20 px \(Int(at)) ms after its down: a scroll, no click") { s, p in
                s.down(0, p); s.sleep(at); s.motion(0, Point(x: p.x + 20, y: p.y)); s.sleep(60); s.up(0)
            })
        }
        return out
    }

    // MARK: Long series

    private var seriesLength: [Entry] {
        [2, 3, 4, 5, 6].map { taps in
            Entry(name: "series-of-\(taps)", summary: "\(taps) taps 150 ms press to press: click 1 to \(taps), dblclick after 2") { s, p in
                for index in 0..<taps {
                    if index > 0 { s.sleep(110) }
                    s.tap(0, p, hold: 40)
                }
            }
        } + [Entry(name: "series-of-3-then-late", summary: "3 taps, then one 700 ms later: click 1, 2, 3, 1") { s, p in
            for index in 0..<3 {
                if index > 0 { s.sleep(110) }
                s.tap(0, p, hold: 40)
            }
            s.sleep(clickTime + 300)
            s.tap(0, p, hold: 40)
        }]
    }

    // MARK: Second fingers: the page takes them

    private var secondFingers: [Entry] {
        var out: [Entry] = []
        for (order, firstUp) in [("second-lifts-first", Int32(1)), ("first-lifts-first", Int32(0))] {
            for spread in [30.0, 150] {
                out.append(Entry(name: "two-finger-tap-\(order)-\(Int(spread))", summary: "two fingers \(Int(spread)) px apart tap: nothing") { s, p in
                    s.down(0, p); s.sleep(30); s.down(1, Point(x: p.x + spread, y: p.y)); s.sleep(60)
                    s.up(firstUp); s.sleep(30); s.up(firstUp == 0 ? 1 : 0)
                })
            }
        }
        out.append(Entry(name: "two-fingers-together", summary: "two fingers down and up in one frame each: nothing") { s, p in
            s.downTogether([(0, p), (1, Point(x: p.x + 80, y: p.y + 20))]); s.sleep(60); s.upTogether([0, 1])
        })
        out.append(Entry(name: "pinch-out", summary: "two fingers spread 60 px: no zoom reaches the page, nothing") { s, p in
            s.downTogether([(0, p), (1, Point(x: p.x + 100, y: p.y))]); s.sleep(40)
            s.motionTogether([(0, Point(x: p.x - 15, y: p.y)), (1, Point(x: p.x + 115, y: p.y))]); s.sleep(40)
            s.motionTogether([(0, Point(x: p.x - 30, y: p.y)), (1, Point(x: p.x + 130, y: p.y))]); s.sleep(40)
            s.upTogether([0, 1])
        })
        out.append(Entry(name: "three-fingers", summary: "three fingers tap: nothing") { s, p in
            s.down(0, p); s.sleep(30); s.down(1, Point(x: p.x + 60, y: p.y)); s.sleep(30); s.down(2, Point(x: p.x + 120, y: p.y))
            s.sleep(50); s.upTogether([0, 1, 2])
        })
        out.append(Entry(name: "second-finger-after-move", summary: "moves 20 px, then a second finger: nothing") { s, p in
            s.down(0, p); s.sleep(40); s.motion(0, Point(x: p.x + 20, y: p.y)); s.sleep(40)
            s.down(1, Point(x: p.x + 100, y: p.y)); s.sleep(50); s.upTogether([0, 1])
        })
        out.append(Entry(name: "second-finger-late-hold", summary: "a second finger after 600 ms of holding: nothing") { s, p in
            s.down(0, p); s.sleep(hold + 100); s.down(1, Point(x: p.x + 60, y: p.y)); s.sleep(50); s.up(1); s.sleep(30); s.up(0)
        })
        out.append(Entry(name: "tap-then-two-fingers", summary: "a tap, then two fingers: click 1, nothing") { s, p in
            s.tap(0, p, hold: 40); s.sleep(clickTime + 200)
            s.down(0, p); s.sleep(30); s.down(1, Point(x: p.x + 60, y: p.y)); s.sleep(50); s.up(1); s.sleep(30); s.up(0)
        })
        out.append(Entry(name: "two-fingers-then-tap", summary: "two fingers, then a tap 700 ms later: click 1") { s, p in
            s.down(0, p); s.sleep(30); s.down(1, Point(x: p.x + 60, y: p.y)); s.sleep(50); s.up(1); s.sleep(30); s.up(0)
            s.sleep(clickTime + 300)
            s.tap(0, p, hold: 40)
        })
        return out
    }

    // MARK: wl_touch.cancel

    private var cancels: [Entry] {
        [
            Entry(name: "cancel-hold", summary: "cancel after 100 ms: nothing; a tap 700 ms later clicks 1") { s, p in
                s.down(0, p); s.sleep(100); s.cancel(); s.sleep(clickTime + 300); s.tap(0, p, hold: 40)
            },
            Entry(name: "cancel-in-series", summary: "a tap, a cancelled press, a tap, all within the series time: click 1, then 1") { s, p in
                s.tap(0, p, hold: 40); s.sleep(80); s.down(0, p); s.sleep(40); s.cancel(); s.sleep(80); s.tap(0, p, hold: 40)
            },
            Entry(name: "cancel-after-long-press-time", summary: "cancel after 700 ms: nothing") { s, p in
                s.down(0, p); s.sleep(hold + 200); s.cancel()
            },
            Entry(name: "cancel-two-fingers", summary: "two fingers cancelled: nothing; a tap 700 ms later clicks 1") { s, p in
                s.down(0, p); s.sleep(30); s.down(1, Point(x: p.x + 60, y: p.y)); s.sleep(50); s.cancel()
                s.sleep(clickTime + 300); s.tap(0, p, hold: 40)
            },
            Entry(name: "cancel-while-scrolling", summary: "moves 30 px, cancelled: nothing") { s, p in
                s.down(0, p); s.sleep(40); s.motion(0, Point(x: p.x + 30, y: p.y)); s.sleep(40); s.cancel()
            },
        ]
    }
}

// MARK: - Writing compact scripts

/// A compact touch script under construction (`down 0 100 100; frame; sleep 60; up 0; frame`).
struct WebKitScript {
    private var statements: [String] = []

    var text: String { statements.joined(separator: "; ") }

    mutating func down(_ id: Int32, _ p: Point) { statements += ["down \(id) \(Self.number(p.x)) \(Self.number(p.y))", "frame"] }
    mutating func motion(_ id: Int32, _ p: Point) { statements += ["motion \(id) \(Self.number(p.x)) \(Self.number(p.y))", "frame"] }
    mutating func up(_ id: Int32) { statements += ["up \(id)", "frame"] }
    mutating func cancel() { statements.append("cancel") }
    mutating func sleep(_ milliseconds: Double) { if milliseconds > 0 { statements.append("sleep \(Int(milliseconds))") } }

    mutating func downTogether(_ fingers: [(Int32, Point)]) {
        statements += fingers.map { "down \($0.0) \(Self.number($0.1.x)) \(Self.number($0.1.y))" } + ["frame"]
    }

    mutating func motionTogether(_ fingers: [(Int32, Point)]) {
        statements += fingers.map { "motion \($0.0) \(Self.number($0.1.x)) \(Self.number($0.1.y))" } + ["frame"]
    }

    mutating func upTogether(_ ids: [Int32]) { statements += ids.map { "up \($0)" } + ["frame"] }

    /// A touch held `hold` ms in place.
    mutating func tap(_ id: Int32, _ p: Point, hold: Double) {
        down(id, p); sleep(hold); up(id)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
