import Foundation
import Testing
import ToolkitOracles
import TouchKit

/// The webkitgtk-2.50 scroll model on strokes the real WebKitGTK 2.50.6 received (WebKitGTKScrollStreams), frame by
/// frame against the window.scrollY its page read, and on small made-up strokes whose values follow from WebKit's
/// rules. Made-up strokes start here (ms since boot, not 0-based).
private let t0 = 5_000_000.0

@Suite struct WebKitGTK250KineticScrollTests {
    static let model = WebKitGTK250KineticScroll()

    // MARK: - Strokes the real WebKitGTK received

    @Test(arguments: WebKitGTKScrollStream.all)
    func everyFrameThePageReadIsTheModelsOffset(_ stream: WebKitGTKScrollStream) {
        let prediction = Self.model.predict(stream.input)
        #expect(prediction.offsets.count == stream.frames.count)
        // The scroll comparison's rule: 2 px or 2 % of the distance scrolled (drags match exactly, flings within it).
        for (frame, predicted) in zip(stream.frames, prediction.offsets) {
            #expect(abs(frame.offset - predicted) <= stream.tolerance(frame.offset),
                    "\(stream.name): frame at \(frame.time) ms: WebKit \(frame.offset), model \(predicted)")
        }
        let rest = stream.frames.last?.offset ?? stream.startOffset
        #expect(abs(rest - prediction.resting) <= max(4, stream.tolerance(rest)))
        // The model's swipe velocity is GtkGestureSwipe's, as the web view's own gesture reported it.
        #expect(prediction.flings.map { ($0.measured * 1000).rounded() / 1000 } == stream.swipes)
    }

    @Test func aSlowDragIsFollowedToTheWholePixelAtEveryFrame() throws {
        let stream = WebKitGTKScrollStream.slowDrag
        let prediction = Self.model.predict(stream.input)
        let lift = try #require(stream.events.last { $0.kind == .up }?.time)
        let dragging = stream.frames.indices.filter { stream.frames[$0].touch < lift }
        #expect(dragging.count >= 5)
        // Whole px, as the page reads them; the same px but where a frame's touch stamp names a touch the scrolling
        // thread had not yet applied (measured: 1 frame of this stroke, 3 px behind).
        #expect(dragging.allSatisfy { prediction.offsets[$0] == prediction.offsets[$0].rounded() })
        let same = dragging.count { prediction.offsets[$0] == stream.frames[$0].offset }
        #expect(same >= dragging.count - 1, "\(same) of \(dragging.count) frames")
    }

    // MARK: - Made-up strokes

    /// A down at (400, 300), then motions at the given y (one per 10 ms), each frame 1 ms after its event.
    static func drag(_ ys: [Double], lift: Bool = false) -> ScrollModelInput {
        var events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 300)]
        for (index, y) in ys.enumerated() { events.append(ScrollTouchEvent(.motion, time: t0 + Double(10 * (index + 1)), x: 400, y: y)) }
        if lift { events.append(ScrollTouchEvent(.up, time: t0 + Double(10 * ys.count), x: 400, y: ys.last ?? 300)) }
        let frames = events.map { ScrollFrame(time: $0.time + 1, lastTouch: $0.time) }
        return ScrollModelInput(startOffset: 5000, events: events, frames: frames)
    }

    @Test func theDragScrollsOncePastEightWholePixelsAndThenFollowsFromTheDown() {
        // 8.75 px truncates to 8: not beyond the threshold. 9 px is: the first wheel delta is the whole 9 px.
        let prediction = Self.model.predict(Self.drag([296, 291.25, 291, 280]))
        #expect(prediction.offsets == [5000, 5000, 5000, 5009, 5020])
        #expect(Self.model.predict(Self.drag([309])).offsets == [5000, 4991])
    }

    @Test func eachWheelDeltaLandsOnAWholePixel() {
        // Steps of 0.5 and 0.75 px (the slow drags of the corpus) move the page 1 px each: 10 steps, 10 px for 6.25.
        var ys: [Double] = [290]
        for step in 1...10 { ys.append(290 - Double(step / 2) * 1.25 - (step % 2 == 1 ? 0.75 : 0)) }
        let prediction = Self.model.predict(Self.drag(ys))
        #expect(prediction.offsets.first == 5000 && prediction.offsets[1] == 5010)
        #expect(prediction.offsets.last.map { Int($0) } == 5020, "\(prediction.offsets)")
        #expect(prediction.offsets.allSatisfy { $0 == $0.rounded() })
    }

    @Test func theFlingIsWebCoresKineticCurveFromTheSwipesClock() throws {
        // 10 motions of 8 px 8 ms apart: GtkGestureSwipe measures 1000 px/s (finger up: the offset grows).
        var events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 500)]
        for step in 1...10 { events.append(ScrollTouchEvent(.motion, time: t0 + Double(8 * step), x: 400, y: 500 - Double(8 * step))) }
        events.append(ScrollTouchEvent(.up, time: t0 + 80, x: 400, y: 420))
        let clock = t0 + 83
        let frames = (0...6).map { ScrollFrame(time: clock + Double($0) * 1000 / 60, lastTouch: t0 + 80) }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: events, frames: frames, flingClocks: [clock]))
        let fling = try #require(prediction.flings.first)
        #expect(fling.velocity == 1000)
        #expect(prediction.offsets[0] == 10_080)
        // ScrollAnimationKinetic's clock starts `latency` after the swipe handler; the page reads whole px.
        for k in 1...6 {
            let t = Double(k) / 60 - Self.model.latency / 1000
            #expect(prediction.offsets[k] == (10_080 + 1000 / 4 * (1 - exp(-4 * t))).rounded(), "tick \(k)")
        }
        // It ends when a tick moves it less than 1 px: at 60 Hz ticks, once its velocity is under 60 px/s, so it
        // rests (1000 − 60) / 4 = 235 px on, give or take a tick and the rounding.
        #expect(abs(prediction.resting - (10_080 + 235)) <= 2)
    }

    @Test func theNextDragStopsTheFlingAndItsLiftAddsTheFlingsVelocity() throws {
        var events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 500)]
        for step in 1...10 { events.append(ScrollTouchEvent(.motion, time: t0 + Double(8 * step), x: 400, y: 500 - Double(8 * step))) }
        events.append(ScrollTouchEvent(.up, time: t0 + 80, x: 400, y: 420))
        events.append(ScrollTouchEvent(.down, time: t0 + 200, x: 400, y: 500))
        for step in 1...10 { events.append(ScrollTouchEvent(.motion, time: t0 + 200 + Double(8 * step), x: 400, y: 500 - Double(8 * step))) }
        events.append(ScrollTouchEvent(.up, time: t0 + 280, x: 400, y: 420))
        let frames = stride(from: t0 + 81, to: t0 + 700, by: 4.0).map { time in
            ScrollFrame(time: time, lastTouch: events.last { $0.time <= time - 1 }?.time)
        }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: events, frames: frames))
        #expect(prediction.flings.count == 2)
        let first = try #require(prediction.flings.first), second = try #require(prediction.flings.last)
        #expect(first.velocity == 1000 && second.measured == 1000)
        // The interrupted fling would still run at 1000·e^(−4·0.2) px/s at the second lift's clock; the lift adds it
        // times min((v − 0.33·last) / (0.67·last), 6) (ScrollAnimationKinetic::startAnimatedScrollWithInitialVelocity).
        let last = 1000 * exp(-4 * 0.2)
        let expected = 1000 + last * min((1000 - 0.33 * last) / (0.67 * last), 6)
        #expect(abs(second.velocity - expected) < 1e-6)
        // The second touch-down does not stop the fling (its Began wheel event has no delta); the drag's first
        // movement does: the frames between them still move.
        let beforeDrag = frames.indices.filter { (t0 + 200...t0 + 208).contains(frames[$0].lastTouch ?? 0) }
        #expect(beforeDrag.count >= 2)
        #expect(Set(beforeDrag.map { prediction.offsets[$0] }).count == beforeDrag.count)
    }

    @Test func aTapLeavesTheFlingRunning() throws {
        var events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 500)]
        for step in 1...10 { events.append(ScrollTouchEvent(.motion, time: t0 + Double(8 * step), x: 400, y: 500 - Double(16 * step))) }
        events.append(ScrollTouchEvent(.up, time: t0 + 80, x: 400, y: 340))
        let flung = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: events, frames: []))
        events += [ScrollTouchEvent(.down, time: t0 + 200, x: 400, y: 300), ScrollTouchEvent(.up, time: t0 + 260, x: 400, y: 300)]
        let tapped = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: events, frames: []))
        #expect(tapped.flings.count == 1)
        #expect(tapped.resting == flung.resting && tapped.resting > 10_160 + 400)
    }

    @Test func aLiftWithoutADragDoesNotFling() {
        // A 6 px wiggle never passed the threshold: webkitWebViewBaseTouchSwipe returns before any momentum event.
        let prediction = Self.model.predict(Self.drag([298, 296, 294], lift: true))
        #expect(prediction.flings.isEmpty)
        #expect(prediction.resting == 5000)
    }
}
