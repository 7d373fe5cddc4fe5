import Testing
@testable import WaylandClient

// MARK: - Commit timing from presentation feedback, with injected times

@Suite struct RepaintPredictorTests {
    private let refresh = 1.0 / 60

    /// A predictor that has seen presentations of our frames 25 ms apart, the last at `at`.
    private func settled(lastPresented at: Double = 1.0) -> RepaintPredictor {
        var predictor = RepaintPredictor()
        var time = at - 0.050
        for _ in 0..<3 {
            let frame = predictor.committed(now: time - 0.020)
            predictor.presented(frame, at: time, refresh: refresh)
            time += 0.025
        }
        return predictor
    }

    @Test func withoutAnyPresentationARequestDrawsAtOnce() {
        #expect(RepaintPredictor().decision(now: 5) == .draw)
    }

    @Test func aRequestWaitsForThePreviousFramesFeedbackThenGivesUp() throws {
        var predictor = settled()
        let frame = predictor.committed(now: 1.009)
        let limit = 1.009 + RepaintPredictor.feedbackWait * (try #require(predictor.interval))
        #expect(predictor.decision(now: 1.020) == .wait(until: limit))
        #expect(predictor.decision(now: limit) == .draw)
        predictor.presented(frame, at: 1.025, refresh: refresh)
        #expect(predictor.inFlight == nil)
    }

    @Test func afterAPresentationTheCommitIsAimedLateInTheCycle() throws {
        var predictor = settled()
        predictor.rendered(seconds: 0.001)
        #expect(abs(try #require(predictor.interval) - 0.025) < 1e-9)
        let offset = try #require(predictor.targetOffset)
        let start = 1.0 + offset - 0.001 - RepaintPredictor.wakeupSlack
        #expect(predictor.decision(now: 1.001) == .wait(until: start))
        #expect(predictor.decision(now: start) == .draw)
    }

    @Test func aStalePhaseDrawsAtOnce() {
        // More than an interval after the last presentation the compositor may have stopped repainting.
        #expect(settled().decision(now: 1.026) == .draw)
    }

    @Test func theIntervalIsTheShortestGapButNeverBelowTheRefresh() {
        var predictor = RepaintPredictor()
        for (index, time) in [1.0, 1.010, 1.035].enumerated() {
            let frame = predictor.committed(now: time - 0.005 - Double(index) * 0.0001)
            predictor.presented(frame, at: time, refresh: index == 0 ? 0 : refresh)
        }
        #expect(predictor.interval == refresh)  // 10 ms measured, 16.7 ms refresh
    }

    @Test func hitsProbeLaterAndAMissBoundsTheTarget() throws {
        var predictor = settled()
        let first = try #require(predictor.targetOffset)
        // Hit: committed at the target, presented one interval after the reference.
        var frame = predictor.committed(now: 1.0 + first)
        #expect(predictor.presented(frame, at: 1.025, refresh: refresh) == true)
        let second = try #require(predictor.targetOffset)
        #expect(abs(second - (first + RepaintPredictor.fastProbeStep)) < 1e-9)
        // Miss: committed later, presented one interval after its commit (weston restarting its loop).
        frame = predictor.committed(now: 1.025 + second)
        #expect(predictor.presented(frame, at: 1.025 + second + 0.025, refresh: refresh) == false)
        let bounded = try #require(predictor.targetOffset)
        // At least one guard below the miss, and one more for a while after it.
        let guardBelow = second - 2 * RepaintPredictor.missGuard
        #expect(bounded <= guardBelow + 1e-9 && bounded > guardBelow - RepaintPredictor.fastProbeStep)
        #expect(predictor.lowestMiss.map { abs($0 - second) < 1e-9 } == true)
        // Later hits creep up by the slow step and never past the guard below the miss.
        var reference = 1.050 + second
        for _ in 0..<100 {
            let offset = try #require(predictor.targetOffset)
            frame = predictor.committed(now: reference + offset)
            predictor.presented(frame, at: reference + 0.025, refresh: refresh)
            reference += 0.025
        }
        let settledOffset = try #require(predictor.targetOffset)
        let bound = try #require(predictor.lowestMiss) - RepaintPredictor.missGuard
        #expect(settledOffset <= bound + 1e-12 && settledOffset > bounded)
    }

    @Test func aMissFarBeforeWorkingOffsetsOnlyBacksOff() throws {
        var predictor = settled()
        let target = try #require(predictor.targetOffset)
        var frame = predictor.committed(now: 1.0 + target)
        predictor.presented(frame, at: 1.025, refresh: refresh)
        // The compositor ran late: a commit 1 ms after the presentation still missed.
        frame = predictor.committed(now: 1.026)
        #expect(predictor.presented(frame, at: 1.075, refresh: refresh) == false)
        #expect(predictor.lowestMiss == nil)
        #expect(predictor.misses == 1)
    }

    @Test func aStallLikeMissBoundsTheTargetOnlyWhenRepeated() throws {
        var predictor = settled()
        var reference = 1.0
        for attempt in 0..<2 {
            let target = try #require(predictor.targetOffset)
            let frame = predictor.committed(now: reference + target)
            // Two intervals later: a vblank-paced miss, or the compositor stalled.
            #expect(predictor.presented(frame, at: reference + 0.050, refresh: refresh) == false)
            #expect((predictor.lowestMiss != nil) == (attempt == 1))
            reference += 0.050
        }
    }

    @Test func theFrameCallbackBoundsTheDeadlineBeforeAnyMiss() throws {
        var predictor = settled()
        var reference = 1.0
        // Hits everywhere (a compositor with a late deadline): only callbacks can hold the probe back.
        for _ in 0..<30 {
            let frame = predictor.committed(now: reference + (try #require(predictor.targetOffset)))
            predictor.presented(frame, at: reference + 0.025, refresh: refresh)
            reference += 0.025
        }
        #expect(try #require(predictor.targetOffset) > 0.0095)
        // The repaint that took this frame began no later than its callback, 9.1 ms after the reference.
        let frame = predictor.committed(now: reference + 0.008)
        predictor.callbackDone(frame, at: reference + 0.0091)
        predictor.presented(frame, at: reference + 0.025, refresh: refresh)
        let target = try #require(predictor.targetOffset)
        #expect(abs(target - (0.0091 - RepaintPredictor.missGuard)) < 1e-9)
        #expect(predictor.lowestMiss == nil && predictor.misses == 0)
    }

    @Test func aMissTheCompositorCausedTeachesNoDeadlineButMovesEarlierForAWhile() throws {
        var predictor = settled()
        let target = try #require(predictor.targetOffset)
        let frame = predictor.committed(now: 1.0 + target)
        // Presented 4 ms more than an interval after its commit: weston read the commit late.
        #expect(predictor.presented(frame, at: 1.0 + target + 0.025 + 0.004, refresh: refresh) == false)
        #expect(predictor.lowestMiss == nil)
        let after = try #require(predictor.targetOffset)
        #expect(abs(after - (target + RepaintPredictor.fastProbeStep - RepaintPredictor.missGuard)) < 1e-9
                || abs(after - (target - RepaintPredictor.missGuard)) < 1e-9)
        // Hits fade the margin away.
        var reference = 1.0 + target + 0.029
        for _ in 0..<40 {
            let next = predictor.committed(now: reference + 0.001)
            predictor.presented(next, at: reference + 0.025, refresh: refresh)
            reference += 0.025
        }
        #expect(predictor.lateMargin == 0)
    }

    @Test func wholeSurfaceRendersDoNotHoldFramesEarly() {
        var predictor = RepaintPredictor()
        predictor.rendered(seconds: 0.012, wholeSurface: true)
        predictor.rendered(seconds: 0.0004)
        #expect(predictor.renderEstimate == 0.0004)
    }

    @Test func aDiscardedFrameReleasesTheRequest() {
        var predictor = settled()
        let frame = predictor.committed(now: 1.005)
        predictor.discarded(frame)
        #expect(predictor.inFlight == nil)
    }

    @Test func frameCallbacksAreAskedForUntilTheirHistoryIsFullThenOneCommitInFour() throws {
        var predictor = settled()
        var time = 1.0, asked: [Bool] = []
        for _ in 0..<(RepaintPredictor.historyLength + 12) {
            let callback = predictor.wantsCallback
            asked.append(callback)
            let frame = predictor.committed(now: time + 0.008, callback: callback)
            if callback { predictor.callbackDone(frame, at: time + 0.0095) }
            time += 0.025
            predictor.presented(frame, at: time, refresh: refresh)
        }
        // Every commit asks until 16 callbacks were timed, then every fourth.
        #expect(asked.prefix(RepaintPredictor.historyLength).allSatisfy { $0 })
        #expect(Array(asked.dropFirst(RepaintPredictor.historyLength))
                == [false, false, false, true, false, false, false, true, false, false, false, true])
        // The sampled callbacks still bound the deadline where they came.
        #expect(predictor.deadlineBound.map { abs($0 - 0.0095) < 1e-9 } == true)
    }

    @Test func framesWithoutAPhaseDoNotFillTheCallbackHistory() {
        // Callbacks of frames committed with no presentation to go by teach nothing: every commit keeps asking.
        var predictor = RepaintPredictor()
        for index in 0..<(RepaintPredictor.historyLength + 4) {
            #expect(predictor.wantsCallback)
            let frame = predictor.committed(now: 1 + Double(index), callback: true)
            predictor.callbackDone(frame, at: 1.002 + Double(index))
            predictor.discarded(frame)
        }
    }
}

// MARK: - Against a simulated weston headless repaint loop

/// weston 10 headless, as its timeline shows it: after presenting at P it repaints at
/// P + refresh − 7 ms (minus up to 1 ms of timer rounding) if a commit arrived before, and
/// presents 16 ms later; a repaint with nothing new stops the loop, and the next commit
/// restarts it with a repaint 9.67 ms later.
private struct SimulatedWeston {
    static let refresh = 1.0 / 60
    static let repaintWindow = 0.007
    static let presentDelay = 0.0155
    var timerRounding = 0.0005

