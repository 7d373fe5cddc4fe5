import Testing
import TouchKit

/// `Event.predictedTouches(for:)` on scripted drags with compositor-sized times (ms since boot,
/// whole milliseconds as wl_touch gives them).
@Suite struct PredictedTouchTests {
    /// 43 days after boot, in seconds: the size of a real wl_touch time.
    static let boot = 3_712_405.117

    /// Records what the view's events predict and coalesce.
    final class Probe: View {
        var predicted: [[TouchSample]] = []
        var coalesced: [[TouchSample]] = []
        var stationaryPredictions: [[TouchSample]] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) { note(touches, event) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
            note(touches, event)
            for other in event.allTouches where other.phase == .stationary {
                stationaryPredictions.append(event.predictedTouches(for: other) ?? [])
            }
        }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) { note(touches, event) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { note(touches, event) }
        private func note(_ touches: Set<Touch>, _ event: Event) {
            guard let touch = touches.min(by: { $0.id < $1.id }) else { return }
            predicted.append(event.predictedTouches(for: touch) ?? [])
            coalesced.append(event.coalescedTouches(for: touch) ?? [])
        }
    }

    /// A rig with a full-window probe; frames arrive at whole-millisecond times after `boot`.
    final class Drag {
        let rig: Rig
        let probe: Probe
        init(presentationLead: Double? = nil) {
            rig = Rig(window: Window(frame: Rect(x: 0, y: 0, width: 2000, height: 2000), name: "window"))
            probe = Probe(frame: Rect(x: 0, y: 0, width: 2000, height: 2000), name: "probe")
            probe.isMultipleTouchEnabled = true
            rig.window.addSubview(probe)
            if let presentationLead { rig.app.presentationTime = { $0 + presentationLead } }
        }
        /// Sends `phase` at `path(ms)` for the finger at `ms` milliseconds after boot.
        func send(_ phase: TouchPhase, at ms: Double, _ location: Point, id: Int32 = 0) {
            let time = PredictedTouchTests.time(ms)
            rig.clock.advance(to: time)
            rig.app.handle(InputFrame(timestamp: time, passes: [[TouchInput(id: id, phase: phase, location: location)]]))
        }
    }

    static func time(_ ms: Double) -> Double { boot + ms.rounded(.down) / 1000 }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// A finger along `path` (ms → point), a frame every `interval` ms up to `end`, jittered
    /// by whole milliseconds the way wl_touch times are.
    static func drag(_ drag: Drag, path: (Double) -> Point, interval: Double = 8, end: Double) {
        drag.send(.began, at: 0, path(0))
        let jitter = [0.0, 1, -1, 0, 1, 0, -1, 0]
        var step = 1
        while Double(step) * interval <= end {
            let at = Double(step) * interval + jitter[step % jitter.count]
            drag.send(.moved, at: at, path(at))
            step += 1
        }
    }

    @Test func aStraightDragIsPredictedCloseToWhereTheFingerWillBe() throws {
        let lead = 0.0167
        let drag = Drag(presentationLead: lead)
        // 600 px/s down and to the right.
        let path = { (ms: Double) in Point(x: 100 + 0.48 * ms, y: 200 + 0.36 * ms) }
        Self.drag(drag, path: path, end: 240)
        let last = try #require(drag.probe.predicted.last?.last)
        let lastSample = try #require(drag.probe.coalesced.last?.last)
        #expect(abs(last.timestamp - (lastSample.timestamp + lead)) < 1e-9, "the last prediction is for the presentation time")
        let truth = path((last.timestamp - Self.boot) * 1000)
        #expect(Self.distance(last.windowLocation, truth) < 1.5, "predicted \(last.windowLocation), finger \(truth)")
        // Without prediction the drawing would be 10 px behind; every prediction of the drag helps.
        for (samples, coalesced) in zip(drag.probe.predicted.dropFirst(4), drag.probe.coalesced.dropFirst(4)) {
            let target = try #require(samples.last)
            let truthThen = path((target.timestamp - Self.boot) * 1000)
            let behind = Self.distance(try #require(coalesced.last).windowLocation, truthThen)
            #expect(Self.distance(target.windowLocation, truthThen) < behind / 3)
        }
        // Predicted samples run from after the last delivered one to the target, in time order.
        let samples = try #require(drag.probe.predicted.last)
        #expect(samples.count > 1)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        #expect(samples.first!.timestamp > lastSample.timestamp)
    }

    @Test func aCurveStaysNearThePath() throws {
        let drag = Drag(presentationLead: 0.0125)
        // A circle of radius 150 px at 1 turn per 1.6 s (590 px/s).
        let path = { (ms: Double) -> Point in
            let angle = ms / 1600 * 2 * Double.pi
            return Point(x: 500 + 150 * cosine(angle), y: 500 + 150 * sine(angle))
        }
        Self.drag(drag, path: path, end: 800)
        var errors: [Double] = []
        for samples in drag.probe.predicted.dropFirst(6) {
            let target = try #require(samples.last)
            errors.append(Self.distance(target.windowLocation, path((target.timestamp - Self.boot) * 1000)))
        }
        #expect(errors.max()! < 2.5, "largest error \(errors.max()!) px (lagging by 12.5 ms would be 7.4 px)")
    }

    @Test func aReversalIsNotExtrapolatedTheOldWay() throws {
        let drag = Drag(presentationLead: 0.0167)
        // Right at 600 px/s for 160 ms, then straight back left.
        let path = { (ms: Double) in Point(x: ms <= 160 ? 100 + 0.6 * ms : 196 - 0.6 * (ms - 160), y: 300) }
        Self.drag(drag, path: path, end: 240)
        let turnX = 196.0
        var beyondTurn = 0.0
        for (samples, coalesced) in zip(drag.probe.predicted, drag.probe.coalesced) {
            guard let last = coalesced.last, last.timestamp > Self.time(160) else { continue }
            for sample in samples { beyondTurn = max(beyondTurn, sample.windowLocation.x - turnX) }
            // The first sample after the turn cannot show it; from the second on, nothing is
            // predicted to the right of the finger (the old way).
            guard last.timestamp >= Self.time(176) else { continue }
            for sample in samples {
                #expect(sample.windowLocation.x <= last.windowLocation.x + 0.5,
                        "predicted \(sample.windowLocation.x) after \(last.windowLocation.x)")
            }
        }
        // At most what the last speed carries the finger over the lead (600 px/s × 16.7 ms = 10 px).
        #expect(beyondTurn <= 10.5)
    }

    @Test func aFingerComingToRestIsNotPredictedPastItsStop() throws {
        let drag = Drag(presentationLead: 0.0167)
        // Decelerating uniformly from 800 px/s to rest at x = 100 + 96 at 240 ms.
        let path = { (ms: Double) -> Point in
            let t = min(ms, 240) / 1000
            return Point(x: 100 + 800 * t - 800 / 0.24 / 2 * t * t, y: 400)
        }
        Self.drag(drag, path: path, end: 320)
        let stopX = path(240).x
        var worst = 0.0
        for samples in drag.probe.predicted { for sample in samples { worst = max(worst, sample.windowLocation.x - stopX) } }
        #expect(worst <= 1.0, "overshoot \(worst) px past the stop")
        // Once at rest (the last frames repeat nothing new), nothing is predicted.
        #expect(drag.probe.predicted.last?.isEmpty == true)
    }

    /// A finger along `path` sampled by a touchscreen's own clock every `interval` ms up to
    /// `end`, each sample stamped with the whole millisecond it reached the client in (up to
    /// 0.9 ms after it was taken), as wl_touch times are.
    static func sampledDrag(_ drag: Drag, path: (Double) -> Point, interval: Double = 8, end: Double) {
        drag.send(.began, at: 0, path(0))
        let arrival = [0.3, 0.7, 0.1, 0.9, 0.5, 0.2, 0.8, 0.4]
        var step = 1
        while Double(step) * interval <= end {
            let taken = Double(step) * interval
            drag.send(.moved, at: taken + arrival[step % arrival.count], path(taken))
            step += 1
        }
    }

    /// Every prediction's head on minimum-jerk strokes (s = L·(10τ³ − 15τ⁴ + 6τ⁵)) of 100, 300
    /// and 600 px in each of `durations` ms, for frames seen `lead` after each sample: its overshoot
    /// (px ahead of where the finger is at the head's time) and, while the finger moves, its lag
    /// (px behind it over the finger's speed, s; negative ahead).
    /// `sampledByTheScreen`: samples taken every 8 ms and stamped late by up to 0.9 ms
    /// (`sampledDrag`); otherwise taken at jittered whole milliseconds (`drag`).
    static func minimumJerkHeads(lead: Double, durations: [Double], sampledByTheScreen: Bool = true) -> (overshoots: [Double], lags: [Double]) {
        var overshoots: [Double] = [], lags: [Double] = []
        for length in [100.0, 300, 600] {
            for duration in durations {
                let along = { (ms: Double) -> Double in
                    let t = min(max(ms / duration, 0), 1)
                    return length * t * t * t * (10 - 15 * t + 6 * t * t)
                }
                let drag = Drag(presentationLead: lead)
                if sampledByTheScreen {
                    Self.sampledDrag(drag, path: { Point(x: 100 + along($0), y: 400) }, end: duration + 100)
                } else {
                    Self.drag(drag, path: { Point(x: 100 + along($0), y: 400) }, end: duration + 100)
                }
                for (predicted, coalesced) in zip(drag.probe.predicted, drag.probe.coalesced) {
                    guard let newest = coalesced.last else { continue }
                    // Without a prediction the frame shows the newest sample, at the time it was made for.
                    let ms = (newest.timestamp - boot + lead) * 1000
                    let x = (predicted.last ?? newest).windowLocation.x - 100
                    overshoots.append(max(0, x - along(ms)))
                    let t = min(max(ms / duration, 0), 1), speed = 30 * length / duration * 1000 * t * t * (1 - t) * (1 - t)
                    if speed >= 5 { lags.append((along(ms) - x) / speed) }
                }
            }
        }
        return (overshoots, lags)
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[max(0, min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))]
    }

    @Test func aFingerSlowingToRestAsAHandDoesIsNotOvershot() throws {
        let longest = TouchPredictor().longestLead
        // A frame is seen a little after the longest lead: weston presents a refresh after the
        // commit, and the newest sample is then a few ms old.
        let seen = longest + 0.004
        func p99(lead: Double, _ durations: [Double], sampledByTheScreen: Bool = true) -> Double {
            Self.percentile(Self.minimumJerkHeads(lead: lead, durations: durations, sampledByTheScreen: sampledByTheScreen).overshoots, 99)
        }
        // Every stroke, flicks of 150 ms (1250–7500 px/s at their peak) included: the cubic sees
        // the slowing coming where a parabola carried the finger up to 34 px past it.
        #expect(p99(lead: seen, [150, 300, 600]) <= 1, "\(p99(lead: seen, [150, 300, 600])) px")
        // Seen at the longest lead itself, only flicks are overshot by more than a pixel.
        #expect(p99(lead: longest, [300, 600]) <= 1, "\(p99(lead: longest, [300, 600])) px")
        #expect(p99(lead: longest, [150]) <= 8, "\(p99(lead: longest, [150])) px")
        // And still close behind: half the frames of moving fingers are within 3 ms of them.
        let lags = Self.minimumJerkHeads(lead: seen, durations: [150, 300, 600]).lags
        #expect(Self.percentile(lags, 50) <= 0.005, "lag p50 \(Self.percentile(lags, 50) * 1000) ms")
        // Samples whose times really are irregular (a sender's own jitter of up to 2 ms) keep
        // their times; flicks are overshot more there (34 px before the cubic), slower strokes no more.
        #expect(p99(lead: longest, [300, 600], sampledByTheScreen: false) <= 1,
                "\(p99(lead: longest, [300, 600], sampledByTheScreen: false)) px")
        #expect(p99(lead: longest, [150], sampledByTheScreen: false) <= 25,
                "\(p99(lead: longest, [150], sampledByTheScreen: false)) px")
    }

    @Test func aHardStopOvershootsAtMostTheLeadAtTheLastSpeed() throws {
        let lead = 0.0167
        let drag = Drag(presentationLead: lead)
        let path = { (ms: Double) in Point(x: 100 + 0.3 * min(ms, 200), y: 400) }
        Self.drag(drag, path: path, end: 200)
        let stopX = path(200).x
        let worst = drag.probe.predicted.flatMap { $0 }.map { $0.windowLocation.x - stopX }.max() ?? 0
        // 300 px/s × 16.7 ms = 5 px: a stop no sample announced cannot be foreseen, but no more than that.
        #expect(worst <= 300 * lead + 0.5)
    }

    @Test func aLongLeadIsPredictedOnlyTheLongestLeadAheadSoAStopOvershootsLittle() throws {
        let lead = 0.035
        let drag = Drag(presentationLead: lead)
        drag.send(.began, at: 0, Point(x: 100, y: 100))
        for ms in stride(from: 8.0, through: 96, by: 8) { drag.send(.moved, at: ms, Point(x: 100 + 0.3 * ms, y: 100)) }
        // The finger stops at 128.8 here; the frame shown 35 ms later shows the prediction.
        let predicted = try #require(drag.probe.predicted.last)
        let end = try #require(predicted.last)
        let longest = TouchPredictor().longestLead
        #expect(abs(end.timestamp - (Self.time(96) + longest)) < 1e-9, "predicted to the longest lead, not to the presentation")
        #expect(predicted.allSatisfy { $0.timestamp <= Self.time(96) + longest + 1e-9 })
        // 300 px/s × 18 ms = 5.4 px ahead at most, where the whole lead would have been 10.5 px.
        #expect(end.windowLocation.x > 128.8 && end.windowLocation.x - 128.8 <= 300 * longest + 0.5,
                "predicted \(end.windowLocation)")
    }

    @Test func aBurstOfLateSamplesSharingAMillisecondDoesNotFlingThePrediction() throws {
        let lead = 0.035
        let drag = Drag(presentationLead: lead)
        drag.send(.began, at: 0, Point(x: 100, y: 100))
        for ms in stride(from: 8.0, through: 80, by: 8) { drag.send(.moved, at: ms, Point(x: 100 + 0.3 * ms, y: 100)) }
        // A stalled sender catches up: four frames stamped in one millisecond, then one 3.6 ms on.
        for (index, x) in [126.4, 128.8, 131.2, 133.6].enumerated() {
            drag.send(.moved, at: 96 + Double(index) * 0.2, Point(x: x, y: 100))
        }
        drag.send(.moved, at: 99.6, Point(x: 136, y: 100))
        let end = try #require(drag.probe.predicted.last?.last)
        // The finger runs 300 px/s: 10.5 px over the lead; 1.5 times its typical step speed bounds it.
        #expect(end.windowLocation.x - 136 <= 1.5 * 300 * lead + 0.5, "predicted \(end.windowLocation)")
        #expect(end.windowLocation.x > 136, "still predicted ahead")
    }

    @Test func nothingIsPredictedFromOneSampleAfterLiftCancelOrAPause() throws {
        let drag = Drag()
        drag.send(.began, at: 0, Point(x: 10, y: 10))
        #expect(drag.probe.predicted.last?.isEmpty == true, "a touch that began has one sample")
        for ms in stride(from: 8.0, through: 64, by: 8) { drag.send(.moved, at: ms, Point(x: 10 + ms, y: 10)) }
        #expect(drag.probe.predicted.last?.isEmpty == false)
        drag.send(.ended, at: 72, Point(x: 82, y: 10))
        #expect(drag.probe.predicted.last?.isEmpty == true, "lifted")
        drag.send(.began, at: 200, Point(x: 10, y: 10))
        for ms in stride(from: 208.0, through: 264, by: 8) { drag.send(.moved, at: ms, Point(x: ms - 190, y: 10)) }
        drag.send(.cancelled, at: 272, Point(x: 74, y: 10))
        #expect(drag.probe.predicted.last?.isEmpty == true, "cancelled")
        // A finger that paused (no motion for 80 ms) starts again from one sample.
        drag.send(.began, at: 400, Point(x: 10, y: 10))
        for ms in stride(from: 408.0, through: 440, by: 8) { drag.send(.moved, at: ms, Point(x: ms - 390, y: 10)) }
        drag.send(.moved, at: 520, Point(x: 51, y: 10))
        #expect(drag.probe.predicted.last?.isEmpty == true, "after a pause the old velocity does not count")
    }

    @Test func aStationaryTouchHasNoPredictionAndOneOutsideTheEventHasNone() throws {
        let drag = Drag()
        drag.send(.began, at: 0, Point(x: 10, y: 10), id: 1)
        drag.send(.began, at: 4, Point(x: 500, y: 10), id: 2)
        for ms in stride(from: 8.0, through: 64, by: 8) { drag.send(.moved, at: ms, Point(x: 10 + ms, y: 10), id: 1) }
        #expect(!drag.probe.stationaryPredictions.isEmpty)
        #expect(drag.probe.stationaryPredictions.allSatisfy { $0.isEmpty })
        let touch = try #require(drag.rig.app.activeTouches.first)
        #expect(Event(timestamp: 1, touches: []).predictedTouches(for: touch) == nil)
    }

    @Test func predictionAimsAtTheHostsPresentationTimeAndCanBeOff() throws {
        // A lead within the longest one (longer ones: aLongLeadIsPredictedOnlyTheLongestLeadAhead…).
        let drag = Drag(presentationLead: 0.014)
        Self.drag(drag, path: { Point(x: 100 + $0, y: 100) }, end: 80)
        let last = try #require(drag.probe.predicted.last?.last)
        let lastSample = try #require(drag.probe.coalesced.last?.last)
        #expect(abs(last.timestamp - (lastSample.timestamp + 0.014)) < 1e-9)
        let off = Drag()
        off.rig.app.predictor = nil
        Self.drag(off, path: { Point(x: 100 + $0, y: 100) }, end: 80)
        #expect(off.probe.predicted.allSatisfy { $0.isEmpty })
        // Without a host's time the default lead applies.
        let plain = Drag()
        Self.drag(plain, path: { Point(x: 100 + $0, y: 100) }, end: 80)
        let aimed = try #require(plain.probe.predicted.last?.last)
        let sampled = try #require(plain.probe.coalesced.last?.last)
        #expect(abs(aimed.timestamp - (sampled.timestamp + TouchPredictor.defaultLead)) < 1e-9)
    }
}

/// sin and cos without Foundation (TouchKitTests imports only TouchKit).
func sine(_ x: Double) -> Double {
    var r = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if r > Double.pi { r -= 2 * Double.pi } else if r < -Double.pi { r += 2 * Double.pi }
    var term = r, sum = r
    for k in 1...12 {
        term *= -r * r / Double((2 * k) * (2 * k + 1))
        sum += term
    }
    return sum
}

func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
