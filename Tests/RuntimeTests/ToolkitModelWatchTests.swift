@testable import Live
import Testing
import TouchKit
import TouchStream

// MARK: - The HUD's toolkit models, watching the live touches

@Suite struct ToolkitModelWatchTests {
    /// A tap at every down; a long press 500 ms after a down still held (times: the down's).
    struct TapAndHold: ToolkitModel {
        var name = "probe-1.0", toolkit = "gtk"
        var held: Double?
        mutating func feed(_ frame: InputFrame) -> [ToolkitGesture] {
            var out: [ToolkitGesture] = []
            for pass in frame.passes {
                for touch in pass {
                    switch touch.phase {
                    case .began:
                        held = frame.timestamp
                        out.append(ToolkitGesture(kind: .tap, time: frame.timestamp * 1000, recognizer: "Probe", count: 1))
                        out.append(ToolkitGesture(kind: .dragUpdate, time: frame.timestamp * 1000, recognizer: "ProbeDrag"))
                    case .ended, .cancelled: held = nil
                    default: break
                    }
                }
            }
            return out
        }
        mutating func advance(to time: Double) -> [ToolkitGesture] {
            guard let down = held, time >= down + 0.5 else { return [] }
            held = nil
            return [ToolkitGesture(kind: .longPress, time: down * 1000, recognizer: "ProbeHold")]
        }
    }

    private func push(_ compact: String, into watch: inout ToolkitModelWatch) throws {
        for case .record(let record) in try CompactTrace.parse(compact) { watch.push(record) }
    }

    @Test func eachModelShowsItsLatestGesturesWithoutUpdates() throws {
        var watch = ToolkitModelWatch(models: [TapAndHold()])
        #expect(watch.lines == ["toolkit models (newest last)", "probe-1.0: —"])
        try push("down 0 10 10 t=7000000; frame", into: &watch)
        #expect(watch.hasTouchDown)
        watch.advance(to: 7000.2)
        #expect(watch.lines.last == "probe-1.0: Probe tap ×1")
        watch.advance(to: 7000.6)
        #expect(watch.lines.last == "probe-1.0: Probe tap ×1 · ProbeHold long-press")
        try push("up 0 t=7000700; frame", into: &watch)
        #expect(!watch.hasTouchDown)
        try push("down 0 10 10 t=7001000; frame; up 0 t=7001050; frame; down 0 10 10 t=7001200; frame; up 0 t=7001250; frame", into: &watch)
        // Three remembered, newest last.
        #expect(watch.recent[0].map(\.recognizer) == ["ProbeHold", "Probe", "Probe"])
    }

    @Test func touchesOnTheWindowsControlsAreNotWatched() throws {
        var watch = ToolkitModelWatch(models: [TapAndHold()])
        for case .record(var record) in try CompactTrace.parse("down 0 10 10 t=7000000; frame; up 0 t=7000050; frame") {
            record.isControl = true
            watch.push(record)
        }
        #expect(watch.recent == [[]])
    }

    @Test func aBuildWithoutModelsSaysSo() {
        #expect(ToolkitModelWatch(models: []).lines == ["toolkit models: none in this build"])
    }

    @Test func theModelsLinesArePacedLikeTheRecognizers() {
        var pace = HUDTextPace()
        var first = HUDSnapshot(windowSize: Size(width: 800, height: 600), scene: "playground", profile: "uikit")
        first.toolkitModels = ["toolkit models (newest last)", "gtk-4.8: —"]
        _ = pace.snapshot(first, now: 10)
        var next = first
        next.toolkitModels = ["toolkit models (newest last)", "gtk-4.8: GtkGestureClick tap ×1"]
        let shown = pace.snapshot(next, now: 10.03)
        #expect(shown.snapshot.toolkitModels == first.toolkitModels)
        #expect(shown.recheck == 10 + HUDTextPace.interval)
    }
}

// MARK: - Where each toolkit's fling would come to rest

@Suite struct ScrollRestWatchTests {
    private func push(_ compact: String, into watch: inout ScrollRestWatch) throws {
        for case .record(let record) in try CompactTrace.parse(compact) { watch.push(record) }
    }

