import Foundation
import Testing
import ToolkitOracles
import TouchKit

/// The gtk-4.8 scroll model on strokes the real GTK 4.8.3 received (GTKScrollStreams), frame by frame against the
/// offsets its GtkScrolledWindow drew, and on small made-up strokes whose values follow from GTK's rules.
/// Made-up strokes start here (ms since boot, not 0-based).
private let t0 = 3_000_000.0

@Suite struct GTK48KineticScrollTests {
    static let model = GTK48KineticScroll()

    @Test(arguments: [("flick", GTKScrollStream.flick), ("two flicks", GTKScrollStream.twoFlicks),
                      ("slow drag", GTKScrollStream.slowDrag)])
    func everyFrameGTKDrewIsTheModelsOffset(_ name: String, _ stream: GTKScrollStream) {
        let prediction = Self.model.predict(stream.input)
        #expect(prediction.offsets.count == stream.frames.count)
        // Within 0.5 px of every frame GTK drew (measured: drags to the 4 printed decimals, flings to 0.3 px).
        for (frame, predicted) in zip(stream.frames, prediction.offsets) {
            #expect(abs(frame.offset - predicted) < 0.5, "\(name): frame \(frame.clock) µs: GTK \(frame.offset), model \(predicted)")
        }
        let measured: [Double] = prediction.flings.map { ($0.measured * 1000).rounded() / 1000 }
        let gtk: [Double] = stream.swipes.map { -$0.vy }.filter { $0 != 0 }
        #expect(measured == gtk)
    }

    @Test func theFlingRestsWhereGTKsLastFrameWas() {
        let prediction = Self.model.predict(GTKScrollStream.flick.input)
        let last = GTKScrollStream.flick.frames.last!.offset
        #expect(abs(prediction.resting - last) < 0.2)
        // 1333.333 px/s decays to 4 × (the fling's travel left) … the whole fling is v/4 px minus what is left.
        #expect(abs(prediction.resting - 100163.4807 - 1333.333 / 4) < 1)
    }

    @Test func aSecondFlickAddsTheInterruptedFlingsVelocity() throws {
        let prediction = Self.model.predict(GTKScrollStream.twoFlicks.input)
        #expect(prediction.flings.count == 2)
        let second = try #require(prediction.flings.last)
        // GTK measured 3631.579 px/s at the second lift; its fling started faster (the frames above agree with that).
        #expect((second.measured * 1000).rounded() / 1000 == 3631.579)
        #expect(second.velocity > second.measured * 1.2)
        #expect(prediction.flings.first!.velocity == prediction.flings.first!.measured)
    }

    // MARK: - Made-up strokes


    static func frames(_ from: Double, _ count: Int, lastTouch: Double) -> [ScrollFrame] {
        (0..<count).map { ScrollFrame(time: from + Double($0) * 16, lastTouch: lastTouch) }
    }

