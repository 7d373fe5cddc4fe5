import TouchKit

// MARK: - The boundary corpus of the sdl2-2.26 model, generated from its own settings

extension SDL226Model: ToolkitCorpusProviding {
    /// The double-click time and radius well inside and outside (and the radius to the pixel), the first finger's
    /// mouse emulation with second and third fingers, lift orders, multigesture steps of two and three fingers,
    /// float truncation and the window's top and left edges, and cancel.
    public var corpus: [ToolkitCorpusCase] { SDL226Corpus(settings: settings).cases }
}

/// One compact script built step by step (window-relative px, multiples of 1/4; real-time sleeps).
struct SDL2CorpusScript {
    private(set) var steps: [String] = []

    mutating func down(_ id: Int, _ x: Double, _ y: Double) { steps.append("down \(id) \(Self.number(x)) \(Self.number(y)); frame") }
    mutating func move(_ id: Int, _ x: Double, _ y: Double) { steps.append("motion \(id) \(Self.number(x)) \(Self.number(y)); frame") }
    mutating func up(_ id: Int) { steps.append("up \(id); frame") }
    mutating func cancel() { steps.append("cancel") }
    /// Several events in one frame: `(id, x, y)` downs or motions, in this order.
    mutating func together(_ verb: String, _ events: [(Int, Double, Double)]) {
        steps.append(events.map { "\(verb) \($0.0) \(Self.number($0.1)) \(Self.number($0.2))" }.joined(separator: "; ") + "; frame")
    }
    mutating func upTogether(_ ids: [Int]) { steps.append(ids.map { "up \($0)" }.joined(separator: "; ") + "; frame") }
    mutating func sleep(_ ms: Int) { if ms > 0 { steps.append("sleep \(ms)") } }

    /// A touch held `hold` ms in place.
    mutating func tap(_ x: Double, _ y: Double, hold: Int = 50, id: Int = 0) {
        down(id, x, y)
        sleep(hold)
        up(id)
    }

    var text: String { steps.joined(separator: "; ") }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// The cases, grouped by what they probe and then interleaved, so that `--limit N` takes some of every group.
/// Every case starts at its own anchor point: SDL keeps its touch mouse's position from one case to the next
/// and drops a motion to where it already is, so no case may start where another ends (a model test checks it).
struct SDL226Corpus {
    let settings: SDL226Settings

    private typealias Entry = AnchoredCorpusEntry

    var cases: [ToolkitCorpusCase] {
        AnchoredCorpusEntry.cases([clickTime, clickRadius, edges, drags, mouseFingers, multiGesture, liftOrder, cancels], anchor: Self.anchor)
    }

    /// A distinct x for each of the first 300 cases, in [40, 340); y in [80, 240).
    static func anchor(_ index: Int) -> (x: Double, y: Double) {
        (Double(40 + (index * 37) % 300), Double(80 + (index * 29) % 160))
    }

    private var time: Int { Int(settings.doubleClickTime.value) }
    private var radius: Double { settings.doubleClickRadius.value }

    // MARK: Double-click time (press to press, on SDL_GetTicks: ±120 ms margins)

    private var clickTime: [Entry] {
        var out: [Entry] = []
        let inside = [150, 260, time - 120], outside = [time + 120, time + 260]
        for interval in inside + outside {
            for hold in [20, 40, 100, 140] where hold < interval - 20 {
                let side = interval < time ? "inside" : "outside"
                out.append(Entry(name: "double-click-\(interval)-hold-\(hold)",
                                 summary: "two taps \(interval) ms press to press (\(side) \(time) ms), held \(hold) ms: clicks 1, "
                                     + (interval < time ? "2" : "1")) { s, x, y in
                    s.tap(x, y, hold: hold); s.sleep(interval - hold); s.tap(x, y, hold: hold)
                })
            }
        }
        for taps in 3...5 {
            out.append(Entry(name: "series-of-\(taps)", summary: "\(taps) taps 200 ms apart: clicks count 1 to \(taps)") { s, x, y in
                for i in 0..<taps { if i > 0 { s.sleep(150) }; s.tap(x, y) }
            })
        }
        out.append(Entry(name: "series-broken-by-a-late-tap", summary: "taps 200, \(time + 150), 200 ms apart: clicks 1, 2, 1, 2") { s, x, y in
            s.tap(x, y); s.sleep(150); s.tap(x, y); s.sleep(time + 100); s.tap(x, y); s.sleep(150); s.tap(x, y)
        })
        out.append(Entry(name: "long-hold-then-quick-tap", summary: "a 300 ms hold, then a tap 80 ms after its up: press to press 380 ms, clicks 2") { s, x, y in
            s.tap(x, y, hold: 300); s.sleep(80); s.tap(x, y)
        })
        return out
    }

