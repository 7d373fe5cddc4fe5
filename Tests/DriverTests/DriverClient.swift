import CompositorDrivers
import Foundation
import SandboxHarness
import TouchStream

// MARK: - Our client under a driver's compositor

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
        throw HarnessError("gesture-sandbox is not built (looked in \(candidates.joined(separator: ", "))); run swift build first")
    }
    return found
}

/// `gesture-sandbox run --scene touchdemo --record T --log L` under a compositor session.
final class DriverClient {
    /// Seconds to wait for the client's trace to show injected events.
    static let timeout = 10.0

    let session: CompositorSession
    let process: ChildProcess
    var tracePath: String { "\(session.runtimeDirectory)/trace.jsonl" }
    var deliveriesPath: String { "\(session.runtimeDirectory)/deliveries.jsonl" }

    init(_ session: CompositorSession) throws {
        self.session = session
        process = try session.launchClient(executable: try sandboxExecutable(), arguments: [
            "run", "--scene", "touchdemo", "--record", "\(session.runtimeDirectory)/trace.jsonl",
            "--log", "\(session.runtimeDirectory)/deliveries.jsonl",
        ], environment: [:], logName: "client.log")
    }

    /// Injects a compact script in global coordinates; returns what was not injectable.
    @discardableResult
    func inject(_ script: String) throws -> [ScriptItem] {
        try session.inject(try CompactTrace.parse(script, name: "test-script"))
    }

    /// Waits until the client's WAYLAND_DEBUG log shows `count` wl_touch events named `event`
    /// ("up", "cancel"), then ends it (SIGTERM, a clean exit that finishes its files) and
    /// returns the trace's wl_touch events.
    func finish(after count: Int, _ event: String) throws -> [RawEvent] {
        let deadline = MonotonicClock.now() + Self.timeout
        while logged(event) < count && MonotonicClock.now() < deadline { MonotonicClock.sleep(0.02) }
        process.terminate(timeout: Self.timeout)
        return try TraceReader.read(tracePath).records.map(\.event).filter { !$0.isCapabilities }
    }

    /// Lines of the client's WAYLAND_DEBUG log that received `interface`'s `event` ("wl_pointer", "button").
    func logged(_ event: String, interface: String = "wl_touch") -> Int {
        process.output().split(separator: "\n").filter {
            !$0.contains("->") && $0.contains("\(interface)@") && $0.contains(".\(event)(")
        }.count
    }
}

// MARK: - Writing expected streams

/// Compact names for expected wl_touch events: ids and surface-local coordinates only.
func shape(_ events: [RawEvent]) -> [String] {
    events.map { event in
        switch event {
        case .down(_, _, _, let id, let x, let y): "down \(id) \(x) \(y)"
        case .motion(_, let id, let x, let y): "motion \(id) \(x) \(y)"
        case .up(_, _, let id): "up \(id)"
        default: event.name
        }
    }
}
