import TouchKit

// MARK: - The boundary corpus of the qtwidgets-6.4 model, generated from its own settings

extension QtWidgets64Model: ToolkitCorpusProviding {
    /// The tap and hold radius to the whole pixel (and its rounding), the hold timer well inside and outside, the pan
    /// threshold of two fingers' mean offset, pinch sequences, three-finger swipes, the synthesised mouse's
    /// double-clicks and the moves that end them, and cancels, each closed by a tap elsewhere.
    public var corpus: [ToolkitCorpusCase] { QtWidgets64Corpus().cases }
}

/// The cases, grouped by what they probe and then interleaved, so that `--limit N` takes some of every group.
/// Every case starts at an anchor of its own: Qt keeps its cursor and double-click state from one case to the next,
/// and a press where the cursor already is would continue the previous case's series (a model test checks it).
/// The hold timer runs on the wall clock: holds stay 200 ms or more from it.
struct QtWidgets64Corpus {
    private typealias Entry = AnchoredCorpusEntry

    var cases: [ToolkitCorpusCase] {
        AnchoredCorpusEntry.cases([tapRadius, hold, pan, pinch, swipe, doubleClick, cancels], anchor: Self.anchor)
    }

    /// A distinct point for each of the first 300 cases: x in [140, 440), y in [130, 270), so moves of up to 120 px
    /// and three fingers 100 px apart stay inside 600×400.
    static func anchor(_ index: Int) -> (x: Double, y: Double) {
        (Double(140 + (index * 37) % 300), Double(130 + (index * 29) % 140))
    }

    private var radius: Double { QtWidgets64Settings.tapRadius.value }
    private var timeout: Int { Int(QtWidgets64Settings.holdTimeout.value) }
    private var panLimit: Double { QtWidgets64Settings.panThreshold.value }
    private var swipeLimit: Double { QtWidgets64Settings.swipeMoveThreshold.value }
    private var tapDistance: Double { QtWidgets64Settings.touchDoubleTapDistance.value }

    // MARK: Tap and hold radius (Manhattan length on whole px, from the press)