    // MARK: Double-click radius (per axis on the integer mouse position, from the previous press)

    private var clickRadius: [Entry] {
        var out: [Entry] = []
        let r = radius
        for d in [r - 3, r, r + 1, r + 4] {
            let inside = d <= r
            for (direction, ux, uy) in [("x", 1.0, 0.0), ("y", 0, 1), ("minus-x", -1, 0), ("minus-y", 0, -1),
                                        ("diagonal", 1, 1), ("anti-diagonal", -1, 1)] {
                out.append(Entry(name: "radius-\(Int(d))-\(direction)",
                                 summary: "a second tap \(Int(d)) px away per axis (\(direction)), \(inside ? "within" : "beyond") \(Int(r)) px: "
                                     + "clicks 1, \(inside ? 2 : 1)") { s, x, y in
                    s.tap(x, y); s.sleep(150); s.tap(x + ux * d, y + uy * d)
                })
            }
        }
        for (dx, dy) in [(r - 3, r + 4), (r + 4, r - 3)] {
            out.append(Entry(name: "radius-\(Int(dx))-by-\(Int(dy))", summary: "a second tap (\(Int(dx)), \(Int(dy))) px away: one axis beyond \(Int(r)) px, clicks 1, 1") { s, x, y in
                s.tap(x, y); s.sleep(150); s.tap(x + dx, y + dy)
            })
        }
        out.append(Entry(name: "radius-fraction-inside", summary: "taps at x+0.75 and x+\(Int(r))+0.5: integer positions \(Int(r)) apart, clicks 2") { s, x, y in
            s.tap(x + 0.75, y); s.sleep(150); s.tap(x + r + 0.5, y)
        })
        out.append(Entry(name: "radius-fraction-outside", summary: "taps at x+0.5 and x+\(Int(r))+1.25: integer positions \(Int(r) + 1) apart, clicks 1") { s, x, y in
            s.tap(x + 0.5, y); s.sleep(150); s.tap(x + r + 1.25, y)
        })
        out.append(Entry(name: "radius-walks-from-the-previous-press", summary: "three taps each \(Int(r) - 4) px right of the last: clicks 1, 2, 3") { s, x, y in
            for i in 0..<3 { if i > 0 { s.sleep(150) }; s.tap(x + Double(i) * (r - 4), y) }
        })
        out.append(Entry(name: "radius-from-press-not-release", summary: "a drag 60 px right, then a tap where it was pressed: clicks 1, 2") { s, x, y in
            s.down(0, x, y); for i in 1...3 { s.sleep(20); s.move(0, x + Double(i) * 20, y) }; s.sleep(20); s.up(0)
            s.sleep(120); s.tap(x, y)
        })
        out.append(Entry(name: "radius-at-release-point", summary: "a drag 60 px right, then a tap where it was released: clicks 1, 1") { s, x, y in
            s.down(0, x, y); for i in 1...3 { s.sleep(20); s.move(0, x + Double(i) * 20, y) }; s.sleep(20); s.up(0)
            s.sleep(120); s.tap(x + 60, y)
        })
        return out
    }

    // MARK: Float truncation and the window's edges

