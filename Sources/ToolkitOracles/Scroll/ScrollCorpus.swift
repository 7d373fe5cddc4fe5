import Foundation

// MARK: - The scroll corpus: generated one-finger strokes

/// One stroke built step by step: one compact statement per line (window-relative px, multiples of 1/4 px),
/// real-time sleeps between the events.
struct ScrollStrokeScript {
    private(set) var lines: [String] = []
    private var x = 0.0, y = 0.0

    mutating func down(_ x: Double, _ y: Double) {
        (self.x, self.y) = (x, y)
        lines.append("down 0 \(Self.number(x)) \(Self.number(y)); frame")
    }

    mutating func sleep(_ ms: Int) { if ms > 0 { lines.append("sleep \(ms)") } }

    mutating func up() { lines.append("up 0; frame") }

    /// Moves by `dy` over `duration` ms, one motion every `steps[i % steps.count]` ms; `power` 1 is a constant
    /// speed, 2 an accelerating flick (y ∝ t²), 0.5 a decelerating one; `perFrame` motions share each frame.
    mutating func move(by dy: Double, over duration: Int, steps: [Int], power: Double = 1, perFrame: Int = 1) {
        let start = y
        var elapsed = 0, index = 0
        while elapsed < duration {
            let step = min(steps[index % steps.count], duration - elapsed)
            index += 1
            sleep(step)
            var statements: [String] = []
            for part in 1...perFrame {
                let t = Double(elapsed) + Double(step) * Double(part) / Double(perFrame)
                y = Self.quarter(start + dy * Foundation.pow(t / Double(duration), power))
                x = Self.quarter(x + (part % 2 == 0 ? 0.25 : -0.25))
                statements.append("motion 0 \(Self.number(x)) \(Self.number(y))")
            }
            elapsed += step
            lines.append(statements.joined(separator: "; ") + "; frame")
        }
    }

    var text: String { lines.joined(separator: "\n") + "\n" }

    static func quarter(_ value: Double) -> Double { (value * 4).rounded() / 4 }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// The strokes every scrolling toolkit runs with `--corpus`: slow drags, fast flicks (steady, accelerating,
/// decelerating), a flick after a pause, a lift after a pause, reversals, two flicks in a row, a tap that stops a
/// fling, sub-threshold wiggles, and the same flicks with jittered, coarse and batched wl_touch motions. Strokes
/// alternate direction so the view stays far from both ends of the oracle's content.
public enum ScrollCorpus {
    /// The even 8 ms motions of a 120 Hz touchscreen; jittered steps; a coarse 30 Hz digitizer.
    static let steady = [8], jittered = [3, 14, 6, 11, 4, 13, 9], coarse = [33], sparse = [25, 41, 30]

