import Foundation
import SandboxHarness

// MARK: - Host programs the build and the probe run

/// Runs host programs to completion, one at a time, stopping the running one by pid when the
/// command is interrupted.
final class HostCommand: StoppableSession, @unchecked Sendable {
    private let lock = NSLock()
    private var running: ChildProcess?
    private let interruption: RunInterruption?

    init(interruption: RunInterruption?) { self.interruption = interruption }

    /// Runs `executable` with `arguments`, its output to `log`; returns the output, or throws with
    /// the command and the output's tail when it fails.
    @discardableResult
    func run(_ executable: String, _ arguments: [String], log: String,
             environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let child = try ChildProcess(executable: executable, arguments: arguments, environment: environment, logPath: log)
        lock.withLock { running = child }
        interruption?.add(self)
        defer {
            interruption?.remove(self)
            lock.withLock { running = nil }
        }
        while child.wait(timeout: 3600) == nil {}
        let output = child.output()
        guard child.termination == .exited(0) else {
            throw KernelLaneError("\(executable) \(arguments.prefix(3).joined(separator: " ")) failed "
                + "(\(child.termination.map(String.init(describing:)) ?? "?")): \(KernelLaneError.oneLine(output))")
        }
        return output
    }

    func stop() {
        lock.withLock { running }?.terminate()
    }
}
