import Foundation
import Render
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// The command line as a user runs it: errors, the demo.
@Suite(.serialized)
struct CommandLineTests {
    /// Its XDG_RUNTIME_DIR as deep as the test's TMPDIR makes it, and 120 characters deeper: a
    /// socket path past 107 bytes, which libwayland would refuse with a line of its own.
    @Test("run with no compositor: one line naming the display, non-zero exit", arguments: [0, 120])
    func noCompositor(deeper: Int) throws {
        let dir = try TemporaryDirectory()
        let runtime = dir.path + String(repeating: "/runtime-dir", count: deeper / 12)
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        let display = "gesture-sandbox-no-such-display"
        let process = try ChildProcess(executable: try sandboxExecutable(), arguments: ["run", "--display", display],
                                       environment: ["XDG_RUNTIME_DIR": runtime, "PATH": "/usr/bin:/bin"],
                                       logPath: dir.file("out.log"))
        let ended = process.wait(timeout: SandboxClient.timeout)
        #expect(ended != nil && ended != .exited(0))
        let lines = process.output().split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains(display) == true)
    }

    @Test("demo writes a parseable trace, the deliveries log, state and before/after PNGs")
    func demo() throws {
        let dir = try TemporaryDirectory()
        let out = dir.file("demo")
        let process = try ChildProcess(executable: try sandboxExecutable(), arguments: ["demo", "--output", out],
                                       environment: ProcessInfo.processInfo.environment, logPath: dir.file("demo.log"))
        #expect(process.wait(timeout: 60) == .exited(0), "\(process.output())")
        #expect(process.output().contains(out))
        let trace = try TraceReader.read("\(out)/trace.jsonl")
        #expect(trace.header?.environment.seat?.name == "harness-seat")
        // Four downs, four ups; weston 10 drops the frame after the last up.
        #expect(trace.records.filter { $0.event.name == "down" }.count == 4)
        #expect(trace.records.filter { $0.event.name == "up" }.count == 4)
        let before = try PNGFile.read(contentsOf: "\(out)/before.png")
        let after = try PNGFile.read(contentsOf: "\(out)/after.png")
        // The red square's centre starts at (100, 100) and is dragged halfway to the window centre.
        #expect(before.rgba(x: 100, y: 100) != after.rgba(x: 100, y: 100))
        #expect(after.rgba(x: 370, y: 230) == before.rgba(x: 100, y: 100))
        #expect(FileManager.default.fileExists(atPath: "\(out)/deliveries.jsonl"))
        #expect(FileManager.default.fileExists(atPath: "\(out)/state.json"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            == ["after.png", "before.png", "deliveries.jsonl", "state.json", "trace.jsonl"])
    }

    @Test("demo writes its five files together or none: one that cannot be written leaves no other")
    func demoWritesAllOrNothing() throws {
        let dir = try TemporaryDirectory()
        let out = dir.file("demo")
        try FileManager.default.createDirectory(atPath: out + "/after.png", withIntermediateDirectories: true)
        let process = try ChildProcess(executable: try sandboxExecutable(), arguments: ["demo", "--output", out],
                                       environment: ProcessInfo.processInfo.environment, logPath: dir.file("demo.log"))
        #expect(process.wait(timeout: 60) == .exited(1))
        let lines = process.output().split(whereSeparator: \.isNewline)
        #expect(lines == ["gesture-sandbox: \(out)/after.png: is a directory; give a file name"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["after.png"])
    }

    @Test("replay --trace-arena prints each recognizer transition with its reason on stderr")
    func traceArena() throws {
        let dir = try TemporaryDirectory()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let trace = "\(root)/Tests/ScenesTests/Fixtures/playground-tap.txt"
        let log = dir.file("log.jsonl")
        let process = try ChildProcess(executable: try sandboxExecutable(),
                                       arguments: ["replay", trace, "--scene", "playground", "--log", log, "--trace-arena"],
                                       environment: ProcessInfo.processInfo.environment, logPath: dir.file("out.log"))
        #expect(process.wait(timeout: SandboxClient.timeout) == .exited(0))
        let arena = process.output().split(separator: "\n").filter { $0.hasPrefix("arena: ") }
        let transitions = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("\"kind\":\"transition\"") }
        #expect(!arena.isEmpty)
        #expect(arena.count == transitions.count)
        #expect(arena.contains { $0.contains("tap@tapPad possible→ended (recognized") })
    }

    @Test("replay of an unreadable trace: FILE:LINE:COLUMN and exit 2, no output file")
    func badTrace() throws {
        let dir = try TemporaryDirectory()
        let trace = dir.file("bad.txt")
        try "down 0 10 10; frame\nmotion zero 1 2; frame\n".write(toFile: trace, atomically: true, encoding: .utf8)
        let log = dir.file("log.jsonl")
        let process = try ChildProcess(executable: try sandboxExecutable(),
                                       arguments: ["replay", trace, "--scene", "touchdemo", "--log", log],
                                       environment: ProcessInfo.processInfo.environment, logPath: dir.file("out.log"))
        #expect(process.wait(timeout: SandboxClient.timeout) == .exited(2))
        let output = process.output()
        #expect(output.contains("\(trace):2:"), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: log))
    }
}
