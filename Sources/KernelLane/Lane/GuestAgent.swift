import Foundation
import SandboxHarness

// MARK: - Commands to the guest's agent

/// The host's end of the guest's agent: numbered command files dropped into the job share's
/// `agent/` folder (written aside, renamed into place whole), each answered by the guest in
/// `N.done`. One command at a time; the guest runs them in order.
final class GuestAgent: @unchecked Sendable {
    /// The agent folder on the host (`/job/agent` in the guest).
    let folder: String
    private let machine: GuestMachine
    private let lock = NSLock()
    private var number = 0

    init(folder: String, machine: GuestMachine) {
        self.folder = folder
        self.machine = machine
    }

    /// The next command's number, for files that go with it (`N.events`).
    func nextNumber() -> Int { lock.withLock { number + 1 } }

    /// Sends `line` (and `extra` lines) and returns the guest's one-line answer; throws when the
    /// guest powers off or does not answer within `timeout` seconds.
    func send(_ line: String, extra: [String] = [], timeout: Double) throws -> String {
        try lock.withLock {
            number += 1
            let path = folder + "/\(number)"
            try Data(([line] + extra).map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path + ".new"))
            guard rename(path + ".new", path + ".cmd") == 0 else { throw KernelLaneError("cannot write \(path).cmd") }
            let deadline = MonotonicClock.now() + timeout
            while MonotonicClock.now() < deadline {
                if let data = FileManager.default.contents(atPath: path + ".done") {
                    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                }
                if !machine.process.isRunning {
                    throw KernelLaneError("the guest powered off during `\(line)`; console: "
                        + KernelLaneError.oneLine(machine.consoleText()))
                }
                MonotonicClock.sleep(0.02)
            }
            throw KernelLaneError("the guest did not answer `\(line)` within \(Int(timeout)) s")
        }
    }

    /// `words` quoted for the guest's shell (`eval "set -- …"`).
    static func shellWords(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }
}
