import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - gesture-sandbox weston: a private compositor for a user's own session

/// `gesture-sandbox weston` as a user runs it: read its exports, use them, stop it with SIGINT.
@Suite(.serialized) struct WestonCommandTests {
    /// What the command printed: weston's pid and the variables to export.
    private struct Exports {
        var westonPID: pid_t
        var variables: [String: String]
    }

    /// Waits until the command has printed its three lines, and parses them as a shell would.
    private func exports(of command: ChildProcess) throws -> Exports {
        let deadline = MonotonicClock.now() + SandboxClient.timeout
        while MonotonicClock.now() < deadline, command.isRunning {
            let lines = command.output().split(separator: "\n").map(String.init)
            let exported = lines.filter { $0.hasPrefix("export ") }
            if exported.count == 2, let comment = lines.first(where: { $0.hasPrefix("# weston pid ") }) {
                var variables: [String: String] = [:]
                for line in exported {
                    let assignment = line.dropFirst("export ".count).split(separator: "=", maxSplits: 1)
                    variables[String(assignment[0])] = String(assignment[1])
                }
                let pid = comment.dropFirst("# weston pid ".count).prefix { $0.isNumber }
                return Exports(westonPID: pid_t(pid) ?? 0, variables: variables)
            }
            usleep(20_000)
        }
        throw HarnessError("gesture-sandbox weston printed no exports: \(command.output())")
    }

    @Test("prints the exports, inject reaches a client through them, SIGINT stops weston and removes the runtime dir")
    func startInjectStop() throws {
        let files = try TemporaryDirectory()
        let command = try ChildProcess(executable: try sandboxExecutable(),
                                       arguments: ["weston", "--width", "800", "--height", "600"],
                                       environment: ProcessInfo.processInfo.environment,
                                       logPath: files.file("weston-command.log"))
        defer { if command.isRunning { command.terminate() } }
        let exported = try exports(of: command)
        let runtime = try #require(exported.variables["XDG_RUNTIME_DIR"])
        let display = try #require(exported.variables["WAYLAND_DISPLAY"])
        #expect(FileManager.default.fileExists(atPath: "\(runtime)/\(display)"))
        #expect(kill(exported.westonPID, 0) == 0, "weston pid \(exported.westonPID) is not running")

        var environment = ProcessInfo.processInfo.environment
        environment.merge(exported.variables) { _, new in new }
        let client = try ChildProcess(executable: try sandboxExecutable(),
                                      arguments: ["run", "--record", files.file("trace.jsonl")],
                                      environment: environment, logPath: files.file("client.log"))
        defer { if client.isRunning { client.terminate() } }
        let harness = try HarnessConnection(environment: environment)
        #expect(try harness.waitForView(x: 400, y: 300, pid: Int32(client.pid), timeout: SandboxClient.timeout) != nil)
        let inject = try ChildProcess(executable: try sandboxExecutable(),
                                      arguments: ["inject", "down 3 400 300; frame; motion 3 420.5 310; frame; up 3; frame"],
                                      environment: environment, logPath: files.file("inject.log"))
        #expect(inject.wait(timeout: SandboxClient.timeout) == .exited(0), "\(inject.output())")
        _ = try harness.waitForCommit(pid: Int32(client.pid), after: MonotonicClock.now() - 1, timeout: SandboxClient.timeout)
        #expect(client.terminate(timeout: SandboxClient.timeout) == .exited(0))
        let events = try TraceReader.read(files.file("trace.jsonl")).records.compactMap { record -> String? in
            switch record.event {
            case .down(_, _, _, let id, let x, let y): "down \(id) \(x.doubleValue) \(y.doubleValue)"
            case .motion(_, let id, let x, let y): "motion \(id) \(x.doubleValue) \(y.doubleValue)"
            case .up(_, _, let id): "up \(id)"
            default: nil
            }
        }
        // The output is the client's fullscreen surface at 0,0: injected = surface coordinates.
        #expect(events == ["down 3 400.0 300.0", "motion 3 420.5 310.0", "up 3"])

        kill(command.pid, SIGINT)
        #expect(command.wait(timeout: SandboxClient.timeout) == .exited(0), "\(command.output())")
        #expect(kill(exported.westonPID, 0) == -1 && errno == ESRCH, "weston \(exported.westonPID) survived")
        #expect(!FileManager.default.fileExists(atPath: runtime))
        #expect(command.output().contains("weston stopped, \(runtime) removed"))
    }

    @Test("a bad size is refused before anything starts")
    func badSize() throws {
        let files = try TemporaryDirectory()
        let command = try ChildProcess(executable: try sandboxExecutable(), arguments: ["weston", "--width", "0"],
                                       environment: ProcessInfo.processInfo.environment, logPath: files.file("out.log"))
        #expect(command.wait(timeout: SandboxClient.timeout) == .exited(64))
        #expect(!command.output().contains("export"))
    }
}
