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
        // Miss: committed later, presented 1.4 intervals after the reference (weston restarting its loop).
        frame = predictor.committed(now: 1.025 + second)
        #expect(predictor.presented(frame, at: 1.060, refresh: refresh) == false)
        let bounded = try #require(predictor.targetOffset)
        #expect(abs(bounded - (second - RepaintPredictor.missGuard)) < 1e-9)
        #expect(predictor.lowestMiss.map { abs($0 - second) < 1e-9 } == true)
        // Later hits creep up by the slow step and never past the guard below the miss.
        var reference = 1.060
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

    @Test func aDiscardedFrameReleasesTheRequest() {
        var predictor = settled()
        let frame = predictor.committed(now: 1.005)
        predictor.discarded(frame)
        #expect(predictor.inFlight == nil)
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
        let deadline = previous + Self.refresh - Self.repaintWindow - timerRounding
        if commit < deadline { return deadline + Self.presentDelay }
        // Missed: the loop stopped; the commit restarts it.
        return commit + Self.refresh - Self.repaintWindow + Self.presentDelay
    }
}

@Suite struct RepaintPredictorSimulationTests {
    @Test func aDragAgainstWestonHeadlessSettlesJustBeforeItsDeadline() throws {
        let weston = SimulatedWeston()
        var predictor = RepaintPredictor()
        var now = 10.0
        var previous: Double?
        var lateOffsets: [Double] = []
        var misses = 0
        for index in 0..<300 {
            // Input keeps arriving: the request is always pending; draw when the predictor says.
            switch predictor.decision(now: now) {
            case .wait(let until): now = until
            case .draw: break
            }
            predictor.rendered(seconds: 0.0003)
            let commit = now + 0.0003
            let frame = predictor.committed(now: commit)
            let shown = previous.map { weston.presentation(of: commit, after: $0) }
                ?? commit + SimulatedWeston.refresh - SimulatedWeston.repaintWindow + SimulatedWeston.presentDelay
            if let previous, shown - previous > 0.03 { misses += 1 }
            if index >= 200, let reference = frame.reference { lateOffsets.append(commit - reference) }
            predictor.presented(frame, at: shown, refresh: SimulatedWeston.refresh)
            previous = shown
            now = shown
        }
        let deadline = SimulatedWeston.refresh - SimulatedWeston.repaintWindow - weston.timerRounding
        // The last 100 commits: all within 1.5 ms before the deadline but for the rare re-probe past it.
        #expect(lateOffsets.count == 100)
        #expect(lateOffsets.allSatisfy { $0 > deadline - 0.0015 })
        #expect(lateOffsets.filter { $0 >= deadline }.count <= 2)
        #expect(misses <= 12, "learning the deadline costs a few misses, early on")
    }
}