    @Test func theDragScrollsOnlyPastEightPixelsThenFollowsTheFingerExactly() {
        let events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 300), ScrollTouchEvent(.motion, time: t0 + 10, x: 400, y: 304),
                      ScrollTouchEvent(.motion, time: t0 + 20, x: 400, y: 308), ScrollTouchEvent(.motion, time: t0 + 30, x: 400, y: 308.25),
                      ScrollTouchEvent(.motion, time: t0 + 40, x: 400, y: 350)]
        let frames = events.map { ScrollFrame(time: $0.time + 1, lastTouch: $0.time) }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 5000, events: events, frames: frames))
        #expect(prediction.offsets == [5000, 5000, 5000, 4991.75, 4950])
        #expect(prediction.flings.isEmpty)
    }

    @Test func theFlingIsGTKsExponentialAtEachFrameClockTime() throws {
        // Samples 8 ms apart, 8 px each: 1000 px/s of the finger upwards, so the offset grows at 1000 px/s.
        var events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 500)]
        for step in 1...10 { events.append(ScrollTouchEvent(.motion, time: t0 + Double(8 * step), x: 400, y: 500 - Double(8 * step))) }
        events.append(ScrollTouchEvent(.up, time: t0 + 80, x: 400, y: 420))
        let liftClock = t0 + 81.5
        // The lift's frame reads the clock the fling starts from: its tick is 0 s long.
        let frames = [ScrollFrame(time: liftClock, lastTouch: t0 + 80)] + (1...5).map {
            ScrollFrame(time: liftClock + Double($0) * 16.5, lastTouch: t0 + 80)
        }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: events, frames: frames, flingClocks: [liftClock]))
        let fling = try #require(prediction.flings.first)
        #expect(fling.velocity == 1000)
        #expect(prediction.offsets[0] == 10_080)
        for k in 1...5 {
            let t = Double(k) * 0.0165
            #expect(abs(prediction.offsets[k] - (10_080 + 1000 / 4 * (1 - exp(-4 * t)))) < 1e-9)
        }
        // It stops once its velocity is under 1 px/s: at rest 1000/4 px on, to 1/4 px and a frame's step.
        #expect(abs(prediction.resting - 10_330) < 0.3)
    }

    @Test func aStillTapStopsTheFlingAndLendsItNothing() {
        var events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 500)]
        for step in 1...10 { events.append(ScrollTouchEvent(.motion, time: t0 + Double(8 * step), x: 400, y: 500 - Double(16 * step))) }
        events.append(ScrollTouchEvent(.up, time: t0 + 80, x: 400, y: 340))
        events += [ScrollTouchEvent(.down, time: t0 + 200, x: 400, y: 300), ScrollTouchEvent(.up, time: t0 + 260, x: 400, y: 300)]
        let frames = (0..<40).map { k in
            let time = t0 + 80 + Double(k) * 16
            return ScrollFrame(time: time, lastTouch: time >= t0 + 260 ? t0 + 260 : (time >= t0 + 200 ? t0 + 200 : t0 + 80))
        }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: events, frames: frames))
        #expect(prediction.flings.count == 1)
        // The frame after the tap's down holds still, and so does every frame after it.
        let stopped = frames.firstIndex { $0.lastTouch == t0 + 200 }!
        #expect(Set(prediction.offsets[stopped...]).count == 1)
        #expect(prediction.resting == prediction.offsets[stopped])
    }

    // MARK: - Bad input: strokes that would leave the content

    @Test func aStrokeThatWouldScrollPastTheContentIsRefusedWithItsLine() throws {
        // 40 flicks of 450 px in 60 ms one way: the view would run past the 200000 px content's top.
        var script = ""
        for _ in 0..<40 {
            script += "down 0 400 650; frame\n"
            for step in 1...6 { script += "sleep 10\nmotion 0 400 \(650 - 75 * step); frame\n" }
            script += "up 0; frame\nsleep 100\n"
        }
        let strokes = try (0..<12).map { try OracleCase(name: "s\($0)", summary: "", script: script, source: "strokes/s\($0).txt") }
        #expect {
            try ScrollTravel.check(strokes, model: Self.model)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("strokes/s") && text.contains(".txt:1: the stroke would scroll the view to ")
                && text.contains("past the end of the 200000 px content")
        }
        // One such stroke alone stays inside.
        try ScrollTravel.check([strokes[0]], model: Self.model)
    }

    @Test func theCorpusHasSixtyStrokesOfEveryKindAndStaysInsideTheContent() throws {
        let corpus = ScrollCorpus.strokes()
        #expect(corpus.count >= 60)
        #expect(Set(corpus.map(\.name)).count == corpus.count)
        for kind in ["slow-drag", "flick-", "flick-after-pause", "lift-after-pause", "reversal", "two-flicks", "tap-stops-fling",
                     "wiggle", "jittered", "coarse", "sparse", "batched"] {
            #expect(corpus.contains { $0.name.hasPrefix(kind) }, "no \(kind) stroke")
        }
        let cases = try corpus.map { try OracleCase(name: $0.name, summary: $0.summary, script: $0.script, source: "corpus") }
        try ScrollTravel.check(cases, model: Self.model)
    }
}
