import Foundation

// MARK: - Compositors side by side

/// Runs a matrix's columns, `atOnce` at a time, each on a thread of its own, and returns them in
/// the order given (the report's). One at a time runs them in order on the calling thread, as
/// the matrix always did.
///
/// Columns share nothing but the interruption's list of sessions (locked): each starts its
/// compositor privately and writes only into its own folder.
enum ColumnJobs {
    static func run(_ jobs: [() -> MatrixColumn], atOnce: Int) -> [MatrixColumn] {
        guard atOnce > 1, jobs.count > 1 else { return jobs.map { $0() } }
        let slots = Slots(count: jobs.count)
        let gate = DispatchSemaphore(value: atOnce)
        let group = DispatchGroup()
        for (index, job) in jobs.enumerated() {
            gate.wait()
            group.enter()
            let work = UncheckedJob(job)
            Thread.detachNewThread {
                slots.set(index, work.job())
                gate.signal()
                group.leave()
            }
        }
        group.wait()
        return slots.values
    }

    /// The finished columns by index, written from the columns' threads.
    private final class Slots: @unchecked Sendable {
        private let lock = NSLock()
        private var columns: [MatrixColumn?]

        init(count: Int) { columns = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ column: MatrixColumn) {
            lock.lock()
            columns[index] = column
            lock.unlock()
        }

        var values: [MatrixColumn] {
            lock.lock()
            defer { lock.unlock() }
            return columns.map { $0! }
        }
    }

    /// A column's job handed to its thread: it touches only its own column's state and the
    /// runner's configuration, which nothing changes during the run.
    private struct UncheckedJob: @unchecked Sendable {
        let job: () -> MatrixColumn
        init(_ job: @escaping () -> MatrixColumn) { self.job = job }
    }
}
