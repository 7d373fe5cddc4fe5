import CompositorDrivers
import Foundation
import Render
import SandboxHarness
import TouchStream

// MARK: - Ending the client and reading what it wrote

extension SandboxClient {
    /// Ends the client with SIGTERM (a clean exit that finishes its files) and returns how it ended.
    @discardableResult
    public func finish() -> ChildProcess.Termination {
        session.finishClient(process, timeout: Self.timeout)
    }

    /// Ends the client (see `finish`), which must exit 0, and returns its whole recorded trace.
    public func finishRecording() throws -> [RawRecord] {
        let termination = finish()
        guard termination == .exited(0) else {
            throw DriverError("client ended \(termination): \(process.output().suffix(400))")
        }
        return try TraceReader.read(tracePath).records
    }

    /// Ends the client (see `finishRecording`) and returns what the compositor sent to wl_touch and
    /// the seat: the recorded trace without the client's own flush records and without the surface
    /// records (keyboard focus, activation, which the driver tests do not ask about).
    public func finishEvents() throws -> [RawEvent] {
        try finishRecording().map(\.event).filter { $0 != .flush && $0.surfaceEvent == nil }
    }

    /// Waits until the recording's temporary holds `lines` lines (the header and whole records).
    public func waitUntilRecorded(lines: Int) {
        let deadline = MonotonicClock.now() + Self.timeout
        while MonotonicClock.now() < deadline,
              (try? String(contentsOfFile: tracePath + ".partial", encoding: .utf8))?
                .split(separator: "\n").count != lines {
            usleep(10_000)
        }
    }

    /// The recorded raw trace.
    public func trace() throws -> Trace { try TraceReader.read(tracePath) }

    /// The scene's final state.
    public func state() throws -> StateFile {
        try JSONDecoder().decode(StateFile.self, from: Data(contentsOf: URL(fileURLWithPath: statePath)))
    }

    /// The deliveries log, one parsed JSON object per line.
    public func deliveries() throws -> [[String: Any]] {
        try String(contentsOfFile: deliveriesPath, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    /// The compositor's whole output now, through the session's screenshot (its file removed after).
    public func screenshot() throws -> RGBAImage {
        let path = files.file("screen-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try session.screenshot(to: path)
        return try PNGFile.read(contentsOf: path)
    }
}
