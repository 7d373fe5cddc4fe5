import Foundation
@testable import SandboxHarness
import Testing

// MARK: - Jobs side by side (`matrix --parallel`, the real toolkits)

@Suite struct ConcurrentJobsTests {
    /// How many jobs run at once, at most, as the jobs themselves saw it.
    private final class Meter: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var most = 0
        private(set) var order: [Int] = []

        func enter(_ index: Int) {
            lock.lock()
            running += 1
            most = max(most, running)
            order.append(index)
            lock.unlock()
        }

        func leave() {
            lock.lock()
            running -= 1
            lock.unlock()
        }
    }

    private func jobs(_ meter: Meter, count: Int) -> [() -> String] {
        (0..<count).map { index in
            {
                meter.enter(index)
                // Long enough that a second job starts before the first ends when they may overlap.
                Thread.sleep(forTimeInterval: 0.15)
                meter.leave()
                return "job \(index)"
            }
        }
    }

    @Test("results come back in the order given, never more than N at once, and N at once when there are enough",
          arguments: [2, 3, 7])
    func atMostNAtOnce(atOnce: Int) {
        let meter = Meter()
        let results = ConcurrentJobs.run(jobs(meter, count: 7), atOnce: atOnce)
        #expect(results == (0..<7).map { "job \($0)" })
        #expect(meter.most == atOnce)
    }

    @Test("one at a time runs every job in order on the calling thread")
    func oneAtATime() {
        let meter = Meter()
        let results = ConcurrentJobs.run(jobs(meter, count: 3), atOnce: 1)
        #expect(results == ["job 0", "job 1", "job 2"])
        #expect(meter.most == 1 && meter.order == [0, 1, 2])
    }

    @Test("a start order starts the jobs in that order, results still in the order given")
    func startOrder() {
        let meter = Meter()
        // One at a time after the first pair: the two first started are 4 and 2, whichever enters
        // first; then each job waits for a free slot, so 0, 3, 1 enter one by one.
        let results = ConcurrentJobs.run(jobs(meter, count: 5), atOnce: 2, startOrder: [4, 2, 0, 3, 1])
        #expect(results == (0..<5).map { "job \($0)" })
        #expect(Set(meter.order.prefix(2)) == [4, 2] && Array(meter.order.suffix(3)) == [0, 3, 1], "\(meter.order)")
    }

    @Test("a start order that is not a permutation of the jobs is ignored")
    func badStartOrder() {
        let meter = Meter()
        let results = ConcurrentJobs.run(jobs(meter, count: 3), atOnce: 2, startOrder: [0, 0, 1])
        #expect(results == ["job 0", "job 1", "job 2"])
        #expect(meter.order.last == 2)
    }
}
