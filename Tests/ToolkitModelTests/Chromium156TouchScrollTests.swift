import Testing
import ToolkitOracles
import TouchKit

/// The chromium-156 scroll model on strokes the real Chromium 156 received (ChromiumScrollStreams), frame by frame
/// against window.scrollY at each of its page's animation frames, and on made-up strokes whose values follow from
/// Chromium's rules. Made-up strokes start here (ms since boot, not 0-based).
private let t0 = 7_000_000.0

@Suite struct Chromium156TouchScrollTests {
    static let model = Chromium156TouchScroll()

    static func agrees(_ real: Double, _ model: Double, from start: Double, _ pixels: Double, _ share: Double) -> Bool {
        abs(real - model) <= max(pixels, share * abs(real - start))
    }

    @Test(arguments: [("slow drag", ChromiumScrollStream.slowDrag), ("flick", ChromiumScrollStream.flick),
                      ("lift after a pause", ChromiumScrollStream.liftAfterPause), ("wiggle", ChromiumScrollStream.wiggle)])
    func everyFrameThePageSawIsTheModelsWithinTheTolerance(_ name: String, _ stream: ChromiumScrollStream) {
        let prediction = Self.model.predict(stream.input)
        #expect(prediction.offsets.count == stream.frames.count)
        for (frame, predicted) in zip(stream.frames, prediction.offsets) {
            #expect(Self.agrees(frame.offset, predicted, from: stream.startOffset, ScrollCaseResult.frameTolerance, ScrollCaseResult.frameShare),
                    "\(name): frame \(frame.time) ms: Chromium \(frame.offset), model \(predicted)")
        }
        let rest = stream.frames.last!.offset
        #expect(Self.agrees(rest, prediction.resting, from: stream.startOffset, ScrollCaseResult.restTolerance, ScrollCaseResult.restShare))
    }

    @Test func aWiggleInsideTheSlopNeverScrolls() {
        let prediction = Self.model.predict(ChromiumScrollStream.wiggle.input)
        #expect(Set(prediction.offsets) == [ChromiumScrollStream.wiggle.startOffset])
        #expect(prediction.flings.isEmpty)
    }

    @Test func aLiftAfterAPauseDoesNotFlingAndKeepsWhatTheLastResamplingMade() {
        let stream = ChromiumScrollStream.liftAfterPause
        let prediction = Self.model.predict(stream.input)
        #expect(prediction.flings.isEmpty)
        // The finger went 300 px, 285 past the slop; the page stopped 288 px from its start (real and model): the last
        // frame's resampling extrapolated 3 px past the last move, and no later scroll update took them back.
        #expect(abs(stream.frames.last!.offset - stream.startOffset) == 288)
        #expect(abs(abs(prediction.resting - stream.startOffset) - 288) < 1)
    }

    @Test func theFlickFlingsOnAfterTheLift() throws {
        let stream = ChromiumScrollStream.flick
        let prediction = Self.model.predict(stream.input)
        let fling = try #require(prediction.flings.first)
        #expect(prediction.flings.count == 1)
        // The finger went up the screen: the offset grows, and keeps growing after the lift.
        #expect(fling.measured > 500 && fling.velocity == fling.measured)
        let lift = try #require(stream.events.last { $0.kind == .up }?.time)
        let atLift = try #require(stream.frames.last { $0.time <= lift }?.offset)
        #expect(stream.frames.last!.offset > atLift + 100)
    }

    // MARK: - Made-up strokes

    /// One finger from (400, 600) moving by `steps` px every 8 ms from 40 ms after the down, then lifted `lift` ms
    /// after the last motion; 60 Hz frames from `t0` for `frames` frames.
    static func stroke(at start: Double = t0, by steps: [Double], lift: Double = 0, startY: Double = 600) -> [ScrollTouchEvent] {
        var events = [ScrollTouchEvent(.down, time: start, x: 400, y: startY)]
        var y = startY, time = start + 40
        for step in steps {
            y += step
            events.append(ScrollTouchEvent(.motion, time: time, x: 400, y: y))
            time += 8
        }
        events.append(ScrollTouchEvent(.up, time: time - 8 + lift, x: 400, y: y))
        return events
    }

    static func frames(from start: Double = t0, count: Int) -> [ScrollFrame] {
        (0..<count).map { ScrollFrame(time: start + 4 + Double($0) * 1000 / 60, lastTouch: nil) }
    }

    @Test func theScrollStartsPastTwiceTheSlopAndDropsTheSlopFromItsFirstDelta() {
        // 30 px from the down is inside the expanded slop (2 × 15.05 px: wl_touch has no contact size).
        let inside = Self.model.predict(ScrollModelInput(startOffset: 5000, events: Self.stroke(by: [10, 10, 10], lift: 200),
                                                         frames: Self.frames(count: 30)))
        #expect(inside.resting == 5000)
        // 31 px scrolls by 31 − 15 (ComputeFirstScrollDelta); the lift 200 ms later does not fling.
        let past = Self.model.predict(ScrollModelInput(startOffset: 5000, events: Self.stroke(by: [10, 10, 11], lift: 200),
                                                       frames: Self.frames(count: 30)))
        #expect(abs(past.resting - (5000 - 16)) < 1e-6)
        #expect(past.flings.isEmpty)
    }

    @Test func aSteadyFlickFlingsAtItsSpeedAlongThePhysicsBasedCurve() throws {
        // 9.6 px every 8 ms: 1200 px/s up the screen, lifted with the last motion.
        let events = Self.stroke(by: Array(repeating: -9.6, count: 20))
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 50_000, events: events, frames: Self.frames(count: 90)))
        let fling = try #require(prediction.flings.first)
        // LSQ2 on a straight line: exactly its slope (the offset grows when the finger goes up).
        #expect(abs(fling.measured - 1200) < 0.01)
        // The finger went 192 px, 177 past the slop; the fling adds v² / (2 · 96 px/in · 2.7559e-5 in/ms²) = 272.1 px,
        // but its last tick (the curve's end) is never sent: a fraction of a px short.
        let travel = 177 + 1.2 * 1.2 / (2 * 96 * 2.7559e-5)
        #expect(prediction.resting - 50_000 < travel && prediction.resting - 50_000 > travel - 1)
    }

    @Test func aFastFlingStopsAtThreeViewportHeights() {
        let events = Self.stroke(by: Array(repeating: -48, count: 10))
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 50_000, events: events, frames: Self.frames(count: 200)))
        // 6000 px/s would travel 6800 px; the curve's bound is 3 × the 720 px viewport (the finger: 480 px, 465 past
        // the slop).
        #expect(abs(prediction.flings[0].measured - 6000) < 0.01)
        let travel = 480 - 15 + 2160.0
        #expect(prediction.resting - 50_000 <= travel && prediction.resting - 50_000 > travel - 1)
    }

    @Test func aSecondFlickSoonAfterATouchDownAddsTheFirstFlingsStartingVelocity() throws {
        let first = Self.stroke(by: Array(repeating: -16, count: 12))
        // The second finger lands 100 ms after the first lift, while the first fling runs, and scrolls within 50 ms.
        let second = Self.stroke(at: first.last!.time + 100, by: Array(repeating: -16, count: 12))
        let input = ScrollModelInput(startOffset: 50_000, events: first + second, frames: Self.frames(count: 200))
        let prediction = Self.model.predict(input)
        #expect(prediction.flings.count == 2)
        let (a, b) = (prediction.flings[0], prediction.flings[1])
        #expect(abs(a.measured - 2000) < 0.01 && abs(b.measured - 2000) < 0.01)
        #expect(abs(b.velocity - (b.measured + a.velocity)) < 1e-9)
        // The other way: no boost.
        let back = Self.stroke(at: first.last!.time + 100, by: Array(repeating: 16, count: 12), startY: 300)
        let reversed = Self.model.predict(ScrollModelInput(startOffset: 50_000, events: first + back, frames: Self.frames(count: 200)))
        #expect(reversed.flings.count == 2 && reversed.flings[1].velocity == reversed.flings[1].measured)
    }

    @Test func aTouchDownStopsTheFlingWhereItWas() {
        let flick = Self.stroke(by: Array(repeating: -16, count: 12))
        let tapAt = flick.last!.time + 150
        let tap = [ScrollTouchEvent(.down, time: tapAt, x: 400, y: 300), ScrollTouchEvent(.up, time: tapAt + 60, x: 400, y: 300)]
        let frames = Self.frames(count: 120)
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 50_000, events: flick + tap, frames: frames))
        let after = zip(frames, prediction.offsets).filter { $0.0.time > tapAt + 20 }.map(\.1)
        #expect(Set(after).count == 1)
        #expect(prediction.resting == after.first)
        // Stopped short of where the fling would have gone.
        let free = Self.model.predict(ScrollModelInput(startOffset: 50_000, events: flick, frames: frames))
        #expect(free.resting > prediction.resting + 100)
    }
}
