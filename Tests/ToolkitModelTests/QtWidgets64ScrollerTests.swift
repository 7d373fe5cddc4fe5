import Testing
import TouchKit

/// The qtwidgets-6.4 scroll model on made-up strokes whose values follow from QScroller's rules at Qt 6.4's default
/// QScrollerProperties and 1000 px per metre (weston's headless output). Made-up strokes start here (ms since boot).
private let t0 = 4_000_000.0

@Suite struct QtWidgets64ScrollerTests {
    static let model = QtWidgets64Scroller()

    /// A frame (a scroller tick) 1 ms after each event, having handled it.
    static func frames(after events: [ScrollTouchEvent]) -> [ScrollFrame] {
        events.map { ScrollFrame(time: $0.time + 1, lastTouch: $0.time) }
    }

    /// A finger going up `step` px every 8 ms for `steps` motions from (400, 500), lifted at the last.
    static func flick(step: Double, steps: Int, from start: Double = t0) -> [ScrollTouchEvent] {
        var events = [ScrollTouchEvent(.down, time: start, x: 400, y: 500)]
        for k in 1...steps {
            events.append(ScrollTouchEvent(.motion, time: start + Double(8 * k), x: 400, y: 500 - step * Double(k)))
        }
        events.append(ScrollTouchEvent(.up, time: start + Double(8 * steps), x: 400, y: 500 - step * Double(steps)))
        return events
    }

