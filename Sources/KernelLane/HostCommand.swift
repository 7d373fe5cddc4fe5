import Foundation
import SandboxHarness

// MARK: - Host programs the build and the probe run

/// Runs host programs to completion, one at a time, each in a process group of its own (setsid),
/// so an interrupted command stops the running one and every process it started (debootstrap's
/// dpkg, apt-get's methods) by that group.
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
        // setsid execs the program in place (the child leads no group yet), so the pid is the program's and its group's.
        let child = try ChildProcess(executable: "setsid", arguments: [executable] + arguments, environment: environment,
                                     logPath: log)
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
        guard let child = lock.withLock({ running }) else { return }
        if child.poll() == nil { kill(-child.pid, SIGTERM) }
        child.terminate()
        kill(-child.pid, SIGKILL)
    }
}
