import Foundation
import SandboxHarness

/// Finds where mutter shows a client's surface by moving the virtual pointer over it and reading,
/// in the client's WAYLAND_DEBUG log, the surface-local position it was told: the same picking a
/// touch goes through, so a window still moving (placed once more after its geometry arrives, or
/// under a map animation that load stretches) is seen moving.
enum PointerProbe {
    /// Seconds the window must stay at one place before it counts as placed.
    static let quietPeriod = 0.3
    /// Seconds a probe waits for the client to hear of the pointer.
    static let answerTimeout = 1.0
    /// How often the log is read (seconds).
    private static let pollInterval = 0.01

    /// Returns once the surface under global logical `point` has stayed at one place for
    /// `quietPeriod`, or once probes for that long found no surface of the client there (a window
    /// that does not cover the point cannot be watched this way; with `untilAnswered`, such probes
    /// go on until the client hears of the pointer, as under a compositor's start-up splash);
    /// throws when `timeout` passes first.
    static func waitUntilPlaced(_ client: ChildProcess, at point: (x: Double, y: Double), timeout: Double,
                                untilAnswered: Bool = false, move: (Double, Double) throws -> Void) throws {
        let deadline = MonotonicClock.now() + timeout
        let log = LogFollower(path: client.logPath, scan: Positions())
        var origin: (x: Double, y: Double)?
        var since = MonotonicClock.now()
        var step = 1.0
        while true {
            // Alternate between two points a pixel apart: the pointer must move for mutter to tell.
            let probe = (x: point.x + step, y: point.y)
            step = 1 - step
            let seen = log.refresh().all.count
            try move(probe.x, probe.y)
            let answer = try self.answer(client, log: log, after: seen,
                                         until: min(deadline, MonotonicClock.now() + answerTimeout))
            let now = MonotonicClock.now()
            let found = answer.map { (x: probe.x - $0.x, y: probe.y - $0.y) }
            if found?.x != origin?.x || found?.y != origin?.y {
                origin = found
                since = now
            } else if now - since >= quietPeriod, origin != nil || !untilAnswered {
                return
            }
            guard now < deadline else {
                throw DriverError("\(client.executable)'s window did not stay in place within \(timeout) s; log \(client.logPath)")
            }
        }
    }

    /// The first pointer position the client logs after its first `seen` ones, or nil when none comes in time.
    private static func answer(_ client: ChildProcess, log: LogFollower<Positions>, after seen: Int,
                               until deadline: Double) throws -> (x: Double, y: Double)? {
        while true {
            let all = log.refresh().all
            if all.count > seen { return all[seen] }
            if let termination = client.poll() {
                throw DriverError("\(client.executable) exited (\(termination)) while its window was being placed; log \(client.logPath)")
            }
            guard MonotonicClock.now() < deadline else { return nil }
            MonotonicClock.sleep(pollInterval)
        }
    }

    /// The surface-local positions of every wl_pointer enter and motion event in a client's log, in order.
    struct Positions: LogScan {
        private(set) var all: [(x: Double, y: Double)] = []

        mutating func consume(_ line: Substring) {
            guard !line.contains("->"), line.contains("wl_pointer@"),
                  line.contains(".motion(") || line.contains(".enter("),
                  let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") else { return }
            let fields = line[line.index(after: open)..<close].split(separator: ",")
            guard fields.count >= 2, let x = Double(fields[fields.count - 2].trimmingCharacters(in: .whitespaces)),
                  let y = Double(fields[fields.count - 1].trimmingCharacters(in: .whitespaces)) else { return }
            all.append((x, y))
        }
    }
}