    @Test func theDragStartsPastFiveMillimetresAndThenFollowsTheFingerOnWholePixels() {
        // 5 px (5 mm Manhattan) is not past DragStartDistance; 6 px is, less 0.005 px (the metres subtracted as a
        // share of px), shown truncated; from the next move on the finger is followed exactly on whole px.
        let events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 300), ScrollTouchEvent(.motion, time: t0 + 10, x: 400, y: 295),
                      ScrollTouchEvent(.motion, time: t0 + 20, x: 400, y: 294), ScrollTouchEvent(.motion, time: t0 + 30, x: 400, y: 283.6),
                      ScrollTouchEvent(.motion, time: t0 + 40, x: 400, y: 250)]
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 5000, events: events, frames: Self.frames(after: events)))
        // 5 px: still pressed; 6 px: 5005.995 shown 5005; 283.6 is taken as 284: 5016; 250: 5050.
        #expect(prediction.offsets == [5000, 5000, 5005, 5016, 5050])
    }

    @Test func aMoveMostlySidewaysEndsTheGestureForTheRestOfTheStroke() {
        let events = [ScrollTouchEvent(.down, time: t0, x: 400, y: 300), ScrollTouchEvent(.motion, time: t0 + 10, x: 410, y: 296),
                      ScrollTouchEvent(.motion, time: t0 + 20, x: 410, y: 200), ScrollTouchEvent(.up, time: t0 + 30, x: 410, y: 200)]
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 5000, events: events, frames: Self.frames(after: events)))
        #expect(prediction.offsets == [5000, 5000, 5000, 5000])
        #expect(prediction.flings.isEmpty)
    }

    @Test func aFastFlickFlingsAtMaximumVelocityOnAnOutQuadCurve() throws {
        // 16 px per 8 ms is 2 m/s: the release velocity is bounded to MaximumVelocity, 0.5 m/s = 500 px/s.
        let events = Self.flick(step: 16, steps: 10)
        let lift = t0 + 80
        let ticks = [ScrollFrame(time: lift - 7, lastTouch: lift - 8)] + (0...300).map {
            ScrollFrame(time: lift + 16 * Double($0), lastTouch: lift)
        }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: events, frames: ticks,
                                                             flingClocks: [lift]))
        let fling = try #require(prediction.flings.first)
        #expect(fling.measured == 500)
        // Duration 2 × 0.5 / (0.125 × 1.99) s (OutQuad's slope at 0 by differentialForProgress), distance
        // 1000 × T² × 0.125 / 2 px, from where the last drag tick left the view (the lift's own 16 px still pending
        // is dropped: a release does not apply the drag since the last tick).
        let seconds = 1.0 / (0.125 * 1.99), distance = 1000 * seconds * seconds * 0.0625
        let start = 10_000.0 + 16 * 9
        #expect(prediction.offsets[0] == start)
        for (k, offset) in prediction.offsets.enumerated().dropFirst() {
            let progress = min(16 * Double(k - 1) / (seconds * 1000), 1)
            #expect(offset == (start + distance * progress * (2 - progress)).rounded(.towardZero))
        }
        #expect(prediction.resting == (start + distance).rounded(.towardZero))
        #expect(abs(distance - 1010.1) < 0.1)
    }

    @Test func aLiftAfterAHundredMillisecondsStillDoesNotFling() {
        var events = Self.flick(step: 16, steps: 10)
        let up = events.removeLast()
        events.append(ScrollTouchEvent(.up, time: up.time + 100, x: up.x, y: up.y))
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: events, frames: Self.frames(after: events)))
        #expect(prediction.flings.isEmpty)
        // A lift 40 ms after the last motion decays the velocity by 1 − 0.8 × 40/50 before flinging.
        var soon = Self.flick(step: 16, steps: 10)
        soon[soon.count - 1].time += 40
        let decayed = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: soon, frames: Self.frames(after: soon)))
        #expect(abs((decayed.flings.first?.measured ?? 0) - 500 * 0.36) < 1e-9)
    }

    @Test func aPressOnAFastFlingDragsAtOnceAndASecondFlickTriplesTheFirstsVelocity() throws {
        // The first flick: 2 px per 8 ms (250 px/s, smoothed in from 0). The second starts 100 ms after the first
        // lift, while the fling runs faster than MaximumClickThroughVelocity: it drags from its first motion.
        let first = Self.flick(step: 2, steps: 10)
        let second = Self.flick(step: 2, steps: 10, from: t0 + 180)
        let events = first + second
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: events, frames: Self.frames(after: events)))
        #expect(prediction.flings.count == 2)
        let one = try #require(prediction.flings.first), two = try #require(prediction.flings.last)
        #expect(one.measured > 50 && one.measured < 250)
        // AcceleratingFlickSpeedupFactor 3, the same direction, lifted within 1.25 s of its press.
        #expect(abs(two.measured - min(3 * one.measured, 500)) < 1e-9)
    }

    @Test func aTapOnASlowFlingStopsItAndIsNotADrag() {
        // 1 px per 8 ms: a 125 px/s fling, 1 s long, its velocity falling linearly: 700 ms after the lift it is
        // under MaximumClickThroughVelocity (66.5 px/s), and a press stops it; the press's moves drag nothing.
        let first = Self.flick(step: 1, steps: 12)
        let tapAt = t0 + 96 + 700
        let tap = [ScrollTouchEvent(.down, time: tapAt, x: 400, y: 300), ScrollTouchEvent(.motion, time: tapAt + 10, x: 400, y: 200),
                   ScrollTouchEvent(.up, time: tapAt + 20, x: 400, y: 200)]
        let frames = stride(from: t0 + 97, through: tapAt + 400, by: 16).map { time in
            ScrollFrame(time: time, lastTouch: time >= tapAt + 20 ? tapAt + 20 : (time >= tapAt ? tapAt : t0 + 96))
        }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 10_000, events: first + tap, frames: frames))
        #expect(prediction.flings.count == 1)
        let stopped = frames.firstIndex { $0.lastTouch == tapAt }!
        #expect(Set(prediction.offsets[stopped...]).count == 1)
        #expect(prediction.resting == prediction.offsets[stopped])
    }

    @Test func theRunWaitsOutTheLongestFling() {
        #expect(abs(Self.model.longestFlingSeconds - 1 / (0.125 * 1.99)) < 1e-9)
        #expect(GTK48KineticScroll().longestFlingSeconds == 2)
    }
}
