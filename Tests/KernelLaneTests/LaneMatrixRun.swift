import Foundation
import TestSupport

/// One `gesture-sandbox matrix` run of the kernel tier into `folder`: its output kept in a log file beside it (read
/// back, then removed), the process killed if it outlasts `timeout` seconds.
struct LaneMatrixRun {
    /// The matrix process's pid (its guests' job folders and qemu command lines carry it).
    let pid: Int32
    /// Its exit status.
    let status: Int32
    /// What it wrote to standard output and standard error.
    let output: String
    /// How long it ran.
    let seconds: Double

    init(_ arguments: [String], folder: String, timeout: Double) throws {
        let process = try sandboxProcess(arguments + ["-o", folder])
        let log = folder + ".log"
        FileManager.default.createFile(atPath: log, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: log) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        let start = Date()
        try process.run()
        pid = process.processIdentifier
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.5) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
        status = process.terminationStatus
        output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        seconds = Date().timeIntervalSince(start)
    }
}
