import Foundation
import Glibc
import SandboxHarness
import Scenes
import TestSupport
import Testing
import TouchKit
import TouchStream

/// `run`'s outputs (--record, --log, --state, --screenshot) are one group: in place together on
/// every way out, or none of them; the recording outranks the group when they conflict.
@Suite(.serialized)
struct LiveOutputGroupTests {
    @Test("SIGINT, SIGTERM and SIGHUP each leave every output whole and no .partial", arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalEndsTheSession(_ number: Int32) throws {
        let client = try SandboxClient()
        try client.inject("down 0 100 100; frame; motion 0 130 100; frame")
        kill(client.process.pid, number)
        #expect(client.process.wait(timeout: SandboxClient.timeout) == .exited(0))
        #expect(try client.trace().touchRecords.map(\.event.name) == ["capabilities", "down", "frame", "motion", "frame"])
        #expect(try client.deliveries().filter { $0["method"] as? String == "touchesMoved" }.count == 1)
        #expect(try client.state().frame("red")?.origin.x == TouchDemoScene.cornerMargin + 30)
        #expect(FileManager.default.fileExists(atPath: client.screenshotPath))
        #expect(try partials(in: client.files) == [])
    }

    @Test("SIGQUIT and SIGUSR1 kill like a crash: the recording whole under its name, nothing else, no .partial",
          arguments: [SIGQUIT, SIGUSR1])
    func killingSignalKeepsTheRecording(_ number: Int32) throws {
        let client = try SandboxClient()
        try client.inject("down 0 100 100; frame; motion 0 130 100; frame")
        // Only once both frames are on disk (header and five records in the temporary).
        client.waitUntilRecorded(lines: 6)
        kill(client.process.pid, number)
        #expect(client.process.wait(timeout: SandboxClient.timeout) == .signaled(number))
        #expect(try client.trace().touchRecords.map(\.event.name) == ["capabilities", "down", "frame", "motion", "frame"])
        #expect(!FileManager.default.fileExists(atPath: client.deliveriesPath))
        #expect(try partials(in: client.files) == [])
    }

    @Test("an output in a missing folder: no window, one line, and none of the other outputs")
    func unwritableOutputWritesNothing() throws {
        let files = try TemporaryDirectory()
        let (status, output) = try runToExit([
            "--record", files.file("trace.jsonl"), "--log", files.file("deliveries.jsonl"),
            "--screenshot", files.file("missing/client.png"),
        ])
        #expect(status == .exited(1))
        let lines = output.split(whereSeparator: \.isNewline)
        #expect(lines.count == 1 && lines[0].contains("missing/client.png: cannot create it: the folder") && !lines[0].contains(".partial"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path) == [])
    }

    @Test("one file given for two outputs is refused before the window")
    func sameFileTwice() throws {
        let files = try TemporaryDirectory()
        let (status, output) = try runToExit(["--record", files.file("t.jsonl"), "--log", files.path + "/./t.jsonl"])
        #expect(status == .exited(1))
        #expect(output.contains("is also given as the output \(files.file("t.jsonl"))"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path) == [])
    }

    @Test("the deliveries log fails: the recording is kept alone, no other output appears")
    func failedLogKeepsOnlyTheRecording() throws {
        let client = try SandboxClient(outputs: { files in
            ["--record", files.file("trace.jsonl"), "--log", files.file("deliveries.jsonl"),
                    "--state", files.file("state.json"), "--screenshot", files.file("client.png")]
        }, openingFIFO: "deliveries.jsonl")
        // The log's reader goes away: its next write fails (EPIPE).
        close(client.fifoReader)
        client.fifoReader = -1
        try client.inject("down 0 100 100; frame; motion 0 130 100; frame")
        #expect(client.finish() == .exited(1))
        #expect(try client.trace().touchRecords.map(\.event.name) == ["capabilities", "down", "frame", "motion", "frame"])
        #expect(!FileManager.default.fileExists(atPath: client.statePath))
        #expect(!FileManager.default.fileExists(atPath: client.screenshotPath))
        #expect(try partials(in: client.files) == [])
        let last = client.process.output().split(whereSeparator: \.isNewline).last ?? ""
        #expect(last.contains("kept the recording \(client.tracePath), wrote none of the other outputs"), "\(last)")
    }

    /// Byte limits closer together than a frame record is long (17 bytes) over more than a motion
    /// and its frame (about 140 bytes here, more with longer wl_touch times): the disk fills inside
    /// every kind of line, a frame's included, whatever the length of the wl_touch times
    /// (milliseconds since the machine booted).
    static let fullDiskLimits = (0..<16).map { 100_000 + 13 * $0 }

    @Test("a recording that meets a full disk is cut to its last whole frame and put in place with the group",
          arguments: fullDiskLimits)
    func fullDiskRecordingJoinsTheGroup(limit: Int) throws {
        // A 160×120 window: its 77 kB shm buffers fit under the limit, the trace does not.
        let client = try SandboxClient(outputs: { files in
            ["--record", files.file("trace.jsonl"), "--state", files.file("state.json")]
        }, fileSizeLimit: limit, width: 160, height: 120)
        // In batches: weston drops a client whose socket it cannot write to.
        try client.inject("down 0 20 30; frame")
        for batch in 0..<32 {
            try client.inject((1...50).map { "motion 0 \(20 + ($0 + batch) % 40) 30; frame" }.joined(separator: "; "))
        }
        let deadline = MonotonicClock.now() + SandboxClient.timeout
        while !client.process.output().contains("recording stopped"), MonotonicClock.now() < deadline { usleep(20_000) }
        #expect(client.process.output().contains("recording stopped: \(client.tracePath): cannot write: File too large"))
        // Held back until the session ends, like the other outputs.
        #expect(!FileManager.default.fileExists(atPath: client.tracePath))
        #expect(client.finish() == .exited(0))
        let size = try FileManager.default.attributesOfItem(atPath: client.tracePath)[.size] as? Int ?? 0
        // What the disk held, less the frame it cut: at most one motion and its frame lost.
        #expect(size <= limit && limit - size < 400, "size \(size)")
        let trace = try client.trace()
        #expect(trace.records.count > 3)
        // Its last touch record ends a frame (a surface record may follow it).
        let touch = trace.records.filter { $0.event.surfaceEvent == nil && !$0.event.isCapabilities }
        #expect(["frame", "flush", "cancel"].contains(touch.last?.event.name ?? ""),
                "ends inside a frame: \(touch.suffix(3).map(\.event.name))")
        #expect(try client.state().views.isEmpty == false, "the state went into place with the trace")
        #expect(try partials(in: client.files) == [])
    }

    // MARK: - Helpers

    private func partials(in files: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: files.path).filter { $0.contains(".partial") }
    }

    /// Runs `gesture-sandbox run` with `outputs` under a private weston until it exits by itself.
    private func runToExit(_ outputs: [String]) throws -> (ChildProcess.Termination?, String) {
        let weston = try WestonInstance(.init(width: SandboxClient.width, height: SandboxClient.height))
        defer { weston.stop() }
        let process = try weston.launch(try sandboxExecutable(), arguments: ["run", "--no-hud"] + outputs,
                                        logName: "client.log")
        let status = process.wait(timeout: SandboxClient.timeout)
        if status == nil { process.terminate() }
        return (status, process.output())
    }
}
