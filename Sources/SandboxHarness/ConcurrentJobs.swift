import Foundation

// MARK: - Jobs that mostly wait, side by side

/// Runs jobs on threads of their own, at most `atOnce` at a time, and returns their results in
/// the order given: compositor columns and real toolkits spend most of their time waiting on
/// processes and real-time sleeps, so a core can carry several. One at a time runs them in order
/// on the calling thread.
public enum ConcurrentJobs {
    /// Each job's stack: the jobs parse traces and JSON several calls deep, past the small stacks
    /// secondary threads get by default.
    static let stackSize = 8 << 20

    /// The jobs' results, in order; each job is handed to its thread as it is (it must touch only
    /// state of its own, or state that is locked).
    /// `startOrder` (indices of `jobs`, each once) is the order in which they start when fewer run
    /// at once than there are jobs: the longest first leaves only short ones to finish the run.
    public static func run<Result>(_ jobs: [() -> Result], atOnce: Int, startOrder: [Int]? = nil) -> [Result] {
        guard atOnce > 1, jobs.count > 1 else { return jobs.map { $0() } }
        let order = startOrder.flatMap { $0.sorted() == Array(jobs.indices) ? $0 : nil } ?? Array(jobs.indices)
        let slots = Slots<Result>(count: jobs.count)
        let gate = DispatchSemaphore(value: atOnce)
        for index in order {
            let job = jobs[index]
            gate.wait()
            let work = Handed(job)
            let thread = Thread {
                slots.set(index, work.job())
                gate.signal()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        return slots.waitAll()
    }

    /// The finished results by index, written from the jobs' threads.
    private final class Slots<Result>: @unchecked Sendable {
        private let condition = NSCondition()
        private var results: [Result?]
        private var missing: Int

        init(count: Int) {
            results = Array(repeating: nil, count: count)
            missing = count
        }

        func set(_ index: Int, _ result: Result) {
            condition.lock()
            results[index] = result
            missing -= 1
            condition.broadcast()
            condition.unlock()
        }

        func waitAll() -> [Result] {
            condition.lock()
            defer { condition.unlock() }
            while missing > 0 { condition.wait() }
            return results.map { $0! }
        }
    }

    /// A job handed to its thread.
    private struct Handed<Result>: @unchecked Sendable {
        let job: () -> Result
        init(_ job: @escaping () -> Result) { self.job = job }
    }
}
