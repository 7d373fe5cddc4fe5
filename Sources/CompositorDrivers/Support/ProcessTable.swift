import Foundation
import SandboxHarness

/// Processes we did not spawn ourselves but must stop: the client cage starts for us.
enum ProcessTable {
    /// The pids whose parent is `pid` (from /proc/PID/stat).
    static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { parent(of: $0) == pid }
    }

    /// The parent pid of `pid`, or nil when it is gone.
    static func parent(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After "pid (comm)": state, then ppid; comm may itself contain spaces and parentheses.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    /// SIGTERM to each pid, SIGKILL to those still there after `timeout` seconds.
    static func stop(_ pids: [pid_t], timeout: Double) {
        guard !pids.isEmpty else { return }
        pids.forEach { kill($0, SIGTERM) }
        let deadline = MonotonicClock.now() + timeout
        while pids.contains(where: isAlive), MonotonicClock.now() < deadline {
            MonotonicClock.sleep(Readiness.pollInterval)
        }
        let stubborn = pids.filter(isAlive)
        stubborn.forEach { kill($0, SIGKILL) }
        // SIGKILL is not instant; a killed process is gone (or a zombie for its parent) soon after.
        let killDeadline = MonotonicClock.now() + timeout
        while stubborn.contains(where: isAlive), MonotonicClock.now() < killDeadline {
            MonotonicClock.sleep(Readiness.pollInterval)
        }
    }

    /// True while `pid` exists and is not a zombie.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}