    /// Every stroke, in run order.
    public static func strokes() -> [ToolkitCorpusCase] {
        var cases: [ToolkitCorpusCase] = []
        var sign = 1.0
        func add(_ name: String, _ summary: String, _ build: (inout ScrollStrokeScript, Double) -> Void) {
            var script = ScrollStrokeScript()
            build(&script, sign)
            cases.append(ToolkitCorpusCase(name: name, summary: summary, script: script.text))
            sign = -sign
        }
        // The finger moves up (sign 1: the offset grows) from low in the window, or down from high in it.
        func origin(_ sign: Double, _ x: Double = 640) -> (Double, Double) { (x, sign > 0 ? 600 : 120) }

        for (speed, duration) in [(80.0, 800), (120.0, 700), (250.0, 600), (400.0, 500), (600.0, 450), (900.0, 300)] {
            add("slow-drag-\(Int(speed))", "a steady \(Int(speed)) px/s drag of \(duration) ms, lifted while moving") { s, sign in
                let (x, y) = origin(sign); s.down(x, y)
                s.move(by: -sign * speed * Double(duration) / 1000, over: duration, steps: steady)
                s.up()
            }
        }
        for (distance, duration) in [(120.0, 80), (200.0, 100), (300.0, 120), (400.0, 150), (250.0, 60), (450.0, 110)] {
            for (power, shape) in [(1.0, "steady"), (2.0, "accelerating"), (0.5, "decelerating")] {
                add("flick-\(Int(distance))px-\(duration)ms-\(shape)", "a \(shape) flick of \(Int(distance)) px in \(duration) ms") { s, sign in
                    let (x, y) = origin(sign, 500); s.down(x, y)
                    s.sleep(40)
                    s.move(by: -sign * distance, over: duration, steps: steady, power: power)
                    s.up()
                }
            }
        }
        for pause in [60, 140, 220] {
            add("flick-after-pause-\(pause)ms", "a slow drag, \(pause) ms held still, then a flick") { s, sign in
                let (x, y) = origin(sign, 700); s.down(x, y)
                s.move(by: -sign * 80, over: 300, steps: steady)
                s.sleep(pause)
                s.move(by: -sign * 250, over: 100, steps: steady)
                s.up()
            }
        }
        for pause in [40, 100, 160, 300] {
            add("lift-after-pause-\(pause)ms", "a flick held still \(pause) ms before the lift") { s, sign in
                let (x, y) = origin(sign, 700); s.down(x, y)
                s.move(by: -sign * 300, over: 120, steps: steady)
                s.sleep(pause)
                s.up()
            }
        }
        for (back, duration) in [(60.0, 80), (150.0, 100), (250.0, 150), (120.0, 60)] {
            add("reversal-\(Int(back))px", "a drag one way, then \(Int(back)) px back in \(duration) ms, lifted moving back") { s, sign in
                let (x, y) = origin(sign, 600); s.down(x, y)
                s.move(by: -sign * 250, over: 250, steps: steady)
                s.move(by: sign * back, over: duration, steps: steady)
                s.up()
            }
        }
        for gap in [120, 250, 400] {
            add("two-flicks-\(gap)ms-apart", "two flicks the same way, the second down \(gap) ms after the first lift") { s, sign in
                let (x, y) = origin(sign, 560); s.down(x, y)
                s.move(by: -sign * 250, over: 100, steps: steady)
                s.up(); s.sleep(gap)
                s.down(x, y)
                s.move(by: -sign * 300, over: 100, steps: steady)
                s.up()
            }
        }
        for (gap, hold) in [(100, 40), (200, 60), (350, 80), (600, 120)] {
            add("tap-stops-fling-\(gap)ms", "a flick, then a \(hold) ms tap \(gap) ms after its lift") { s, sign in
                let (x, y) = origin(sign, 600); s.down(x, y)
                s.move(by: -sign * 350, over: 110, steps: steady)
                s.up(); s.sleep(gap)
                s.down(x, 360); s.sleep(hold); s.up()
            }
        }
        for (distance, step) in [(6.0, 10), (8.0, 10), (9.0, 10), (12.0, 10)] {
            add("wiggle-\(Int(distance))px", "a \(Int(distance)) px drag in 100 ms (GTK's drag threshold is 8 px)") { s, sign in
                let (x, y) = origin(sign, 900); s.down(x, y)
                s.move(by: -sign * distance, over: 100, steps: [step])
                s.sleep(60)
                s.up()
            }
        }
        for (label, steps) in [("jittered", jittered), ("coarse", coarse), ("sparse", sparse)] {
            for (distance, duration) in [(150.0, 300), (300.0, 120), (420.0, 150), (220.0, 90)] {
                add("\(label)-\(Int(distance))px-\(duration)ms", "a \(Int(distance)) px stroke in \(duration) ms, \(label) motion times") { s, sign in
                    let (x, y) = origin(sign, 450); s.down(x, y)
                    s.sleep(30)
                    s.move(by: -sign * distance, over: duration, steps: steps)
                    s.up()
                }
            }
        }
        for (distance, duration) in [(300.0, 120), (200.0, 200), (400.0, 96)] {
            add("batched-\(Int(distance))px-\(duration)ms", "a \(Int(distance)) px flick, two motions in each wl_touch frame") { s, sign in
                let (x, y) = origin(sign, 450); s.down(x, y)
                s.move(by: -sign * distance, over: duration, steps: [16], perFrame: 2)
                s.up()
            }
        }
        return cases
    }
}
