import Foundation
import SandboxHarness

/// Waiting for a started helper or compositor to become usable.
enum Readiness {
    /// How often a wait polls (seconds).
    static let pollInterval = 0.005

    /// Polls `ready` until it returns a value; throws (naming `process` as `name`, default its
    /// executable's file name, with its log tail) when it exits first or `timeout` seconds pass.
    static func wait<T>(for what: String, process: ChildProcess, name: String? = nil, timeout: Double,
                        ready: () throws -> T?) throws -> T {
        let name = name ?? URL(fileURLWithPath: process.executable).lastPathComponent
        let deadline = MonotonicClock.now() + timeout
        while true {
            if let termination = process.poll() {
                throw DriverError("\(name) exited (\(termination)) before showing \(what); log \(process.logPath): \(tail(of: process))")
            }
            if let value = try ready() { return value }
            if MonotonicClock.now() >= deadline {
                throw DriverError("\(name) did not show \(what) within \(timeout) s; log \(process.logPath): \(tail(of: process))")
            }
            MonotonicClock.sleep(pollInterval)
        }
    }

    /// Lines of a log quoted in an error.
    static let tailLines = 4

    /// The last lines of `process`'s log, joined into one line.
    static func tail(of process: ChildProcess, lines: Int = tailLines) -> String {
        process.output().split(whereSeparator: \.isNewline).suffix(lines).joined(separator: " | ")
    }
}
