import Testing
@testable import WaylandClient

// MARK: - Redraws are requests served on frame callbacks

@Suite struct RedrawSchedulerTests {
    @Test func nothingIsDrawnBeforeTheFirstConfigure() {
        var scheduler = RedrawScheduler()
        scheduler.request()
        #expect(!scheduler.shouldDraw)
        scheduler.configure()
        #expect(scheduler.shouldDraw)
    }

    @Test func requestsWaitForTheOutstandingFrameCallback() {
        var scheduler = RedrawScheduler()
        scheduler.configure()
        scheduler.didCommit()
        #expect(!scheduler.shouldDraw)
        scheduler.request()
        scheduler.request()
        #expect(!scheduler.shouldDraw)
        scheduler.callbackDone()
        #expect(scheduler.shouldDraw)
        scheduler.didCommit()
        scheduler.callbackDone()
        #expect(!scheduler.shouldDraw)   // many requests, one frame
    }

    @Test func aSkippedFrameClearsTheRequestWithoutACallback() {
        var scheduler = RedrawScheduler()
        scheduler.configure()
        scheduler.didSkip()
        #expect(!scheduler.shouldDraw && !scheduler.callbackPending)
    }

    @Test func aCommitWithoutACallbackLeavesTheNextFrameToThePacer() {
        var scheduler = RedrawScheduler()
        scheduler.configure()
        scheduler.didCommit(callback: false)
        #expect(!scheduler.callbackPending && !scheduler.shouldDraw)
        scheduler.request()
        #expect(scheduler.shouldDraw)
    }
}
