import Foundation
import SandboxHarness

/// Where one compositor's column spent its time: the `## Time` section of report.md, which
/// shows what dominates a matrix run (starts or cells, and which scripts).
public struct MatrixColumnTiming: Sendable, Equatable {
    /// How often the compositor was started, and the seconds those starts took (the driver's
    /// start, its readiness, and the calibration tap that finds our window).
    public var starts = 0, startSeconds = 0.0
    /// Seconds spent in each script's runs (a second run on a fresh compositor included), by name.
    public var scriptSeconds: [String: Double] = [:]
    /// Runs of scripts that reached a client (a second run included), and the seconds of those
    /// runs spent waiting by design: the scripts' own sleeps and the settle after each.
    public var runs = 0, waitSeconds = 0.0
    /// Seconds of the runs' steps, by step (``MatrixPhase``).
    public var phaseSeconds: [MatrixPhase: Double] = [:]
    /// Seconds from the column's first step to its last.
    public var totalSeconds = 0.0

    /// Creates an empty timing.
    public init() {}

    /// Seconds in all scripts' runs.
    public var cellSeconds: Double { scriptSeconds.values.reduce(0, +) }

    /// The script that took longest, with its seconds.
    public var slowest: (name: String, seconds: Double)? {
        scriptSeconds.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }
            .map { ($0.key, $0.value) }
    }
}

/// The steps of a script's run that the Time section shows apart, in its row order.
public enum MatrixPhase: String, CaseIterable, Sendable {
    case probes = "window probes"
    case clientStarts = "client starts"
    case injections = "injections"
    case settles = "settles"
    case screenshots = "screenshots"
    case clientExits = "client exits"
}

/// A column's clock for the steps of its runs: one per column, used by that column's thread only.
final class MatrixPhaseClock: @unchecked Sendable {
    private(set) var seconds: [MatrixPhase: Double] = [:]

    /// Runs `body`, adding its time to `phase`.
    func measure<T>(_ phase: MatrixPhase, _ body: () throws -> T) rethrows -> T {
        let began = MonotonicClock.now()
        defer { seconds[phase, default: 0] += MonotonicClock.now() - began }
        return try body()
    }
}
