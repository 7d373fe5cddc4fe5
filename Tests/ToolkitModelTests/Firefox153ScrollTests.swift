import Foundation
import Testing
import TouchKit

/// The firefox-153 scroll model on small made-up strokes whose values follow from APZ's rules (the touch-start
/// tolerance, the follow, SimpleVelocityTracker, DesktopFlingPhysics sampled at the compositor's frame callbacks, the
/// fling accelerator), and on a stroke the real Firefox 153.8.0 received (FirefoxScrollStreams).
/// Made-up strokes start here (ms since boot, not 0-based).
private let t0 = 4_000_000.0

@Suite struct Firefox153ScrollTests {
    static let model = Firefox153Scroll()

    /// A frame after each event, the page having seen it.
    static func seen(_ events: [ScrollTouchEvent]) -> [ScrollFrame] {
        events.map { ScrollFrame(time: $0.time + 1, lastTouch: $0.time) }
    }

    @Test func everyFrameThePageReadIsTheModelsOffset() {
        let stream = FirefoxScrollStream.flick
        let prediction = Self.model.predict(stream.input)
        #expect(prediction.offsets.count == stream.frames.count)
        // Whole px like scrollY, within 2 px of every frame (measured: 0 to 2 px, the fling's first composite the worst).
        for (frame, predicted) in zip(stream.frames, prediction.offsets) {
            #expect(predicted == predicted.rounded())
            #expect(abs(frame.offset - predicted) <= 2, "frame \(frame.time): Firefox \(frame.offset), model \(predicted)")
        }
        // A decelerating flick: 893 px/s at the lift (the last five 8 ms moves), a fling, and rest within 4 px.
        #expect(prediction.flings.count == 1 && (prediction.flings[0].measured).rounded() == 893)
        #expect(abs(prediction.resting - stream.rest) <= 4, "rest: Firefox \(stream.rest), model \(prediction.resting)")
    }

    @Test func theToleranceIsATenthOfAnInchAtTheHarnessDPI() {
        #expect(abs(Self.model.touchStartTolerance - 2.54) < 1e-9)
    }

