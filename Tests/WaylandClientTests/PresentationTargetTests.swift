import Testing
@testable import WaylandClient

/// When the frame showing input that arrives now will be presented (what predictions aim at).
@Suite struct PresentationTargetTests {
    /// Presentations of our frames 25 ms apart (weston headless), the last at `at`.
    private func settled(lastPresented at: Double) -> RepaintPredictor {
        var predictor = RepaintPredictor()
        var time = at - 0.050
        for _ in 0..<3 {
            let frame = predictor.committed(now: time - 0.020)
            predictor.presented(frame, at: time, refresh: 1.0 / 60)
            time += 0.025
        }
        return predictor
    }

    @Test func inputEarlyInTheCycleIsShownByTheNextRepaint() throws {
        let predictor = settled(lastPresented: 2_000.0)
        let interval = try #require(predictor.interval)
        let offset = try #require(predictor.targetOffset)
        #expect(offset < interval)
        // Right after the presentation, the next commit makes the deadline: one interval on.
        #expect(close(predictor.expectedPresentation(now: 2_000.001), 2_000.0 + interval))
        // Past the deadline (render and slack included), it is the repaint after.
        #expect(close(predictor.expectedPresentation(now: 2_000.0 + offset + 0.0001), 2_000.0 + 2 * interval))
    }

    @Test func aRequestAfterTheAimButBeforeTheKnownDeadlineStillMakesTheNextRepaint() throws {
        var predictor = settled(lastPresented: 2_000.0)
        let interval = try #require(predictor.interval)
        // The compositor's frame callbacks come 15 ms after its presentations: its deadline is no later.
        let frame = predictor.committed(now: 2_000.004)
        predictor.callbackDone(frame, at: 2_000.015)
        predictor.presented(frame, at: 2_000.0 + interval, refresh: 1.0 / 60)
        let offset = try #require(predictor.targetOffset)
        let bound = try #require(predictor.deadlineBound)
        #expect(offset < bound)
        let reference = 2_000.0 + interval
        // Past the aim, before the bound: drawn at once, it is in the next repaint.
        #expect(close(predictor.expectedPresentation(now: reference + (offset + bound) / 2 - 0.001), reference + interval))
        #expect(close(predictor.expectedPresentation(now: reference + bound + 0.001), reference + 2 * interval))
    }

    @Test func inputAfterACommitGoesIntoTheFrameAfterIt() throws {
        var predictor = settled(lastPresented: 2_000.0)
        let interval = try #require(predictor.interval)
        _ = predictor.committed(now: 2_000.005)
        #expect(close(predictor.expectedPresentation(now: 2_000.006), 2_000.0 + 2 * interval))
    }

    private func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    @Test func withoutARecentPresentationThereIsNoTarget() {
        #expect(RepaintPredictor().expectedPresentation(now: 10) == nil)
        let predictor = settled(lastPresented: 2_000.0)
        #expect(predictor.expectedPresentation(now: 2_001.0) == nil, "the compositor's loop may have stopped")
    }
}
