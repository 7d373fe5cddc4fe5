import Foundation

/// The processes of one private session, found by the runtime directory in their environment:
/// a compositor's helpers that it starts itself and that may outlive it or leave its process
/// tree (Enlightenment's efreetd is re-parented to init when Enlightenment restarts).
///
/// Every process the session starts inherits its private `XDG_RUNTIME_DIR`, and no other process
/// on the machine has it, so the variable names exactly the session's processes.
enum SessionProcesses {
    /// The pids whose environment has `XDG_RUNTIME_DIR=directory`, our own process excepted.
    static func pids(runtimeDirectory directory: String) -> [pid_t] {
        let marker = Array("XDG_RUNTIME_DIR=\(directory)".utf8)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard pid != getpid(), ProcessTable.isAlive(pid),
                  let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environment.split(separator: 0).contains { $0.elementsEqual(marker) }
        }
    }

    /// Stops every process of the session still running, by pid (SIGTERM, then SIGKILL), and again
    /// any started meanwhile: Enlightenment's efreetd spawns its cache builders at any time, and one
    /// started after a single pass rebuilt $HOME/.cache in the removed runtime directory.
    static func stop(runtimeDirectory directory: String, timeout: Double = ProcessList.stopTimeout) {
        for _ in 0..<passes {
            let running = pids(runtimeDirectory: directory)
            if running.isEmpty { return }
            ProcessTable.stop(running, timeout: timeout)
        }
    }

    /// How many scans `stop` makes at most; a spawner is gone by the second.
    static let passes = 4
}
