import Foundation
import SandboxHarness

// MARK: - One qemu process

/// A running guest: qemu as our child, its console in a file, stopped by pid.
public final class GuestMachine: StoppableSession, @unchecked Sendable {
    /// The qemu process.
    public let process: ChildProcess
    /// The serial console's file.
    public let console: String

    /// Starts qemu with `command`; its own output goes to `log`.
    public init(_ command: QemuCommand, log: String) throws {
        let path = ProcessInfo.processInfo.environment["PATH"]
        guard ChildProcess.resolve(QemuCommand.executable, path: path) != nil else { throw KernelLaneError.qemuMissing }
        console = command.console
        FileManager.default.createFile(atPath: console, contents: nil)
        process = try ChildProcess(executable: QemuCommand.executable, arguments: try command.arguments(),
                                   environment: ProcessInfo.processInfo.environment, logPath: log)
    }

    /// The console so far.
    public func consoleText() -> String {
        FileManager.default.contents(atPath: console).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Waits until the console holds `marker` (true), qemu exits or `timeout` seconds pass (false).
    public func waitForConsole(_ marker: String, timeout: Double) -> Bool {
        let deadline = MonotonicClock.now() + timeout
        while MonotonicClock.now() < deadline {
            if consoleText().contains(marker) { return true }
            if !process.isRunning { return consoleText().contains(marker) }
            MonotonicClock.sleep(0.05)
        }
        return false
    }

    /// Waits up to `timeout` seconds for qemu to exit (the guest powered off); nil if it still runs.
    public func waitForExit(timeout: Double) -> ChildProcess.Termination? { process.wait(timeout: timeout) }

    /// Stops qemu (SIGTERM, then SIGKILL) if it still runs.
    public func stop() { process.terminate(timeout: 2) }
}
