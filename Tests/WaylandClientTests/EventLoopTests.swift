import Glibc
import Testing
@testable import WaylandClient

// MARK: - Timers on a real timerfd, signals through a real signalfd

/// Signals here are sent to the test's own thread (pthread_kill): the loop blocked them in that
/// thread only, and a process-wide SIGTERM could land on another thread of the test runner.
@Suite struct EventLoopTests {
    /// Small real delays: long enough to order, short enough to keep the suite fast.
    private static let step = 0.01

    @Test func timersFireInDeadlineOrderAtOrAfterTheirDeadline() throws {
        let loop = try EventLoop()
        let start = loop.now
        var fired: [(String, Double)] = []
        for (name, steps) in [("c", 3.0), ("a", 1.0), ("b", 2.0)] {
            _ = loop.schedule(at: start + steps * Self.step) { fired.append((name, loop.now)) }
        }
        let cancelled = loop.schedule(at: start + 1.5 * Self.step) { fired.append(("cancelled", loop.now)) }
        loop.cancel(cancelled)
        _ = loop.schedule(at: start + 3.5 * Self.step) { loop.stop() }
        let reason = try loop.run()
        #expect(reason == .stopped)
        #expect(fired.map(\.0) == ["a", "b", "c"])
        for (index, (_, time)) in fired.enumerated() {
            #expect(time >= start + Double(index + 1) * Self.step)
        }
    }

    @Test func aSignalEndsThePassAfterItsDueTimers() throws {
        let loop = try EventLoop()
        let start = loop.now
        var fired: [String] = []
        _ = loop.schedule(at: start + Self.step) { fired.append("a") }
        _ = loop.schedule(at: start + 2 * Self.step) {
            fired.append("b")
            pthread_kill(pthread_self(), SIGTERM)
        }
        _ = loop.schedule(at: start + 2 * Self.step) { fired.append("c (same deadline, same pass)") }
        _ = loop.schedule(at: start + 50 * Self.step) { fired.append("never") }
        let reason = try loop.run()
        #expect(reason == .signal(SIGTERM))
        #expect(fired == ["a", "b", "c (same deadline, same pass)"])
    }

    @Test func anAlreadyPendingSignalEndsTheFirstPass() throws {
        let loop = try EventLoop()
        pthread_kill(pthread_self(), SIGINT)
        var idlePasses = 0
        let reason = try loop.run { idlePasses += 1 }
        #expect(reason == .signal(SIGINT))
        #expect(idlePasses == 1)
    }

    @Test func theIdleHookRunsBeforeBlocking() throws {
        let loop = try EventLoop()
        var idlePasses = 0
        // No timer and no display: the loop would block forever if idle did not run first.
        let reason = try loop.run {
            idlePasses += 1
            loop.stop()
        }
        #expect(reason == .stopped && idlePasses == 1)
    }

    @Test func aTimerScheduledInThePastFiresOnTheNextPass() throws {
        let loop = try EventLoop()
        var order: [String] = []
        _ = loop.schedule(at: loop.now + Self.step) {
            order.append("outer")
            _ = loop.schedule(at: 0) {
                order.append("overdue")
                loop.stop()
            }
        }
        #expect(try loop.run() == .stopped)
        #expect(order == ["outer", "overdue"])
    }

    @Test func theLoopCanRunAgainAfterStopping() throws {
        let loop = try EventLoop()
        _ = loop.schedule(at: loop.now) { loop.stop() }
        #expect(try loop.run() == .stopped)
        var fired = false
        _ = loop.schedule(at: loop.now + Self.step) { fired = true; loop.stop() }
        #expect(try loop.run() == .stopped)
        #expect(fired)
    }

    @Test func theThreadSignalMaskIsRestoredWhenTheLoopGoes() throws {
        func blocked(_ signal: Int32) -> Bool {
            var set = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &set)
            return sigismember(&set, signal) == 1
        }
        // libdispatch worker threads (where tests run) block most signals: that must survive the
        // loop. SIGUSR1 is unblocked here (nobody sends it) to watch it being blocked and unblocked.
        let termBefore = blocked(SIGTERM)
        var usr1 = sigset_t()
        sigemptyset(&usr1)
        sigaddset(&usr1, SIGUSR1)
        let usr1Before = blocked(SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &usr1, nil)
        defer { if usr1Before { pthread_sigmask(SIG_BLOCK, &usr1, nil) } }
        do {
            let loop = try EventLoop(signals: [SIGUSR1, SIGTERM])
            #expect(blocked(SIGUSR1) && blocked(SIGTERM))
            withExtendedLifetime(loop) {}
        }
        #expect(!blocked(SIGUSR1))
        #expect(blocked(SIGTERM) == termBefore)
    }

    @Test func exitReasonsDescribeThemselves() {
        #expect(LoopExitReason.signal(SIGTERM).description == "signal 15 (Terminated)")
        #expect(LoopExitReason.closed.description == "window closed")
    }
}