    /// When a commit at `commit` is presented, given the previous presentation `previous`.
    func presentation(of commit: Double, after previous: Double) -> Double {
        repaint(of: commit, after: previous) + Self.presentDelay
    }

    /// When the repaint that takes a commit at `commit` begins (its frame callback follows at once).
    func repaint(of commit: Double, after previous: Double) -> Double {
        let deadline = previous + Self.refresh - Self.repaintWindow - timerRounding
        if commit < deadline { return deadline }
        // Missed: the loop stopped; the commit restarts it.
        return commit + Self.refresh - Self.repaintWindow
    }
}

@Suite struct RepaintPredictorSimulationTests {
    @Test func aDragAgainstWestonHeadlessSettlesJustBeforeItsDeadline() throws {
        let weston = SimulatedWeston()
        var predictor = RepaintPredictor()
        var now = 10.0
        var previous: Double?
        var lateOffsets: [Double] = []
        var misses = 0, callbacks = 0
        for index in 0..<300 {
            // Input keeps arriving: the request is always pending; draw when the predictor says.
            switch predictor.decision(now: now) {
            case .wait(let until): now = until
            case .draw: break
            }
            predictor.rendered(seconds: 0.0003)
            let commit = now + 0.0003
            // As the pacer does: a frame callback only when the predictor wants one.
            let callback = predictor.wantsCallback
            if callback { callbacks += 1 }
            let frame = predictor.committed(now: commit, callback: callback)
            let repaint = previous.map { weston.repaint(of: commit, after: $0) }
                ?? commit + SimulatedWeston.refresh - SimulatedWeston.repaintWindow
            if callback { predictor.callbackDone(frame, at: repaint + 0.0001) }
            let shown = repaint + SimulatedWeston.presentDelay
            if let previous, shown - previous > 0.03 { misses += 1 }
            if index >= 200, let reference = frame.reference { lateOffsets.append(commit - reference) }
            predictor.presented(frame, at: shown, refresh: SimulatedWeston.refresh)
            previous = shown
            now = shown
        }
        let deadline = SimulatedWeston.refresh - SimulatedWeston.repaintWindow - weston.timerRounding
        // The last 100 commits: all within half a millisecond before the deadline, none past it.
        #expect(lateOffsets.count == 100)
        #expect(lateOffsets.allSatisfy { $0 > deadline - 0.0005 && $0 < deadline })
        #expect(misses == 0, "the frame callbacks show where the deadline lies without missing it")
        #expect(callbacks < 100, "\(callbacks) of 300 commits asked for a frame callback")
    }
}
