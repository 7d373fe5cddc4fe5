import Foundation
import Testing

// MARK: - Running the built command line

/// What one run of `gesture-sandbox` left: its exit status and output.
struct SandboxResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// The built `gesture-sandbox`, run with optional standard input (closed at once otherwise).
func sandbox(_ arguments: [String], stdin: String? = nil) throws -> SandboxResult {
    let process = try sandboxProcess(arguments)
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return SandboxResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                         stderr: String(decoding: stderr, as: UTF8.self))
}

/// A not yet started process of the `gesture-sandbox` built next to the test bundle.
func sandboxProcess(_ arguments: [String]) throws -> Process {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [bundle.appendingPathComponent("gesture-sandbox"),
                      bundle.deletingLastPathComponent().appendingPathComponent("gesture-sandbox")]
    let executable = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                                  "gesture-sandbox is not built next to the test bundle")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    return process
}
