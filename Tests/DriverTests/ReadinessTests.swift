@testable import CompositorDrivers
import Foundation
import SandboxHarness
import Testing

/// A compositor that dies or hangs at start is reported in one line with its log tail.
struct ReadinessTests {
    private func spawn(_ script: String) throws -> ChildProcess {
        try ChildProcess(executable: "/bin/sh", arguments: ["-c", script], environment: ProcessInfo.processInfo.environment,
                         logPath: NSTemporaryDirectory() + "gesture-readiness-\(UUID().uuidString).log")
    }

    @Test("a process that exits before it is ready: its exit status and last log lines")
    func exitsEarly() throws {
        let process = try spawn("echo starting; echo 'cannot open display: no such device'; exit 3")
        defer { unlink(process.logPath) }
        do {
            _ = try Readiness.wait(for: "its socket", process: process, timeout: 5) { nil as Bool? }
            Issue.record("no error")
        } catch let error as DriverError {
            #expect(error.description.hasPrefix("sh exited (exited(3)) before showing its socket; log "))
            #expect(error.description.hasSuffix("starting | cannot open display: no such device"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a process that never becomes ready: the timeout and its log tail; it is not left running by the caller")
    func neverReady() throws {
        let process = try spawn("echo waiting forever; exec sleep 30")
        defer { process.terminate(); unlink(process.logPath) }
        #expect(throws: DriverError.self) {
            try Readiness.wait(for: "its window", process: process, timeout: 0.2) { nil as Bool? }
        }
        do {
            _ = try Readiness.wait(for: "its window", process: process, timeout: 0.05) { nil as Bool? }
        } catch let error as DriverError {
            #expect(error.description.hasPrefix("sh did not show its window within 0.05 s; log "))
            #expect(error.description.hasSuffix("waiting forever"))
        }
        #expect(process.terminate() == .signaled(SIGTERM))
    }
}
