import Testing
import TouchStream
@testable import ToolkitOracles
import TouchKit

/// How the scroll runner reads an oracle's lines into each stroke: frames by their time and by the touches they had
/// handled, `tickTouch` and `press` lines handed to the model (Qt's oracle prints them).
@Suite struct ScrollOracleLinesTests {
    /// Two strokes of a made-up run (wl_touch ms since boot): a drag 100 px up in the first, a tap in the second.
    static let first: UInt32 = 7_200_000, second: UInt32 = 7_203_000

    static func recording(_ lines: [String]) throws -> OracleRecording {
        func record(_ event: RawEvent) -> RawRecord { RawRecord(event) }
        let drag = [record(.down(serial: 1, time: first + 10, surface: nil, id: 0, x: WLFixed(400), y: WLFixed(600))), record(.frame),
                    record(.motion(time: first + 20, id: 0, x: WLFixed(400), y: WLFixed(580))), record(.frame),
                    record(.motion(time: first + 30, id: 0, x: WLFixed(400), y: WLFixed(560))), record(.frame),
                    record(.motion(time: first + 40, id: 0, x: WLFixed(400), y: WLFixed(500))), record(.frame),
                    record(.up(serial: 2, time: first + 240, id: 0)), record(.frame)]
        let tap = [record(.down(serial: 3, time: second + 10, surface: nil, id: 0, x: WLFixed(400), y: WLFixed(600))), record(.frame),
                   record(.up(serial: 4, time: second + 60, id: 0)), record(.frame)]
        let one = try OracleCase(name: "drag", summary: "drag", script: "down 0 400 600; frame\nup 0; frame\n", source: "test")
        let two = try OracleCase(name: "tap", summary: "tap", script: "down 0 400 600; frame\nup 0; frame\n", source: "test")
        return OracleRecording(
            ready: OracleReady(toolkit: "qt-scroll", version: "6.4.2", width: 1280, height: 720), offsetX: 0, offsetY: 0,
            cases: [OracleCaseRecording(testCase: one, start: first, end: second, gestures: [], received: drag),
                    OracleCaseRecording(testCase: two, start: second, end: second + 3000, gestures: [], received: tap)],
            malformedLines: [], unplacedGestures: 0, gestureLog: lines.joined(separator: "\n"), debugLog: "")
    }

    static func frame(_ ms: UInt32, _ offset: Double, touch: UInt32, tickTouch: UInt32? = nil) -> String {
        "{\"frame\":\(Int64(ms) * 1000 + 500),\"offset\":\(offset),\"touch\":\(touch)"
            + (tickTouch.map { ",\"tickTouch\":\($0)" } ?? "") + "}"
    }

    @Test func aFrameThatHandledTheNextStrokesTouchesIsTheNextStrokes() throws {
        // The last frame's tick is 2 ms before the second stroke began, but it drew after the tap's touch-down.
        let lines = [Self.frame(Self.first + 25, 100_000, touch: Self.first + 30, tickTouch: Self.first + 20),
                     Self.frame(Self.first + 45, 100_060, touch: Self.first + 40),
                     Self.frame(Self.second - 2, 100_060, touch: Self.second + 10)]
        let results = ScrollRunner.compare(try Self.recording(lines), model: Qt64FlickableScroll())
        #expect(results.map { $0.frames.count } == [2, 0])
        // The drag: Qt takes it at the 20 px move, starts it at the 40 px one, and has moved it 60 px at the 100 px one.
        #expect(results[0].frames.map(\.model) == [100_000, 100_060])
        #expect(results[0].agrees && results[1].agrees)
    }

    @Test func aFlingStopsAtThePressLinesTickNotAtTheLastFrame() throws {
        // The lift flings from tick first + 45 (its swipe line), drawn at first + 61; the touch-down's press line says
        // the fling's last tick before it was at first + 77, which drew nothing.
        // (The oracle prints a press line at every touch-down: the model takes them in order.)
        var lines = ["{\"kind\":\"press\",\"time\":\(Self.first + 10),\"clock\":\(Int64(Self.first + 5) * 1000 + 500)}",
                     Self.frame(Self.first + 45, 100_060, touch: Self.first + 40)]
        lines.append("{\"kind\":\"swipe\",\"time\":\(Self.first + 50),\"recognizer\":\"Flickable\",\"vy\":-2000,\"clock\":\(Int64(Self.first + 45) * 1000 + 500)}")
        lines.append(Self.frame(Self.first + 61, 0, touch: Self.first + 50))
        lines.append("{\"kind\":\"press\",\"time\":\(Self.first + 80),\"clock\":\(Int64(Self.first + 77) * 1000 + 500)}")
        lines.append(Self.frame(Self.first + 93, 0, touch: Self.first + 80, tickTouch: Self.first + 80))
        var recording = try Self.recording(lines)
        recording.cases = [recording.cases[0]]
        recording.cases[0].received = [
            RawRecord(.down(serial: 1, time: Self.first + 10, surface: nil, id: 0, x: WLFixed(400), y: WLFixed(600))), RawRecord(.frame),
            RawRecord(.motion(time: Self.first + 20, id: 0, x: WLFixed(400), y: WLFixed(580))), RawRecord(.frame),
            RawRecord(.motion(time: Self.first + 30, id: 0, x: WLFixed(400), y: WLFixed(560))), RawRecord(.frame),
            RawRecord(.motion(time: Self.first + 40, id: 0, x: WLFixed(400), y: WLFixed(500))), RawRecord(.frame),
            RawRecord(.up(serial: 2, time: Self.first + 50, id: 0)), RawRecord(.frame),
            RawRecord(.down(serial: 3, time: Self.first + 80, surface: nil, id: 0, x: WLFixed(400), y: WLFixed(600))), RawRecord(.frame)]
        let result = try #require(ScrollRunner.compare(recording, model: Qt64FlickableScroll()).first)
        let fling = try #require(result.modelFlings.first)
        // The three moves' velocities: 0.7 × 2000, 0.7 × 2000 and 0.7 × 6000 px/s of the finger, the last clamped to
        // 2500: the finger's mean 1766.7 px/s up, contentY's down the page.
        let v = 5300.0 / 3
        #expect(abs(fling.velocity - v) < 1e-6)
        let a = v * v / (2 * (v * v / 3000).rounded())
        func at(_ ms: Double) -> Double { 100_060 + v * ms / 1000 - 0.5 * a * ms * ms / 1_000_000 }
        #expect(abs(result.frames[1].model - at(16)) < 1e-6)
        // Stopped at the press line's tick (32 ms into the fling), not at the last frame's (16 ms).
        #expect(abs(result.frames[2].model - at(32)) < 1e-6)
    }
}