    private var edges: [Entry] {
        var out: [Entry] = []
        // (int)(float(y / 720) * 720.0f) is y − 1 for these rows of the 720 px window.
        for row in [113.0, 117, 121, 181, 189, 205, 226, 242, 250, 362, 365, 381, 394, 397] {
            out.append(Entry(name: "truncated-row-\(Int(row))", summary: "a tap at y \(Int(row)): the touch mouse lands on row \(Int(row) - 1)") { s, x, _ in
                s.tap(x, row)
            })
        }
        for row in [112.0, 114] {
            out.append(Entry(name: "exact-row-\(Int(row))", summary: "a tap at y \(Int(row)): the touch mouse lands on row \(Int(row))") { s, x, _ in
                s.tap(x, row)
            })
        }
        out.append(Entry(name: "drag-across-truncated-rows", summary: "a drag from y 111 to y 114.5 in quarter-pixel steps: the mouse skips row 113") { s, x, _ in
            s.down(0, x, 111); for i in 1...14 { s.sleep(15); s.move(0, x, 111 + Double(i) * 0.25) }; s.sleep(20); s.up(0)
        })
        out.append(Entry(name: "truncated-row-double-tap", summary: "taps at y 113 and y 145, 32 px apart, but on mouse rows 112 and 145, "
                             + "33 apart: clicks 1, 1") { s, x, _ in
            s.tap(x, 113); s.sleep(150); s.tap(x, 145)
        })
        out.append(Entry(name: "truncated-row-double-tap-inside", summary: "taps at y 113 and y 144 (mouse rows 112 and 144, 32 apart): clicks 1, 2") { s, x, _ in
            s.tap(x, 113); s.sleep(150); s.tap(x, 144)
        })
        out.append(Entry(name: "left-edge", summary: "a tap at x 0") { s, _, y in s.tap(0, y) })
        out.append(Entry(name: "top-edge", summary: "a tap at y 0") { s, x, _ in s.tap(x, 0) })
        out.append(Entry(name: "top-left-corner-quarter", summary: "a tap at 0.25, 0.25: normalized just above 0, mouse at 0, 0") { s, _, _ in
            s.tap(0.25, 0.25)
        })
        out.append(Entry(name: "drag-to-left-edge", summary: "a drag from x 12 to x 0 in 3 px steps") { s, _, y in
            s.down(0, 12, y); for i in 1...4 { s.sleep(20); s.move(0, 12 - Double(i) * 3, y) }; s.sleep(20); s.up(0)
        })
        out.append(Entry(name: "drag-to-top-edge", summary: "a drag from y 9 to y 0 in 3 px steps") { s, x, _ in
            s.down(0, x, 9); for i in 1...3 { s.sleep(20); s.move(0, x, 9 - Double(i) * 3) }; s.sleep(20); s.up(0)
        })
        out.append(Entry(name: "double-tap-at-left-edge", summary: "two taps at x 0, 200 ms apart: clicks 1, 2") { s, _, y in
            s.tap(0, y + 0.5); s.sleep(150); s.tap(0, y + 0.5)
        })
        return out
    }

    // MARK: One-finger drags

    private var drags: [Entry] {
        var out: [Entry] = []
        for (step, count) in [(1.0, 8), (0.25, 8), (10.0, 6), (0.5, 6)] {
            out.append(Entry(name: "drag-x-\(SDL2CorpusScript.number(step))", summary: "a drag of \(count) × \(SDL2CorpusScript.number(step)) px: "
                                 + "a finger motion each, a mouse motion only when the integer position changes") { s, x, y in
                s.down(0, x, y); for i in 1...count { s.sleep(20); s.move(0, x + Double(i) * step, y) }; s.sleep(20); s.up(0)
            })
        }
        out.append(Entry(name: "drag-diagonal", summary: "a drag of 6 × (7, 5) px") { s, x, y in
            s.down(0, x, y); for i in 1...6 { s.sleep(20); s.move(0, x + Double(i) * 7, y + Double(i) * 5) }; s.sleep(20); s.up(0)
        })
        out.append(Entry(name: "drag-there-and-back", summary: "a drag 30 px right and back to the start") { s, x, y in
            s.down(0, x, y); for dx in [10.0, 20, 30, 20, 10, 0] { s.sleep(20); s.move(0, x + dx, y) }; s.sleep(20); s.up(0)
        })
        out.append(Entry(name: "drag-then-double-tap", summary: "a drag, then two taps 200 ms apart at its release point: clicks 1, 1, 2") { s, x, y in
            s.down(0, x, y); for i in 1...3 { s.sleep(20); s.move(0, x + Double(i) * 30, y) }; s.sleep(20); s.up(0)
            s.sleep(150); s.tap(x + 90, y); s.sleep(150); s.tap(x + 90, y)
        })
        out.append(Entry(name: "slow-drag-up", summary: "a slow drag of 5 × 8 px upwards, 120 ms apart") { s, x, y in
            s.down(0, x, y); for i in 1...5 { s.sleep(120); s.move(0, x, y - Double(i) * 8) }; s.sleep(40); s.up(0)
        })
        return out
    }

