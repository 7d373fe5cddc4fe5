import Testing
import TouchKit

/// The qt-6.4 scroll model on small made-up strokes whose values follow from Qt 6.4's rules (qquickflickable.cpp,
/// qquicktimeline.cpp), and on strokes the real Qt 6.4.2 Flickable received (QtScrollStreams).
/// Made-up strokes start here (ms since boot, not 0-based).
private let t0 = 4_000_000.0

@Suite struct Qt64FlickableScrollTests {
    static let model = Qt64FlickableScroll()

    @Test(arguments: [("flick", QtScrollStream.flick300120msSteady), ("two motions per frame", QtScrollStream.batched300120ms),
                      ("two flicks", QtScrollStream.twoFlicks400msApart), ("a tap stops a fling", QtScrollStream.tapStopsFling350ms)])
    func everyFrameQtDrewIsTheModelsOffset(_ name: String, _ stream: QtScrollStream) {
        let prediction = Self.model.predict(stream.input)
        #expect(prediction.offsets.count == stream.frames.count)
        // Every frame Qt drew, to the 4 decimals the oracle prints (measured: all to 0.0001 px).
        for (frame, predicted) in zip(stream.frames, prediction.offsets) {
            #expect(abs(frame.offset - predicted) < 0.001, "\(name): frame at \(frame.time) ms: Qt \(frame.offset), model \(predicted)")
        }
        // The fling velocities the Flickable reported (3 decimals), and a rest on a whole pixel where Qt's last frame was.
        #expect(prediction.flings.count == stream.flings.count)
        for (fling, real) in zip(prediction.flings, stream.flings) { #expect(abs(fling.velocity - real) < 0.002) }
        #expect(prediction.resting == stream.frames.last?.offset && prediction.resting == prediction.resting.rounded())
    }

    @Test func aPressOnAFlingStopsItAtTheTickBeforeThePressDrawnOrNot() {
        // The tap lands 564 ms in: the fling's last tick before it had drawn no frame yet (real: 698 px from the start);
        // without that tick the model stops the fling at the frame before (645 px).
        let stream = QtScrollStream.tapStopsFling350ms
        var blind = stream.input
        blind.pressClocks = []
        let seen = Self.model.predict(stream.input), unseen = Self.model.predict(blind)
        #expect(seen.resting == stream.frames.last?.offset && seen.resting - stream.startOffset == 698)
        #expect(unseen.resting - stream.startOffset == 645)
    }

    static func event(_ kind: ScrollTouchEvent.Kind, _ ms: Double, _ y: Double, frame: Int) -> ScrollTouchEvent {
        ScrollTouchEvent(kind, time: t0 + ms, x: 400, y: y, frame: frame)
    }

    /// One frame right after each event (its tick just before the event: the event is drawn, the tick is not yet).
    static func framesAfter(_ events: [ScrollTouchEvent]) -> [ScrollFrame] {
        events.map { ScrollFrame(time: $0.time - 0.5, lastTouch: $0.time) }
    }

    @Test func theDragStartsOnTheSecondMovePastTenPixelsWithoutAJump() {
        // 5 and 10 px: under startDragDistance. 11 px: past it, the Flickable takes the drag but does not move.
        // 20 px: the first move of the drag, dragStartOffset = 20, so the content stays. 50 px: 30 px behind.
        let events = [Self.event(.down, 0, 300, frame: 0), Self.event(.motion, 10, 305, frame: 1),
                      Self.event(.motion, 20, 310, frame: 2), Self.event(.motion, 30, 311, frame: 3),
                      Self.event(.motion, 40, 320, frame: 4), Self.event(.motion, 50, 350, frame: 5)]
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 5000, events: events, frames: Self.framesAfter(events)))
        #expect(prediction.offsets == [5000, 5000, 5000, 5000, 5000, 4970])
    }

    @Test func theLiftFlingsWithSevenTenthsOfTheLastThreeMovesSpeed() throws {
        // Four moves 10 ms apart, 20 px up each: 2000 px/s instantaneous, each event's velocity 0.7 of it (Qt 6.4.2
        // keeps nothing of the previous one), the mean of the last three 1400 px/s; contentY grows.
        var events = [Self.event(.down, 0, 400, frame: 0)]
        for index in 1...4 { events.append(Self.event(.motion, Double(index) * 10, 400 - Double(index) * 20, frame: index)) }
        events.append(Self.event(.up, 45, 320, frame: 5))
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 5000, events: events, frames: Self.framesAfter(events)))
        let fling = try #require(prediction.flings.first)
        #expect(abs(fling.measured - 1400) < 1e-9 && fling.velocity == fling.measured)
        // The drag moved 40 px (from the second move past the threshold on); the fling adds 1400² / (2 × 1500) =
        // 653.3 px, ended on a whole pixel.
        #expect(prediction.resting == 5040 + 653)
    }

    @Test func theFlingDeceleratesUniformlyTickByTickFromTheClockItWasGiven() {
        var events = [Self.event(.down, 0, 400, frame: 0)]
        for index in 1...4 { events.append(Self.event(.motion, Double(index) * 10, 400 - Double(index) * 20, frame: index)) }
        events.append(Self.event(.up, 45, 320, frame: 5))
        let clock = t0 + 40.3
        let ticks = [clock + 16, clock + 33, clock + 100, clock + 2000]
        let frames = Self.framesAfter(events) + ticks.map { ScrollFrame(time: $0, lastTouch: t0 + 45) }
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 5000, events: events, frames: frames, flingClocks: [clock]))
        // QQuickTimeLine's accel: x(τ) = v·τ − ½·a·τ², a = v² / (2 × 653) so the fling ends on a whole pixel, τ in
        // whole ms since the clock; it stops at int(1000 · v / a) ms.
        let a = 1400.0 * 1400 / (2 * 653)
        func x(_ ms: Double) -> Double { 5040 + 1400 * ms / 1000 - 0.5 * a * (ms / 1000) * (ms / 1000) }
        let flung = Array(prediction.offsets.suffix(4))
        #expect(abs(flung[0] - x(16)) < 1e-9 && abs(flung[1] - x(33)) < 1e-9 && abs(flung[2] - x(100)) < 1e-9)
        #expect(abs(flung[3] - 5693) < 0.01)
    }

    @Test func aLiftAfterAPauseDoesNotFlingAndRoundsToAWholePixel() {
        // The last move 150 ms before the lift: no fling (handleReleaseEvent takes no velocity 100 ms after the last move); fixup
        // puts the fractional drag offset on a whole pixel.
        let events = [Self.event(.down, 0, 400, frame: 0), Self.event(.motion, 10, 380, frame: 1),
                      Self.event(.motion, 20, 360, frame: 2), Self.event(.motion, 30, 339.9, frame: 3),
                      Self.event(.up, 180, 339.9, frame: 4)]
        let prediction = Self.model.predict(ScrollModelInput(startOffset: 5000, events: events, frames: Self.framesAfter(events)))
        #expect(prediction.flings.isEmpty)
        #expect(abs(prediction.offsets[3] - 5020.1) < 1e-9)
        #expect(prediction.resting == 5020)
    }

    @Test func twoMotionsInOneWaylandFrameAreOneQtEvent() {
        // The 20 px and 40 px moves share a wl_touch frame: Qt sees only the 40 px one, which takes the drag, and
        // the 60 px one starts it. In two frames the 20 px one takes the drag, the 40 px one starts it, and the 60 px
        // one has moved the content 20 px.
        let together = [Self.event(.down, 0, 400, frame: 0), Self.event(.motion, 10, 380, frame: 1),
                        Self.event(.motion, 10, 360, frame: 1), Self.event(.motion, 20, 340, frame: 2)]
        var apart = together
        apart[2].frame = 2
        apart[3].frame = 3
        let frame = [ScrollFrame(time: t0 + 19, lastTouch: t0 + 20)]
        #expect(Self.model.predict(ScrollModelInput(startOffset: 5000, events: together, frames: frame)).offsets == [5000])
        #expect(Self.model.predict(ScrollModelInput(startOffset: 5000, events: apart, frames: frame)).offsets == [5020])
    }
}