    private var tapRadius: [Entry] {
        var out: [Entry] = []
        let r = radius
        let moves: [(String, Double, Double)] = [
            ("x", r - 4, 0), ("x", r, 0), ("x", r + 1, 0), ("x", r + 4, 0), ("minus-x", -r, 0), ("minus-x", -(r + 1), 0),
            ("y", 0, r), ("y", 0, r + 1), ("minus-y", 0, -r), ("minus-y", 0, -(r + 1)),
            ("diagonal", r / 2, r / 2), ("diagonal", r / 2, r / 2 + 1), ("mixed", r * 5 / 8, -r * 3 / 8), ("mixed", r * 5 / 8, -(r * 3 / 8 + 1)),
            ("rounds-in", r + 0.25, 0), ("rounds-out", r + 0.5, 0), ("rounds-in-y", 0.25, r + 0.25), ("rounds-out-y", 0.5, r),
        ]
        for (direction, dx, dy) in moves {
            let inside = abs(Self.qRound(dx)) + abs(Self.qRound(dy)) <= Int(r)
            let label = "\(SDL2CorpusScript.number(dx))-\(SDL2CorpusScript.number(dy))"
            out.append(Entry(name: "tap-moved-\(direction)-\(label)",
                             summary: "a tap that moved \(label) px (\(inside ? "within" : "beyond") \(Int(r)) px Manhattan on whole px): "
                                 + (inside ? "QTapGesture finishes" : "QTapGesture cancelled")) { s, x, y in
                s.down(0, x, y); s.sleep(40); s.move(0, x + dx / 2, y + dy / 2); s.sleep(40); s.move(0, x + dx, y + dy); s.sleep(40); s.up(0)
            })
        }
        let compass: [(String, Double, Double)] = [("e", 1, 0), ("s", 0, 1), ("w", -1, 0), ("n", 0, -1),
                                                   ("se", 0.5, 0.5), ("sw", -0.5, 0.5), ("nw", -0.5, -0.5), ("ne", 0.5, -0.5)]
        for (direction, ux, uy) in compass {
            for length in [r - 1, r, r + 1, r + 2] {
                let (dx, dy) = (ux * length, uy * length)
                let inside = abs(Self.qRound(dx)) + abs(Self.qRound(dy)) <= Int(r)
                out.append(Entry(name: "tap-jump-\(direction)-\(Int(length))",
                                 summary: "a tap that jumped \(Int(length)) px Manhattan (\(direction)) in one motion: "
                                     + (inside ? "QTapGesture finishes" : "QTapGesture cancelled")) { s, x, y in
                    s.down(0, x, y); s.sleep(60); s.move(0, x + dx, y + dy); s.sleep(60); s.up(0)
                })
            }
        }
        out.append(Entry(name: "tap-out-and-back", summary: "a tap that moved \(Int(r) + 10) px and came back: cancelled, stays so") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.move(0, x + r + 10, y); s.sleep(40); s.move(0, x, y); s.sleep(40); s.up(0)
        })
        out.append(Entry(name: "two-finger-tap", summary: "a second finger on a tap cancels it") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40); s.up(1); s.sleep(40); s.up(0)
        })
        out.append(Entry(name: "two-fingers-in-one-frame", summary: "two fingers down in one frame: the tap starts on the first, "
                            + "their lift in one frame ends the touch (two points: cancelled)") { s, x, y in
            s.together("down", [(0, x, y), (1, x + 100, y)]); s.sleep(60); s.upTogether([0, 1])
        })
        return out
    }

    // MARK: Hold (the \(timeout) ms timer, restarted by the synthesised press)

    private var hold: [Entry] {
        var out: [Entry] = []
        let t = timeout
        for held in [t - 400, t - 300, t - 200, t + 200, t + 300, t + 400] {
            out.append(Entry(name: "hold-\(held)", summary: "one finger held \(held) ms: "
                                + (held > t ? "QTapAndHoldGesture at \(t) ms, then the tap" : "a tap only")) { s, x, y in
                s.down(0, x, y); s.sleep(held); s.up(0)
            })
        }
        for (dx, dy) in [(radius - 10, 0.0), (radius, 0), (radius + 1, 0), (-(radius + 1), 0), (0, -radius), (0, radius + 8), (radius / 2, -radius / 2)] {
            let inside = abs(dx) + abs(dy) <= radius
            out.append(Entry(name: "hold-moved-\(SDL2CorpusScript.number(dx))-\(SDL2CorpusScript.number(dy))",
                             summary: "a \(t + 250) ms hold that moved \(SDL2CorpusScript.number(dx)),\(SDL2CorpusScript.number(dy)) px at 200 ms: "
                                 + (inside ? "long press" : "no long press")) { s, x, y in
                s.down(0, x, y); s.sleep(200); s.move(0, x + dx, y + dy); s.sleep(t + 50); s.up(0)
            })
        }
        out.append(Entry(name: "hold-second-finger", summary: "a second finger 200 ms into a hold cancels it (a pinch begins)") { s, x, y in
            s.down(0, x, y); s.sleep(200); s.down(1, x + 100, y); s.sleep(t); s.up(1); s.sleep(40); s.up(0)
        })
        out.append(Entry(name: "hold-two-fingers-together", summary: "two fingers down in one frame, held still: nothing "
                            + "cancels the hold timer") { s, x, y in
            s.together("down", [(0, x, y), (1, x + 100, y)]); s.sleep(t + 250); s.upTogether([0, 1])
        })
        out.append(Entry(name: "hold-second-finger-after-timeout", summary: "a second finger after the long press") { s, x, y in
            s.down(0, x, y); s.sleep(t + 200); s.down(1, x + 100, y); s.sleep(60); s.up(1); s.sleep(40); s.up(0)
        })
        return out
    }

    // MARK: Pan (two fingers' mean offset beyond \(panThreshold) px on an axis, strictly)

    private var pan: [Entry] {
        var out: [Entry] = []
        let p = panLimit
        let offsets: [(String, Double, Double)] = [("x", p - 2, 0), ("x", p, 0), ("x", p + 1, 0), ("x", p + 0.25, 0),
                                                   ("minus-x", -p, 0), ("minus-x", -(p + 1), 0), ("y", 0, p), ("y", 0, p + 1),
                                                   ("minus-y", 0, -(p + 1)), ("diagonal", p, p), ("far", 3 * p, p)]
        for (direction, dx, dy) in offsets {
            let pans = abs(dx) > p || abs(dy) > p
            let label = "\(SDL2CorpusScript.number(dx))-\(SDL2CorpusScript.number(dy))"
            out.append(Entry(name: "pan-both-\(direction)-\(label)", summary: "two fingers moved together by \(label) px: "
                                + (pans ? "QPanGesture" : "no pan")) { s, x, y in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
                s.together("motion", [(0, x + dx / 2, y + dy / 2), (1, x + 100 + dx / 2, y + dy / 2)]); s.sleep(40)
                s.together("motion", [(0, x + dx, y + dy), (1, x + 100 + dx, y + dy)]); s.sleep(40)
                s.upTogether([0, 1])
            })
        }
        for moved in [2 * p, 2 * p + 2] {
            out.append(Entry(name: "pan-one-finger-\(Int(moved))", summary: "the second of two fingers moved \(Int(moved)) px: mean "
                                + "\(Int(moved / 2)) px, " + (moved / 2 > p ? "a pan" : "no pan")) { s, x, y in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40); s.move(1, x + 100 + moved, y); s.sleep(40)
                s.up(1); s.sleep(40); s.up(0)
            })
        }
        for moved in [2 * p, 2 * p + 2] {
            out.append(Entry(name: "pan-first-finger-\(Int(moved))", summary: "the first of two fingers moved \(Int(moved)) px up: mean "
                                + "\(Int(moved / 2)) px, " + (moved / 2 > p ? "a pan" : "no pan")) { s, x, y in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40); s.move(0, x, y - moved); s.sleep(40)
                s.up(0); s.sleep(40); s.up(1)
            })
        }
        for moved in [p, p + 1] {
            out.append(Entry(name: "pan-three-fingers-\(Int(moved))", summary: "three fingers moved \(Int(moved)) px together: "
                                + (moved > p ? "a pan of the first two" : "no pan")) { s, x, y in
                s.down(0, x, y); s.sleep(30); s.down(1, x + 60, y); s.sleep(30); s.down(2, x + 120, y); s.sleep(30)
                s.together("motion", [(0, x, y + moved), (1, x + 60, y + moved), (2, x + 120, y + moved)]); s.sleep(40)
                s.upTogether([0, 1, 2])
            })
        }
        out.append(Entry(name: "pan-out-and-back", summary: "a pan back inside the threshold goes quiet (may-be), and the "
                            + "lift finishes it (a fake start first)") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
            s.together("motion", [(0, x + 2 * p, y), (1, x + 100 + 2 * p, y)]); s.sleep(40)
            s.together("motion", [(0, x + p / 2, y), (1, x + 100 + p / 2, y)]); s.sleep(40)
            s.upTogether([0, 1])
        })
        out.append(Entry(name: "pan-out-back-out", summary: "a pan that goes back inside the threshold and out again") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
            s.together("motion", [(0, x + 2 * p, y), (1, x + 100 + 2 * p, y)]); s.sleep(40)
            s.together("motion", [(0, x, y), (1, x + 100, y)]); s.sleep(40)
            s.together("motion", [(0, x, y + 2 * p), (1, x + 100, y + 2 * p)]); s.sleep(40)
            s.up(0); s.sleep(40); s.up(1)
        })
        out.append(Entry(name: "pan-third-finger-moves", summary: "three fingers, only the third moves: the first two make no pan") { s, x, y in
            s.down(0, x, y); s.sleep(30); s.down(1, x + 60, y); s.sleep(30); s.down(2, x + 120, y); s.sleep(30)
            s.move(2, x + 120 + 4 * p, y); s.sleep(40); s.upTogether([0, 1, 2])
        })
        out.append(Entry(name: "pan-one-finger-only", summary: "one finger dragged \(Int(6 * p)) px: QPanGesture needs two") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.move(0, x + 3 * p, y); s.sleep(40); s.move(0, x + 6 * p, y); s.sleep(40); s.up(0)
        })
        out.append(Entry(name: "pan-lift-first-then-move", summary: "a pan whose first finger lifts, the other moving on") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
            s.together("motion", [(0, x + 2 * p, y), (1, x + 100 + 2 * p, y)]); s.sleep(40)
            s.up(0); s.sleep(40); s.move(1, x + 100 + 4 * p, y); s.sleep(40); s.up(1)
        })
        return out
    }

    // MARK: Pinch (every update with exactly two points)

    private var pinch: [Entry] {
        var out: [Entry] = []
        for spread in [-40.0, -20, 20, 60, 100, 140] {
            out.append(Entry(name: "pinch-spread-\(Int(spread))-lift-together", summary: "two fingers spread by \(Int(spread)) px, "
                                + "lifted in one frame (the touch end finishes the pinch)") { s, x, y in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
                s.together("motion", [(0, x - spread / 4, y), (1, x + 100 + spread / 4, y)]); s.sleep(40)
                s.together("motion", [(0, x - spread / 2, y), (1, x + 100 + spread / 2, y)]); s.sleep(40)
                s.upTogether([0, 1])
            })
            out.append(Entry(name: "pinch-spread-\(Int(spread))-lift-one", summary: "two fingers spread by \(Int(spread)) px, the "
                                + "second lifted, then the first moved (one point finishes the pinch)") { s, x, y in
                s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
                s.together("motion", [(0, x - spread / 2, y), (1, x + 100 + spread / 2, y)]); s.sleep(40)
                s.up(1); s.sleep(40); s.move(0, x - spread / 2 - 5, y); s.sleep(40); s.up(0)
            })
        }
        out.append(Entry(name: "pinch-rotate", summary: "the second finger turns 90° about the first") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
            s.move(1, x + 71, y + 71); s.sleep(40); s.move(1, x, y + 100); s.sleep(40); s.upTogether([0, 1])
        })
        out.append(Entry(name: "pinch-third-finger", summary: "a third finger finishes the pinch; its lift starts another") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40); s.down(2, x + 50, y + 60); s.sleep(40)
            s.up(2); s.sleep(40); s.move(1, x + 120, y); s.sleep(40); s.upTogether([0, 1])
        })
        out.append(Entry(name: "pinch-still", summary: "a second finger held still: the pinch begins on its down and ends with the touch") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(200); s.up(1); s.sleep(40); s.up(0)
        })
        out.append(Entry(name: "pinch-two-in-one-frame", summary: "two fingers down in one frame: the pinch begins on their first move") { s, x, y in
            s.together("down", [(0, x, y), (1, x + 100, y)]); s.sleep(40)
            s.together("motion", [(0, x - 10, y), (1, x + 110, y)]); s.sleep(40); s.upTogether([0, 1])
        })
        return out
    }

    // MARK: Swipe (three fingers' mean move beyond \(swipeMoveThreshold) px on an axis)

    private var swipe: [Entry] {
        var out: [Entry] = []
        let m = swipeLimit
        let moves: [(String, Double, Double)] = [("right", m - 5, 0), ("right", m + 5, 0), ("right", 2 * m, 0), ("left", -(m + 5), 0),
                                                 ("left", -(m - 5), 0), ("down", 0, m - 5), ("down", 0, m + 5), ("up", 0, -(m - 5)), ("up", 0, -(m + 5)),
                                                 ("diagonal", m + 5, m + 5), ("diagonal", m - 5, m - 5), ("far-left", -2 * m, 10)]
        for (direction, dx, dy) in moves {
            let swipes = abs(dx) > m || abs(dy) > m
            out.append(Entry(name: "swipe-\(direction)-\(Int(abs(dx) + abs(dy)))", summary: "three fingers moved \(Int(dx)),\(Int(dy)) px: "
                                + (swipes ? "QSwipeGesture" : "no swipe")) { s, x, y in
                Self.threeDown(&s, x, y)
                for step in 1...3 {
                    let f = Double(step) / 3
                    s.together("motion", [(0, x + dx * f, y + dy * f), (1, x + 60 + dx * f, y + dy * f), (2, x + 120 + dx * f, y + dy * f)])
                    s.sleep(30)
                }
                s.upTogether([0, 1, 2])
            })
        }
        out.append(Entry(name: "swipe-reversed", summary: "three fingers right \(Int(m + 10)) px, then back left: cancelled") { s, x, y in
            Self.threeDown(&s, x, y)
            for dx in [m + 10, 0.0] {
                s.together("motion", [(0, x + dx, y), (1, x + 60 + dx, y), (2, x + 120 + dx, y)]); s.sleep(30)
            }
            s.upTogether([0, 1, 2])
        })
        out.append(Entry(name: "swipe-fourth-finger", summary: "a fourth finger cancels the swipe") { s, x, y in
            Self.threeDown(&s, x, y)
            s.together("motion", [(0, x + m + 10, y), (1, x + 60 + m + 10, y), (2, x + 120 + m + 10, y)]); s.sleep(30)
            s.down(3, x + 60, y + 80); s.sleep(30); s.upTogether([0, 1, 2, 3])
        })
        out.append(Entry(name: "swipe-lift-one-first", summary: "a swipe whose fingers lift one by one: it finishes at the last") { s, x, y in
            Self.threeDown(&s, x, y)
            s.together("motion", [(0, x, y + m + 10), (1, x + 60, y + m + 10), (2, x + 120, y + m + 10)]); s.sleep(30)
            s.up(2); s.sleep(30); s.up(1); s.sleep(30); s.up(0)
        })
        out.append(Entry(name: "swipe-finger-added-back", summary: "a swipe lifts one finger and puts one down again: cancelled") { s, x, y in
            Self.threeDown(&s, x, y)
            s.together("motion", [(0, x + m + 10, y), (1, x + 60 + m + 10, y), (2, x + 120 + m + 10, y)]); s.sleep(30)
            s.up(2); s.sleep(30); s.down(2, x + 150, y + 40); s.sleep(30); s.upTogether([0, 1, 2])
        })
        return out
    }

    private static func threeDown(_ s: inout SDL2CorpusScript, _ x: Double, _ y: Double) {
        s.down(0, x, y); s.sleep(30); s.down(1, x + 60, y); s.sleep(30); s.down(2, x + 120, y); s.sleep(30)
    }

    // MARK: Double-click of the synthesised mouse

    private var doubleClick: [Entry] {
        var out: [Entry] = []
        for gap in [80, 250, 600, 1000, 1200] {
            out.append(Entry(name: "double-tap-\(gap)", summary: "two taps at one point \(gap) ms apart: press, then a double-click "
                                + "(no time limit measured)") { s, x, y in
                s.tap(x, y, hold: 40); s.sleep(gap); s.tap(x, y, hold: 40)
            })
        }
        for (direction, dx, dy) in [("x", 1.0, 0.0), ("y", 0, 1), ("minus-x", -1, 0), ("quarter", 0.25, 0)] {
            out.append(Entry(name: "double-tap-off-\(direction)", summary: "the second tap \(SDL2CorpusScript.number(dx)),"
                                + "\(SDL2CorpusScript.number(dy)) px off: the cursor moves first, no double-click") { s, x, y in
                s.tap(x, y, hold: 40); s.sleep(100); s.tap(x + dx, y + dy, hold: 40)
            })
        }
        let d = tapDistance
        for (name, dx, dy) in [("x", d, 0.0), ("x", d + 2, 0), ("y", 0, d), ("y", 0, d + 2), ("diagonal", d, d), ("minus-x", -(d + 0.5), 0), ("minus-y", 0, -d), ("minus-y", 0, -(d + 1))] {
            let series = abs(dx) <= d && abs(dy) <= d
            out.append(Entry(name: "double-tap-after-move-\(name)-\(SDL2CorpusScript.number(abs(dx) + abs(dy)))",
                             summary: "the first tap moved \(SDL2CorpusScript.number(dx)),\(SDL2CorpusScript.number(dy)) px and back: "
                                 + (series ? "a double-click still" : "no double-click")) { s, x, y in
                s.down(0, x, y); s.sleep(40); s.move(0, x + dx, y + dy); s.sleep(40); s.move(0, x, y); s.sleep(40); s.up(0)
                s.sleep(100); s.tap(x, y, hold: 40)
            })
        }
        for taps in 3...5 {
            out.append(Entry(name: "series-of-\(taps)", summary: "\(taps) taps at one point: press and double-click alternate") { s, x, y in
                for i in 0..<taps { if i > 0 { s.sleep(90) }; s.tap(x, y, hold: 40) }
            })
        }
        out.append(Entry(name: "double-tap-second-finger-between", summary: "a two-finger touch between two taps at one point") { s, x, y in
            s.tap(x, y, hold: 40); s.sleep(100)
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40); s.up(1); s.sleep(40); s.up(0); s.sleep(100)
            s.tap(x, y, hold: 40)
        })
        out.append(Entry(name: "mouse-follows-first-finger", summary: "two fingers: the mouse follows the first only, and "
                            + "stops when it lifts") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
            s.together("motion", [(0, x + 5, y + 5), (1, x + 110, y + 5)]); s.sleep(40)
            s.up(0); s.sleep(40); s.move(1, x + 120, y + 10); s.sleep(40); s.up(1)
        })
        out.append(Entry(name: "mouse-second-finger-lifts-first", summary: "the second finger lifts first; the first moves on") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40); s.up(1); s.sleep(40)
            s.move(0, x + 8, y); s.sleep(40); s.up(0)
        })
        return out
    }

    // MARK: Cancel (recognizers ignore it; the mouse is released; a tap elsewhere closes each case)

    private var cancels: [Entry] {
        var out: [Entry] = []
        let close = { (s: inout SDL2CorpusScript, x: Double, y: Double) in s.sleep(300); s.tap(x + 30, y + 60, hold: 40) }
        out.append(Entry(name: "cancel-tap", summary: "a tap cancelled: QTapGesture stays active (no start on the next touch)") { s, x, y in
            s.down(0, x, y); s.sleep(60); s.cancel(); close(&s, x, y)
        })
        out.append(Entry(name: "cancel-hold", summary: "a hold cancelled at 300 ms: the mouse release stops the timer") { s, x, y in
            s.down(0, x, y); s.sleep(300); s.cancel(); s.sleep(timeout); s.tap(x + 30, y + 60, hold: 40)
        })
        out.append(Entry(name: "cancel-pan", summary: "a pan cancelled: recognizers ignore the cancel; it finishes with the next touch's end") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
            s.together("motion", [(0, x + 30, y), (1, x + 130, y)]); s.sleep(40); s.cancel(); close(&s, x, y)
        })
        out.append(Entry(name: "cancel-pinch", summary: "a pinch cancelled: recognizers ignore the cancel; it finishes with the next touch's end") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
            s.together("motion", [(0, x - 5, y), (1, x + 105, y)]); s.sleep(40); s.cancel(); close(&s, x, y)
        })
        out.append(Entry(name: "cancel-swipe", summary: "a swipe cancelled: recognizers ignore the cancel; it finishes with the next touch's end") { s, x, y in
            Self.threeDown(&s, x, y)
            s.together("motion", [(0, x, y + 60), (1, x + 60, y + 60), (2, x + 120, y + 60)]); s.sleep(30); s.cancel()
            close(&s, x, y)
        })
        out.append(Entry(name: "cancel-then-tap-there", summary: "a tap cancelled, then a tap where it was: the cursor never "
                            + "moved, a double-click") { s, x, y in
            s.down(0, x, y); s.sleep(60); s.cancel(); s.sleep(300); s.tap(x, y, hold: 40); s.sleep(200); s.tap(x + 30, y + 60, hold: 40)
        })
        out.append(Entry(name: "cancel-moved-tap", summary: "a tap moved 20 px then cancelled") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.move(0, x + 20, y); s.sleep(40); s.cancel(); close(&s, x, y)
        })
        out.append(Entry(name: "cancel-pan-below-threshold", summary: "two fingers moved \(Int(panLimit) - 2) px, cancelled") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(40)
            s.together("motion", [(0, x + panLimit - 2, y), (1, x + 100 + panLimit - 2, y)]); s.sleep(40); s.cancel(); close(&s, x, y)
        })
        out.append(Entry(name: "cancel-second-finger-only", summary: "two fingers held still, cancelled: the pinch finishes with the next touch's end") { s, x, y in
            s.down(0, x, y); s.sleep(40); s.down(1, x + 100, y); s.sleep(100); s.cancel(); close(&s, x, y)
        })
        out.append(Entry(name: "cancel-after-long-press", summary: "a cancel after the long press") { s, x, y in
            s.down(0, x, y); s.sleep(timeout + 200); s.cancel(); close(&s, x, y)
        })
        return out
    }

    /// qRound on a whole-px coordinate offset (the anchors are whole px).
    private static func qRound(_ value: Double) -> Int {
        value >= 0 ? Int((value + 0.5).rounded(.down)) : Int((value - 0.5).rounded(.up))
    }
}