    // MARK: Which finger drives the touch mouse

    private var mouseFingers: [Entry] {
        var out: [Entry] = []
        out.append(Entry(name: "second-finger-tap-during-hold", summary: "a second finger taps while the first is held: one mouse press, the first's") { s, x, y in
            s.down(0, x, y); s.sleep(60); s.tap(x + 120, y + 30, hold: 60, id: 1); s.sleep(60); s.up(0)
        })
        out.append(Entry(name: "first-lifts-second-moves", summary: "the first finger lifts, the second moves and lifts: no mouse events from it") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(60); s.up(0)
            for i in 1...3 { s.sleep(20); s.move(1, x + 100 + Double(i) * 10, y) }; s.sleep(20); s.up(1)
        })
        out.append(Entry(name: "second-lifts-first-moves", summary: "the second finger lifts, the first moves: mouse motion, release at its up") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(60); s.up(1)
            for i in 1...3 { s.sleep(20); s.move(0, x + Double(i) * 10, y + 5) }; s.sleep(20); s.up(0)
        })
        out.append(Entry(name: "second-finger-moves-during-hold", summary: "the second finger moves while the first is held: no mouse motion") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y)
            for i in 1...4 { s.sleep(20); s.move(1, x + 100, y + Double(i) * 10) }; s.sleep(20); s.up(1); s.sleep(30); s.up(0)
        })
        out.append(Entry(name: "down-together-0-first", summary: "fingers 0 and 1 down in one frame, 0 first: 0 drives the mouse") { s, x, y in
            s.together("down", [(0, x, y), (1, x + 80, y)]); s.sleep(40)
            for i in 1...2 { s.sleep(20); s.move(1, x + 80 + Double(i) * 10, y); s.move(0, x, y + Double(i) * 10) }
            s.sleep(20); s.upTogether([0, 1])
        })
        out.append(Entry(name: "down-together-1-first", summary: "fingers 1 and 0 down in one frame, 1 first: 1 drives the mouse") { s, x, y in
            s.together("down", [(1, x, y), (0, x + 80, y)]); s.sleep(40)
            for i in 1...2 { s.sleep(20); s.move(1, x + Double(i) * 10, y); s.move(0, x + 80, y + Double(i) * 10) }
            s.sleep(20); s.upTogether([1, 0])
        })
        for (label, gap, dx) in [("near-soon", 60, 20.0), ("far", 60, 90), ("late", time + 140, 20)] {
            out.append(Entry(name: "third-finger-takes-the-mouse-\(label)",
                             summary: "the first lifts while the second is held; a third finger down \(dx) px from the first press takes the "
                                 + "mouse (its click counts with the first's only when near and soon)") { s, x, y in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 150, y + 40); s.sleep(40); s.up(0); s.sleep(gap)
                s.down(2, x + dx, y); s.sleep(40); s.move(2, x + dx + 8, y); s.sleep(30); s.up(2); s.sleep(30); s.up(1)
            })
        }
        out.append(Entry(name: "id-reused-while-another-held", summary: "finger 0 lifts while 1 is held; a new finger 0 takes the mouse") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 120, y); s.sleep(40); s.up(0); s.sleep(80)
            s.down(0, x + 10, y + 10); s.sleep(40); s.up(0); s.sleep(30); s.up(1)
        })
        for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2], [1, 2, 0]] {
            out.append(Entry(name: "three-fingers-lift-\(order.map(String.init).joined())",
                             summary: "three fingers down one by one, lifted in order \(order): the mouse follows finger 0 only") { s, x, y in
                s.down(0, x, y); s.sleep(30); s.down(1, x + 60, y + 40); s.sleep(30); s.down(2, x + 120, y)
                for id in order { s.sleep(40); s.move(id, id == 0 ? x + 4 : x + 60 * Double(id) + 4, id == 1 ? y + 44 : y + 4); s.sleep(20); s.up(id) }
            })
        }
        out.append(Entry(name: "finger-1-drives", summary: "finger 1 lands first and drives the mouse; finger 0 after it does not") { s, x, y in
            s.down(1, x, y); s.sleep(30); s.down(0, x + 90, y + 20)
            for i in 1...2 { s.sleep(20); s.move(1, x + Double(i) * 7, y); s.sleep(10); s.move(0, x + 90 + Double(i) * 7, y + 20) }
            s.sleep(20); s.up(0); s.sleep(20); s.up(1)
        })
        out.append(Entry(name: "first-finger-lands-again-near", summary: "finger 0 lifts and lands again 12 px away while finger 1 is held: clicks 1, 2") { s, x, y in
            s.down(0, x, y); s.sleep(30); s.down(1, x + 140, y + 30); s.sleep(40); s.up(0); s.sleep(100)
            s.down(0, x + 12, y + 5); s.sleep(40); s.up(0); s.sleep(30); s.up(1)
        })
        out.append(Entry(name: "second-finger-lifted-then-first-taps-again", summary: "a two-finger touch, then finger 0 taps again 150 ms later: clicks 1, 2") { s, x, y in
            s.down(0, x, y); s.sleep(30); s.down(1, x + 80, y); s.sleep(40); s.up(1); s.sleep(20); s.up(0); s.sleep(150); s.tap(x + 3, y + 3)
        })
        out.append(Entry(name: "two-finger-taps-in-series", summary: "two two-finger taps 250 ms apart: the first fingers' presses count 1, 2") { s, x, y in
            for i in 0..<2 {
                if i > 0 { s.sleep(150) }
                s.down(0, x, y); s.sleep(20); s.down(1, x + 70, y); s.sleep(40); s.up(1); s.sleep(20); s.up(0)
            }
        })
        return out
    }

    // MARK: SDL_MULTIGESTURE with two and three fingers

    private var multiGesture: [Entry] {
        var out: [Entry] = []
        typealias Motion = (Int, Double, Double, Double) -> (Double, Double)
        // Each finger's offset from its start at step i of n, given its start relative to the centre.
        let motions: [(String, String, (Double, Double, Double) -> (Double, Double))] = [
            ("spread", "fingers moving apart", { rx, ry, t in (rx * 0.4 * t, ry * 0.4 * t) }),
            ("pinch", "fingers moving together", { rx, ry, t in (-rx * 0.35 * t, -ry * 0.35 * t) }),
            ("rotate", "fingers turning about their centre", { rx, ry, t in (-ry * 0.3 * t, rx * 0.3 * t) }),
            ("pan", "fingers moving the same way", { _, _, t in (25 * t, 10 * t) }),
        ]
        for fingers in [2, 3] {
            for size in [40.0, 60, 90] {
                for (name, summary, offset) in motions {
                    out.append(Entry(name: "multi-\(fingers)-\(name)-\(Int(size))",
                                     summary: "\(fingers) fingers \(Int(size)) px from their centre, \(summary): a multigesture step per motion") { s, x, y in
                        let starts = Self.ring(fingers, size, x + size, y)
                        for (id, p) in starts.enumerated() { if id > 0 { s.sleep(30) }; s.down(id, p.x, p.y) }
                        let steps = 4
                        for step in 1...steps {
                            for (id, p) in starts.enumerated() {
                                s.sleep(15)
                                let (dx, dy) = offset(p.x - (x + size), p.y - y, Double(step) / Double(steps))
                                s.move(id, (p.x + dx).rounded(), (p.y + dy).rounded())
                            }
                        }
                        for id in starts.indices.reversed() { s.sleep(20); s.up(id) }
                    })
                }
            }
            for size in [50.0, 80] {
            out.append(Entry(name: "multi-\(fingers)-one-finger-moves-\(Int(size))", summary: "\(fingers) fingers, only the last moves (a quarter-pixel step too)") { s, x, y in
                let starts = Self.ring(fingers, size, x + size, y)
                for (id, p) in starts.enumerated() { if id > 0 { s.sleep(30) }; s.down(id, p.x, p.y) }
                let last = fingers - 1, p = starts[last]
                for d in [6.0, 12, 12.25, 20] { s.sleep(20); s.move(last, p.x + d, p.y + d / 2) }
                for id in starts.indices { s.sleep(20); s.up(id) }
            })
            out.append(Entry(name: "multi-\(fingers)-same-frame-\(Int(size))", summary: "\(fingers) fingers moving apart, all motions of a step in one frame") { s, x, y in
                let starts = Self.ring(fingers, size, x + size, y)
                s.together("down", starts.enumerated().map { ($0.offset, $0.element.x, $0.element.y) })
                for step in 1...3 {
                    s.sleep(25)
                    s.together("motion", starts.enumerated().map { id, p in
                        (id, (p.x + (p.x - x - size) * 0.1 * Double(step)).rounded(), (p.y + (p.y - y) * 0.1 * Double(step)).rounded())
                    })
                }
                s.sleep(25); s.upTogether(Array(starts.indices))
            })
            }
        }
        return out
    }

    /// `count` points `size` px from (`cx`, `cy`), the first to the left, then around.
    private static func ring(_ count: Int, _ size: Double, _ cx: Double, _ cy: Double) -> [(x: Double, y: Double)] {
        count == 2 ? [(cx - size, cy), (cx + size, cy)]
            : [(cx - size, cy), (cx + size * 0.5, cy - size * 0.75), (cx + size * 0.5, cy + size * 0.75)].map { ($0.0.rounded(), $0.1.rounded()) }
    }

    // MARK: Lift order and the centroid after a finger lifts

    private var liftOrder: [Entry] {
        var out: [Entry] = []
        for first in [0, 1] {
            out.append(Entry(name: "two-lift-\(first)-then-move", summary: "of two fingers \(first) lifts, the other moves: no multigesture after it") { s, x, y in
                s.down(0, x, y); s.sleep(30); s.down(1, x + 100, y + 20); s.sleep(30)
                s.move(1 - first, first == 0 ? x + 110 : x + 10, y + 20 - Double(first) * 20); s.sleep(30); s.up(first)
                let other = 1 - first
                for i in 1...3 { s.sleep(20); s.move(other, (other == 1 ? x + 110 : x + 10) + Double(i) * 8, y + 20 - Double(first) * 20) }
                s.sleep(20); s.up(other)
            })
        }
        for lifted in [0, 1, 2] {
            out.append(Entry(name: "three-lift-\(lifted)-then-pinch", summary: "of three fingers \(lifted) lifts, the other two pinch about the centroid SDL kept") { s, x, y in
                let p = [(x, y), (x + 120, y - 40), (x + 120, y + 60)]
                for (id, q) in p.enumerated() { if id > 0 { s.sleep(25) }; s.down(id, q.0, q.1) }
                s.sleep(30); s.up(lifted)
                let rest = [0, 1, 2].filter { $0 != lifted }
                for step in 1...3 {
                    for id in rest { s.sleep(15); s.move(id, p[id].0 + Double(step * (id == rest[0] ? -6 : 6)), p[id].1 + Double(step * 3)) }
                }
                for id in rest { s.sleep(20); s.up(id) }
            })
        }
        out.append(Entry(name: "lift-and-land-again", summary: "of two fingers one lifts and lands elsewhere, then both rotate") { s, x, y in
            s.down(0, x, y); s.sleep(30); s.down(1, x + 100, y); s.sleep(30); s.up(1); s.sleep(60); s.down(1, x + 60, y + 80)
            for step in 1...3 { s.sleep(15); s.move(0, x + Double(step * 5), y - Double(step * 8)); s.sleep(15); s.move(1, x + 60 - Double(step * 5), y + 80 + Double(step * 8)) }
            s.sleep(20); s.upTogether([0, 1])
        })
        out.append(Entry(name: "two-lift-then-land-and-spread", summary: "of two fingers 0 lifts and lands again; the pair then spreads about the new centroid") { s, x, y in
            s.down(0, x, y); s.sleep(30); s.down(1, x + 100, y + 10); s.sleep(30); s.up(0); s.sleep(60)
            s.down(0, x + 20, y + 50)
            for step in 1...3 { s.sleep(15); s.move(0, x + 20 - Double(step * 6), y + 50 + Double(step * 4)); s.sleep(15); s.move(1, x + 100 + Double(step * 6), y + 10 - Double(step * 4)) }
            s.sleep(20); s.up(1); s.sleep(20); s.up(0)
        })
        out.append(Entry(name: "up-together-then-tap", summary: "two fingers up in one frame, then a tap 150 ms later: clicks 1, 2") { s, x, y in
            s.down(0, x, y); s.sleep(30); s.down(1, x + 90, y); s.sleep(40); s.upTogether([1, 0]); s.sleep(150); s.tap(x, y)
        })
        out.append(Entry(name: "four-fingers", summary: "four fingers down, the fourth moving, lifted newest first") { s, x, y in
            let p = [(x, y), (x + 70, y - 30), (x + 140, y), (x + 70, y + 50)]
            for (id, q) in p.enumerated() { if id > 0 { s.sleep(25) }; s.down(id, q.0, q.1) }
            for step in 1...3 { s.sleep(20); s.move(3, x + 70 + Double(step * 9), y + 50 + Double(step * 4)) }
            for id in [3, 2, 1, 0] { s.sleep(20); s.up(id) }
        })
        return out
    }

    // MARK: wl_touch.cancel (SDL 2.26 ignores it: the next down of each id ends the lost touch)

    private var cancels: [Entry] {
        var out: [Entry] = []
        out.append(Entry(name: "cancel-then-same-id", summary: "a cancelled touch, then a new touch of the same id: SDL sends the lost "
                             + "finger-up first, and the mouse press ends there; the new touch moves no mouse") { s, x, y in
            s.down(0, x, y); s.sleep(80); s.cancel(); s.sleep(100); s.down(0, x + 40, y); s.sleep(20); s.move(0, x + 50, y); s.sleep(30); s.up(0)
        })
        out.append(Entry(name: "cancel-after-motion", summary: "a moving touch cancelled, then the same id taps") { s, x, y in
            s.down(0, x, y); for i in 1...2 { s.sleep(20); s.move(0, x + Double(i) * 12, y) }; s.sleep(40); s.cancel(); s.sleep(100)
            s.tap(x + 24, y + 30)
        })
        for order in [[0, 1], [1, 0]] {
            out.append(Entry(name: "cancel-two-fingers-redown-\(order.map(String.init).joined())",
                             summary: "two fingers cancelled, then ids \(order) land again and lift: each lost finger-up comes with its new down") { s, x, y in
                s.down(0, x, y); s.sleep(30); s.down(1, x + 90, y); s.sleep(60); s.cancel(); s.sleep(100)
                for id in order { s.down(id, x + 20 + Double(id) * 90, y + 20); s.sleep(30) }
                for id in order.reversed() { s.up(id); s.sleep(20) }
            })
        }
        out.append(Entry(name: "cancel-three-fingers-redown", summary: "three fingers cancelled, then all three ids land again in one frame and lift") { s, x, y in
            s.down(0, x, y); s.sleep(25); s.down(1, x + 70, y - 30); s.sleep(25); s.down(2, x + 140, y); s.sleep(50); s.cancel(); s.sleep(100)
            s.together("down", [(2, x + 10, y + 40), (0, x + 80, y + 40), (1, x + 150, y + 40)])
            s.sleep(20); s.move(1, x + 160, y + 45); s.sleep(30); s.upTogether([0, 1, 2])
        })
        out.append(Entry(name: "cancel-then-second-id-first", summary: "finger 0 cancelled; finger 1 lands and lifts (no mouse: 0 is still tracked), then 0 lands again") { s, x, y in
            s.down(0, x, y); s.sleep(60); s.cancel(); s.sleep(100)
            s.tap(x + 50, y + 10, hold: 40, id: 1); s.sleep(60); s.tap(x + 20, y + 30, hold: 40)
        })
        out.append(Entry(name: "cancel-during-pinch", summary: "a pinch cancelled, then both ids land and pinch again: the centroid is recomputed") { s, x, y in
            s.down(0, x, y); s.sleep(30); s.down(1, x + 100, y)
            for i in 1...2 { s.sleep(15); s.move(1, x + 100 - Double(i) * 10, y) }
            s.sleep(30); s.cancel(); s.sleep(100)
            s.together("down", [(0, x, y + 30), (1, x + 120, y + 30)])
            for i in 1...2 { s.sleep(15); s.move(0, x - Double(i) * 8, y + 30) }
            s.sleep(20); s.upTogether([0, 1])
        })
        out.append(Entry(name: "cancel-then-double-tap", summary: "a cancelled touch, its id down again 150 ms later (the lost up), then a tap: "
                             + "the press after the lost up counts with the first") { s, x, y in
            s.down(0, x, y); s.sleep(60); s.cancel(); s.sleep(100); s.tap(x, y); s.sleep(120); s.tap(x, y)
        })
        return out
    }
}
