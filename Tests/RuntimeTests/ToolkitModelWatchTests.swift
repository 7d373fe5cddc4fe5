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
