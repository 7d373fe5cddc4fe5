import CompositorDrivers
import Foundation
import Render
import SandboxHarness
import TouchStream

// MARK: - Our client under a driver's compositor, as the driver tests run it

/// The built `gesture-sandbox` executable: $GESTURE_SANDBOX_BIN, else next to the test bundle.
func sandboxExecutable() throws -> String {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let explicit = environment["GESTURE_SANDBOX_BIN"] { candidates.append(explicit) }
    let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    candidates.append(bundleDir.appendingPathComponent("gesture-sandbox").path)
    candidates.append(bundleDir.deletingLastPathComponent().appendingPathComponent("gesture-sandbox").path)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug/gesture-sandbox").path)
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw DriverError("gesture-sandbox is not built (looked in \(candidates.joined(separator: ", "))); run swift build first")
    }
    return found
}

/// A started compositor with `gesture-sandbox run --scene touchdemo` recording in it.
///
/// A compositor that cannot start fails the test with its own error (which carries its log tail).
final class DriverClient {
    /// Seconds for the client to finish its files after SIGTERM.
    static let finishTimeout = 10.0

    let session: CompositorSession
    let client: ChildProcess
    let directory: String

    var tracePath: String { "\(directory)/trace.jsonl" }
    var deliveriesPath: String { "\(directory)/deliveries.jsonl" }

    var statePath: String { "\(directory)/state.json" }

    /// Starts `driver`'s compositor and our client in it (with the HUD hidden unless `hud`). With
    /// `inDirectory` the client runs in `directory`, where its record and screenshot controls write.
    init(_ driver: CompositorDriver, scene: String = "touchdemo",
         configuration: DriverConfiguration = DriverConfiguration(), environment: [String: String] = [:],
         hud: Bool = false, inDirectory: Bool = false) throws {
        directory = NSTemporaryDirectory() + "gesture-driver-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            session = try driver.start(configuration)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        do {
            try session.grantClientAccess(to: directory)
            let executable = try sandboxExecutable()
            let arguments = [
                "run", "--scene", scene, "--record", "\(directory)/trace.jsonl", "--log", "\(directory)/deliveries.jsonl",
                "--state", "\(directory)/state.json",
            ] + (hud ? [] : ["--no-hud"])
            // The sessions start clients in the test's own directory; `sh` changes it, then execs (same pid).
            let command = inDirectory
                ? (executable: "/bin/sh", arguments: ["-c", "cd \"$0\" && exec \"$@\"", directory, executable] + arguments)
                : (executable: executable, arguments: arguments)
            client = try session.launchClient(executable: command.executable, arguments: command.arguments,
                                              environment: environment, logName: "client.log")
        } catch {
            let tail = session.logTail()
            session.stop()
            try? FileManager.default.removeItem(atPath: directory)
            throw DriverError("\(error); compositor log: \(tail)")
        }
    }

    /// The compositor's whole output now, through the session's screenshot (its file removed after).
    func screenshot() throws -> RGBAImage {
        let path = "\(directory)/screen-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try session.screenshot(to: path)
        return try PNGFile.read(contentsOf: path)
    }

    deinit {
        session.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Injects a compact script (global coordinates); returns what was not injectable.
    @discardableResult
    func inject(_ script: String, settle: Double = 0.2) throws -> [ScriptItem] {
        let skipped = try session.inject(try CompactTrace.parse(script, name: "test-script"))
        // The compositor forwards asynchronously; give the client time to record.
        usleep(UInt32(settle * 1_000_000))
        return skipped
    }

    /// Ends the client with SIGTERM (it finishes its files) and returns what the compositor sent:
    /// the recorded trace without the client's own flush records.
    func finish() throws -> [RawEvent] {
        try finishRecording().map(\.event).filter { $0 != .flush }
    }

    /// Ends the client with SIGTERM (it finishes its files) and returns its whole recorded trace.
    func finishRecording() throws -> [RawRecord] {
        let termination = session.finishClient(client, timeout: Self.finishTimeout)
        guard termination == .exited(0) else {
            throw DriverError("client ended \(termination): \(client.output().suffix(400))")
        }
        return try TraceReader.read(tracePath).records
    }

    /// The deliveries log, one parsed JSON object per line (after `finish`).
    func deliveries() throws -> [[String: Any]] {
        try String(contentsOfFile: deliveriesPath, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }
}

/// The events a compositor decides, as short strings ("down 0 100 100", "frame", …).
func summary(_ event: RawEvent) -> String {
    switch event {
    case let .down(_, _, _, id, x, y): "down \(id) \(x) \(y)"
    case let .motion(_, id, x, y): "motion \(id) \(x) \(y)"
    case let .up(_, _, id): "up \(id)"
    case .frame: "frame"
    case .cancel: "cancel"
    case let .shape(id, major, minor): "shape \(id) \(major) \(minor)"
    case let .orientation(id, degrees): "orientation \(id) \(degrees)"
    case let .capabilities(touch): "capabilities \(touch ? "touch" : "none")"
    case .flush: "flush"
    }
}
