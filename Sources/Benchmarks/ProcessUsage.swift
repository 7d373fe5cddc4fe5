import Foundation

// MARK: - A client's CPU time and memory, from /proc

/// Reads what Linux accounts to a process: CPU time of all its threads and its peak resident set.
public enum ProcessUsage {
    /// CPU time of every thread of `pid` in seconds (/proc/PID/task/*/schedstat, nanoseconds); nil if gone.
    public static func cpuSeconds(pid: Int32) -> Double? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var total = 0.0
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                  let first = text.split(separator: " ").first, let nanoseconds = Double(first) else { continue }
            total += nanoseconds / 1e9
        }
        return total
    }

    /// Voluntary context switches of every thread of `pid` (/proc/PID/task/*/status): each is a
    /// thread going to sleep until something wakes it; nil if gone.
    public static func voluntaryContextSwitches(pid: Int32) -> Int? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var total = 0
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            total += statusCount("voluntary_ctxt_switches", in: text) ?? 0
        }
        return total
    }

    /// A "name:\tNUMBER" field of /proc/PID/status.
    static func statusCount(_ name: String, in status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
        }
        return nil
    }

    /// Peak resident set size of `pid` in bytes (VmHWM in /proc/PID/status); nil if gone.
    public static func peakResidentBytes(pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        return residentField("VmHWM", in: text)
    }

    /// Current resident set size of `pid` in bytes (VmRSS); nil if gone.
    public static func residentBytes(pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        return residentField("VmRSS", in: text)
    }

    /// A "Name:   1234 kB" field of /proc/PID/status in bytes.
    static func residentField(_ name: String, in status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return number.map { $0 * 1024 }
        }
        return nil
    }
}