    @Test func thePanStartsPastTheToleranceFromAWholePixelAndThenFollowsTheFinger() {
        // 2 px: under the tolerance, nothing. 5 px: the pan starts; its split point is the whole px short of 2.54 px
        // (2 px), so the view has moved 3 px. Then every px of the finger is a px of the view.
        let events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 500), ScrollTouchEvent(.motion, time: t0 + 10, x: 400, y: 498),
                      ScrollTouchEvent(.motion, time: t0 + 20, x: 400, y: 495), ScrollTouchEvent(.motion, time: t0 + 30, x: 400, y: 480),
                      ScrollTouchEvent(.motion, time: t0 + 40, x: 400, y: 490)]
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 7000, events: events, frames: Self.seen(events)))
        #expect(prediction.offsets == [7000, 7000, 7003, 7018, 7008])
    }

    @Test func aSlowLiftStartsNoFling() {
        // 0.3 px/ms at the lift: under apz.fling_min_velocity_threshold (0.5 px/ms).
        var events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 500)]
        for step in 1...10 { events.append(ScrollTouchEvent(.motion, time: t0 + Double(step) * 10, x: 400, y: 500 - Double(step) * 3)) }
        events.append(ScrollTouchEvent(.up, time: t0 + 100, x: 400, y: 470))
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 7000, events: events, frames: Self.seen(events)))
        #expect(prediction.flings.count == 1 && abs(prediction.flings[0].measured - 300) < 1e-6)
        #expect(prediction.flings[0].velocity == 0)
        #expect(prediction.resting == prediction.offsets.last)
    }

    /// A steady 2 px/ms flick lifted at t0 + 100.
    static let flick: [ScrollTouchEvent] = {
        var events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 600)]
        for step in 1...10 { events.append(ScrollTouchEvent(.motion, time: t0 + Double(step) * 10, x: 400, y: 600 - Double(step) * 20)) }
        events.append(ScrollTouchEvent(.up, time: t0 + 100, x: 400, y: 400))
        return events
    }()

    @Test func theFlingDecaysByTheFrictionPerMillisecondAtEachCompositorSample() throws {
        // The compositor's frame callbacks every 25 ms; the page's frames every 16 ms; the lift at t0 + 100.
        let vsyncs = stride(from: t0 + 5, through: t0 + 400, by: 25).map { $0 }
        let frames = stride(from: t0 + 1, through: t0 + 400, by: 16).map { ScrollFrame(time: $0, lastTouch: min($0 - 1, t0 + 100)) }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 7000, events: Self.flick, frames: frames, vsyncs: vsyncs))
        let fling = try #require(prediction.flings.first)
        #expect(abs(fling.measured - 2000) < 1e-6 && fling.velocity == fling.measured)
        // At the lift the view has followed 200 px less the 2 px split. The fling starts at the lift's time; a
        // composite at vsync V samples it for V + 12.7 ms and the page sees that from V − 6 ms on.
        var velocity = 2.0, clock = t0 + 100, offset = 7198.0
        var expected: [Double: Double] = [:]
        for vsync in vsyncs where vsync - 6 > t0 + 100 {
            let time = vsync + 12.7
            velocity *= pow(0.998, time - clock)
            offset += velocity * (time - clock)
            clock = time
            expected[vsync - 6] = offset
        }
        for (frame, predicted) in zip(frames, prediction.offsets) where frame.time > t0 + 101 {
            let seen = expected.filter { $0.key <= frame.time }.max { $0.key < $1.key }?.value ?? 7198
            #expect(predicted == seen.rounded(), "frame \(frame.time - t0)")
        }
    }

    @Test func theFlingStopsOnceItsVelocityIsAtTheStoppedThreshold() {
        let frames = [ScrollFrame(time: t0 + 101, lastTouch: t0 + 100)]
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 7000, events: Self.flick, frames: frames))
        // Sampled at the frame (1 ms after the lift), then on at 60 Hz: the sum of v·0.998^Δt·Δt until v ≤ 0.01 px/ms.
        var velocity = 2.0 * 0.998, offset = 7198.0 + 2.0 * 0.998
        while velocity > 0.01 {
            velocity *= pow(0.998, 1000 / 60)
            offset += velocity * 1000 / 60
        }
        #expect(prediction.resting == offset.rounded())
    }

    @Test func aTouchDownStopsTheFlingWhereItIs() {
        let down = ScrollTouchEvent(.down, id: 1, time: t0 + 300, x: 400, y: 300)
        let events = Self.flick + [down, ScrollTouchEvent(.up, id: 1, time: t0 + 340, x: 400, y: 300)]
        let frames = stride(from: t0 + 101, through: t0 + 600, by: 16).map {
            ScrollFrame(time: $0, lastTouch: $0 >= t0 + 340 ? t0 + 340 : $0 >= t0 + 300 ? t0 + 300 : t0 + 100)
        }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 7000, events: events, frames: frames))
        let after = zip(frames, prediction.offsets).filter { $0.0.time > t0 + 300 }.map(\.1)
        #expect(Set(after).count == 1 && prediction.resting == after.first)
        #expect(after.first! > 7198 + 200)
    }

    @Test func aTouchDownDuringAFastFlingStopsItThoughThePageNeverSawIt() {
        // The page's last touch stays the flick's lift (InputQueue sends a block begun during a fast fling no event);
        // the fling stops at the down's wl_touch time all the same.
        let events = Self.flick + [ScrollTouchEvent(.down, id: 1, time: t0 + 300, x: 400, y: 300),
                                   ScrollTouchEvent(.up, id: 1, time: t0 + 340, x: 400, y: 300)]
        let frames = stride(from: t0 + 101, through: t0 + 600, by: 16).map { ScrollFrame(time: $0, lastTouch: t0 + 100) }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 7000, events: events, frames: frames))
        let after = zip(frames, prediction.offsets).filter { $0.0.time > t0 + 300 }.map(\.1)
        #expect(Set(after).count == 1 && prediction.resting == after.first)
        // And the same as when the page saw the tap.
        let seenFrames = frames.map { ScrollFrame(time: $0.time, lastTouch: $0.time >= t0 + 340 ? t0 + 340 : $0.time >= t0 + 300 ? t0 + 300 : t0 + 100) }
        #expect(Self.model.predict(ScrollModelInput(startOffset: 7000, events: events, frames: seenFrames)).resting == prediction.resting)
    }

    @Test func aSecondFlickSoonAfterIsNotAcceleratedItsPanBeganAtTheToleranceSamplesSpeed() throws {
        // The second flick goes down while the first still flings at over 1.5 px/ms (apz.fling_accel_min_fling_velocity),
        // pans 10 ms after its down and lifts at 2 px/ms; but TrackTouch's first velocity is the tolerance split's
        // sample, 2 px in 10 ms = 0.2 px/ms, under apz.fling_accel_min_pan_velocity (0.8): FlingAccelerator adds nothing.
        var events = Self.flick
        let start = t0 + 200
        events.append(ScrollTouchEvent(.down, id: 1, time: start, x: 400, y: 600))
        for step in 1...10 { events.append(ScrollTouchEvent(.motion, id: 1, time: start + Double(step) * 10, x: 400, y: 600 - Double(step) * 20)) }
        events.append(ScrollTouchEvent(.up, id: 1, time: start + 100, x: 400, y: 400))
        let frames = stride(from: t0 + 1, through: t0 + 400, by: 16).map { ScrollFrame(time: $0, lastTouch: $0 - 1) }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 7000, events: events, frames: frames))
        #expect(prediction.flings.count == 2)
        let second = try #require(prediction.flings.last)
        #expect(abs(second.measured - 2000) < 1e-6 && second.velocity == second.measured)
        // With the pan-velocity floor lowered under that sample, the same strokes accelerate: 2 + 2 px/ms.
        var lowered = Self.model
        lowered.accelMinPanVelocity = 0.1
        let accelerated = try #require(lowered.predict(ScrollModelInput(startOffset: 7000, events: events, frames: frames)).flings.last)
        #expect(abs(accelerated.velocity - 4000) < 1e-6)
    }

    @Test func aFlickAfterAPauseIsNotAccelerated() throws {
        // The same second flick held 80 ms before it moves: past apz.fling_accel_max_pause_interval_ms (50).
        var events = Self.flick
        let start = t0 + 200
        events.append(ScrollTouchEvent(.down, id: 1, time: start, x: 400, y: 600))
        for step in 1...10 { events.append(ScrollTouchEvent(.motion, id: 1, time: start + 80 + Double(step) * 10, x: 400, y: 600 - Double(step) * 20)) }
        events.append(ScrollTouchEvent(.up, id: 1, time: start + 180, x: 400, y: 400))
        let frames = stride(from: t0 + 1, through: t0 + 500, by: 16).map { ScrollFrame(time: $0, lastTouch: $0 - 1) }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 7000, events: events, frames: frames))
        let second = try #require(prediction.flings.last)
        #expect(prediction.flings.count == 2 && second.velocity == second.measured)
    }
}
