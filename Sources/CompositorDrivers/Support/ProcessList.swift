import Foundation
import SandboxHarness

/// The processes one session started, stopped by pid in reverse start order (client first,
/// then injector, compositor, buses), each SIGTERM then SIGKILL. Stopping twice is harmless.
final class ProcessList {
    private var processes: [ChildProcess] = []
    private let lock = NSLock()

    /// Seconds each process gets between SIGTERM and SIGKILL.
    static let stopTimeout = 2.0

    /// Takes ownership of `process`; it is stopped before everything added earlier.
    func add(_ process: ChildProcess) {
        lock.lock()
        defer { lock.unlock() }
        processes.append(process)
    }

    /// Stops every process still running, newest first, and forgets them.
    func stopAll() {
        lock.lock()
        let stopping = processes.reversed()
        processes.removeAll()
        lock.unlock()
        for process in stopping { process.terminate(timeout: ProcessList.stopTimeout) }
    }

    /// The first process that has ended although nobody stopped it, with how it ended.
    func firstExited() -> (ChildProcess, ChildProcess.Termination)? {
        lock.lock()
        defer { lock.unlock() }
        for process in processes {
            if let termination = process.poll() { return (process, termination) }
        }
        return nil
    }

    deinit { stopAll() }
}
