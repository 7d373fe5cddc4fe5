import CompositorDrivers
import Foundation
@testable import Matrix
import Testing

// MARK: - Compositors side by side (`matrix --parallel`)

@Suite struct ColumnJobsTests {
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

    private func jobs(_ meter: Meter, kinds: [CompositorKind]) -> [() -> MatrixColumn] {
        kinds.enumerated().map { index, kind in
            {
                meter.enter(index)
                // Long enough that a second job starts before the first ends when they may overlap.
                Thread.sleep(forTimeInterval: 0.15)
                meter.leave()
                return MatrixColumn(kind: kind, version: "\(index)")
            }
        }
    }

    @Test("columns come back in the order given, never more than N at once, and N at once when there are enough",
          arguments: [2, 3])
    func atMostNAtOnce(atOnce: Int) {
        let meter = Meter()
        let kinds: [CompositorKind] = [.weston, .kwin, .mutter, .gnomeShell, .sway, .phoc, .cage]
        let columns = ColumnJobs.run(jobs(meter, kinds: kinds), atOnce: atOnce)
        #expect(columns.map(\.kind) == kinds)
        #expect(columns.map(\.version) == (0..<kinds.count).map { "\($0)" })
        #expect(meter.most == atOnce)
    }

    @Test("one at a time runs every column in order on the calling thread")
    func oneAtATime() {
        let meter = Meter()
        let kinds: [CompositorKind] = [.weston, .kwin, .sway]
        let columns = ColumnJobs.run(jobs(meter, kinds: kinds), atOnce: 1)
        #expect(columns.map(\.kind) == kinds)
        #expect(meter.most == 1 && meter.order == [0, 1, 2])
    }
}
