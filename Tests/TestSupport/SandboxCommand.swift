import Foundation
import SandboxHarness

// MARK: - Running the built command line

/// What one run of a command (`gesture-sandbox` or any other) left: how it ended and what it wrote.
public struct SandboxResult: Sendable {
    /// The exit status, or the signal's number when a signal ended it (Foundation's `terminationStatus`).
    public let status: Int32
    /// How it ended, in the harness's terms (`.signaled(SIGKILL)` when it outlived the timeout).
    public let termination: ChildProcess.Termination
    public let stdout: String
    public let stderr: String
    /// Standard output, then standard error.
    public var output: String { stdout + stderr }
}

/// Runs the built `gesture-sandbox` to its end, with `stdin` as its standard input (closed at once
/// when nil). With a `timeout` it is killed (SIGKILL) after that many seconds.
public func sandbox(_ arguments: [String], stdin: String? = nil, timeout: Double? = nil) throws -> SandboxResult {
    try finish(try sandboxProcess(arguments), stdin: stdin, timeout: timeout)
}

/// Runs `executable` (a path, or a name looked up on PATH) to its end, like ``sandbox(_:stdin:timeout:)``.
public func command(_ executable: String, _ arguments: [String], stdin: String? = nil, timeout: Double? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SandboxResult {
    let process = Process()
    guard let path = ChildProcess.resolve(executable, path: environment["PATH"]) else {
        throw HarnessError("\(executable): not found on PATH or not executable")
    }
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    return try finish(process, stdin: stdin, timeout: timeout)
}

/// Starts `process`, feeds it `stdin`, collects its output and waits for its end (SIGKILL after `timeout`).
private func finish(_ process: Process, stdin: String?, timeout: Double?) throws -> SandboxResult {
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    // Both pipes are drained while it runs: a full one would stall it.
    let stdout = PipeCollector(out), stderr = PipeCollector(err)
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    if let timeout {
        let deadline = MonotonicClock.now() + timeout
        while process.isRunning && MonotonicClock.now() < deadline { MonotonicClock.sleep(0.002) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    process.waitUntilExit()
    let termination: ChildProcess.Termination = process.terminationReason == .exit
        ? .exited(process.terminationStatus) : .signaled(process.terminationStatus)
    return SandboxResult(status: process.terminationStatus, termination: termination,
                         stdout: stdout.text(within: timeout), stderr: stderr.text(within: timeout))
}

/// A not yet started process of the built `gesture-sandbox` (crash backtraces off: a failing run
/// ends at once).
public func sandboxProcess(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try sandboxExecutable())
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    return process
}

/// Everything written to a pipe until its end, read on a thread of its own.
private final class PipeCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let ended = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            while case let chunk = handle.availableData, !chunk.isEmpty { lock.withLock { data.append(chunk) } }
            ended.signal()
        }.start()
    }

    /// The text once every writer has closed the pipe, or what came within `seconds` (nil: no limit;
    /// a process it started may still hold the pipe).
    func text(within seconds: Double?) -> String {
        if let seconds { _ = ended.wait(timeout: .now() + seconds) } else { ended.wait() }
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
