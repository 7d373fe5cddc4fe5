import Foundation
import SandboxHarness

// MARK: - An option the harness weston cannot honour

/// `gesture-sandbox run` with options weston 10 has no global for, under a private harness weston
/// with WAYLAND_DEBUG, as the refusal tests read it: how the client ended, its own lines apart from
/// the protocol's, and what it left in its output folder.
public struct RefusedRun {
    /// How the client ended (a refusal is `.exited(1)`).
    public let ended: ChildProcess.Termination
    /// The client's lines that are not WAYLAND_DEBUG's: a refusal is exactly one.
    public let ownLines: [Substring]
    /// The WAYLAND_DEBUG lines (each starts with its timestamp in brackets).
    public let protocolLines: [Substring]
    /// The names in the folder its `--record` and `--log` point into (a refusal leaves none).
    public let filesLeft: [String]
    /// The whole log, for messages.
    public let output: String

    /// Runs `run --no-hud --record … --log … ARGUMENTS` under a fresh harness weston.
    public init(_ arguments: [String]) throws {
        let weston = try WestonInstance(.init(width: SandboxClient.width, height: SandboxClient.height))
        defer { weston.stop() }
        let files = try TemporaryDirectory()
        defer { files.cleanUp() }
        let client = try weston.launch(try sandboxExecutable(), arguments: [
            "run", "--no-hud", "--record", files.file("trace.jsonl"), "--log", files.file("deliveries.jsonl"),
        ] + arguments, environment: ["WAYLAND_DEBUG": "client"], logName: "client.log")
        ended = client.wait(timeout: SandboxClient.timeout) ?? client.terminate()
        output = client.output()
        let lines = output.split(separator: "\n")
        ownLines = lines.filter { !$0.hasPrefix("[") }
        protocolLines = lines.filter { $0.hasPrefix("[") }
        filesLeft = try FileManager.default.contentsOfDirectory(atPath: files.path)
    }

    /// True when the client asked for a surface of any kind.
    public var madeASurface: Bool { protocolLines.contains { $0.contains("create_surface(") } }
}