    /// A 240 px upward flick in 80 ms at 8 ms motions, times as a long-running compositor stamps them.
    private let flick = (0...10).map { step in
        step == 0 ? "down 0 400 600 t=4294960000; frame"
            : "motion 0 400 \(600 - step * 24) t=\(4294960000 + step * 8); frame"
    }.joined(separator: "; ") + "; up 0 t=4294960088; frame"

    @Test func aFlickRestsWhereTheToolkitsModelFlingsItPastTheFingersTravel() throws {
        var watch = ScrollRestWatch(models: [GTK48KineticScroll()])
        try push(flick, into: &watch)
        let rest = try #require(watch.rests.first)
        #expect(rest.model == "gtk-4.8" && rest.toolkit == "gtk")
        // The content follows the finger up 240 px, then flings on at about 3000 px/s, decaying as e^(−4t).
        let fling = try #require(rest.fling)
        #expect(fling > 2500 && fling < 3500)
        #expect(abs(rest.moved - (240 + fling / 4)) < 0.05 * fling / 4)
        #expect(watch.summary(of: "gtk") == "scroll rests +\(Int(rest.moved.rounded())) px (fling \(Int(fling.rounded())) px/s)")
        #expect(watch.summary(of: "qt") == nil)
    }

    @Test func aDragHeldStillBeforeTheLiftRestsWhereTheFingerLeftIt() throws {
        var watch = ScrollRestWatch(models: [GTK48KineticScroll()])
        // Down 100 px in 1 s, then still for 300 ms: GTK's swipe sees no motion in its last 150 ms.
        let drag = (0...20).map { "motion 0 400 \(300 + $0 * 5) t=\(88_000_050 + $0 * 50); frame" }.joined(separator: "; ")
        try push("down 0 400 300 t=88000000; frame; " + drag + "; up 0 t=88001350; frame", into: &watch)
        let rest = try #require(watch.rests.first)
        // Past GTK's 8 px drag threshold the view follows the finger from where it went down: all 100 px, downward.
        #expect(rest.moved == -100)
        #expect(watch.summary(of: "gtk") == "scroll rests -100 px, no fling")
    }

    @Test func tapsPinchesAndCancelsAreNoScrollAndClearTheLastAnswer() throws {
        var watch = ScrollRestWatch(models: [GTK48KineticScroll()])
        try push(flick, into: &watch)
        #expect(!watch.rests.isEmpty)
        try push("down 0 10 10 t=4294965000; frame; up 0 t=4294965060; frame", into: &watch)
        #expect(watch.rests.isEmpty)
        try push(flick, into: &watch)
        try push("down 0 100 100 t=70; frame; down 1 300 100 t=80; frame; motion 1 340 100 t=96; frame; "
            + "up 0 t=120; frame; up 1 t=130; frame", into: &watch)
        #expect(watch.rests.isEmpty)
        try push(flick, into: &watch)
        try push("down 0 100 100 t=500; frame; motion 0 100 160 t=520; frame; cancel", into: &watch)
        #expect(watch.rests.isEmpty)
    }

    @Test func theHUDsToolkitLinesCarryEachToolkitsRestAndScrollOnlyModelsGetTheirOwn() throws {
        struct ElsewhereScroll: ToolkitScrollModel {
            var name = "elsewhere-1.0", toolkit = "elsewhere"
            func predict(_ input: ScrollModelInput) -> ScrollPrediction {
                ScrollPrediction(offsets: input.frames.map { _ in input.startOffset }, resting: input.startOffset + 7, flings: [])
            }
        }
        var watch = ToolkitModelWatch(models: [ToolkitModelWatchTests.TapAndHold()],
                                      scrollModels: [GTK48KineticScroll(), ElsewhereScroll()])
        for case .record(let record) in try CompactTrace.parse(flick) { watch.push(record) }
        let lines = watch.lines
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("probe-1.0: Probe tap ×1 ‖ scroll rests +"))
        #expect(lines[2] == "elsewhere-1.0: scroll rests +7 px, no fling")
    }
}
