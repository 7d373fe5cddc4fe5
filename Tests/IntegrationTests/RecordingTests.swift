import Foundation
import Glibc
import Render
import SandboxHarness
import Scenes
import TestSupport
import Testing
import TouchKit
import TouchStream

/// Recording and injection paths a user drives from the shell.
@Suite(.serialized)
struct RecordingTests {
    @Test("SIGINT mid-session leaves a complete, parseable trace and no .partial file")
    func interruptedRecording() throws {
        let client = try SandboxClient()
        try client.inject("down 0 100 100; frame; motion 0 130 100; frame")
        kill(client.process.pid, SIGINT)
        #expect(client.process.wait(timeout: SandboxClient.timeout) == .exited(0))
        let records = try client.trace().touchRecords
        #expect(records.map(\.event.name) == ["capabilities", "down", "frame", "motion", "frame"])
        #expect(!FileManager.default.fileExists(atPath: client.tracePath + ".partial"))
        #expect(try client.state().frame("red")?.origin.x == TouchDemoScene.cornerMargin + 30)
    }

    @Test("a crash (SIGSEGV) leaves the recording readable under its name, up to its last whole record")
    func crashKeepsTheRecording() throws {
        let client = try SandboxClient()
        try client.inject("down 0 100 100; frame; motion 0 130 100; frame")
        // Crash only once both frames are on disk (header and five records in the temporary).
        client.waitUntilRecorded(lines: 6)
        kill(client.process.pid, SIGSEGV)
        #expect(client.process.wait(timeout: SandboxClient.timeout) == .signaled(SIGSEGV))
        #expect(!FileManager.default.fileExists(atPath: client.tracePath + ".partial"))
        #expect(try client.trace().touchRecords.map(\.event.name) == ["capabilities", "down", "frame", "motion", "frame"])
        // The other outputs were not finished: nothing half-written is left of them.
        let left = try FileManager.default.contentsOfDirectory(atPath: client.files.path).filter { $0.hasSuffix(".partial") }
        #expect(left == [])
    }

    @Test("a write error stops the recording, the client goes on and says so once")
    func recordingMeetsAWriteError() throws {
        let client = try SandboxClient(recordsToFIFO: true)
        // The reader of the recording goes away after the first frame: the next write fails (EPIPE).
        let fd = client.fifoReader
        #expect(fd >= 0)
        try client.inject("down 0 100 100; frame")
        // The client writes its first frame when it handles it; wait for that line (or 10 s).
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = MonotonicClock.now() + 10
        while !String(decoding: received, as: UTF8.self).contains(#"{"kind":"frame"}"#), MonotonicClock.now() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = read(fd, &chunk, chunk.count)
            if count > 0 { received += chunk.prefix(count) }
        }
        close(fd)
        client.fifoReader = -1
        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
        // The header, capabilities, the surface records (configures, focus, activation) that came
        // first, down, frame.
        let touch = lines.dropFirst().filter {
            !$0.contains("activated") && !$0.contains("keyboard-") && !$0.contains("toplevel-configure")
        }
        #expect(touch.count == 3 && touch.last == #"{"kind":"frame"}"#, "\(lines)")
        try client.inject("motion 0 130 100; frame; motion 0 160 100; frame; up 0; frame")
        #expect(client.process.isRunning)
        // The scene still got every touch: only the recording stopped.
        #expect(client.finish() == .exited(0))
        #expect(try client.state().frame("red")?.origin.x == TouchDemoScene.cornerMargin + 60)
        let stopped = client.process.output().split(whereSeparator: \.isNewline).filter { $0.contains("recording stopped") }
        #expect(stopped.count == 1, "\(client.process.output())")
        #expect(stopped.first?.contains("cannot write: Broken pipe") == true)
    }

    @Test("the c key stops the recording: the trace is ended (in place at exit with the other outputs) and later touches are not in it")
    func recordKeyStops() throws {
        let client = try SandboxClient()
        try client.inject("down 0 100 100; frame; motion 0 120 100; frame; up 0; frame")
        let keyC: UInt32 = 46
        try client.harness.key(keyC, pressed: true)
        try client.harness.key(keyC, pressed: false)
        try client.harness.dispatch(for: 0.1)
        // The command line's trace is one of the command's outputs: it appears with them at exit.
        #expect(!FileManager.default.fileExists(atPath: client.tracePath))
        try client.inject("down 1 1180 100; frame; motion 1 1150 100; frame; up 1; frame")
        #expect(client.finish() == .exited(0))
        let ids = Set(try client.trace().touchRecords.compactMap(\.event.touchID))
        #expect(ids == [0])
        // The second drag still reached the scene: only recording stopped.
        #expect(try client.state().frame("green")?.origin.x == Double(SandboxClient.width) - TouchDemoScene.cornerMargin
            - TouchDemoScene.squareSide - 30)
    }

    @Test("gesture-sandbox inject drives the harness of a running weston")
    func injectCommand() throws {
        let client = try SandboxClient()
        let injector = try ChildProcess(
            executable: try sandboxExecutable(),
            arguments: ["inject", "down 0 1180 100; frame; motion 0 1150 130; frame; up 0; frame"],
            environment: client.weston.childEnvironment(), logPath: client.files.file("inject.log"))
        #expect(injector.wait(timeout: SandboxClient.timeout) == .exited(0), "\(injector.output())")
        try client.harness.dispatch(for: 0.1)
        #expect(client.finish() == .exited(0))
        let margin = TouchDemoScene.cornerMargin, side = TouchDemoScene.squareSide
        #expect(try client.state().frame("green")?.origin == Point(x: Double(SandboxClient.width) - margin - side - 30,
                                                                  y: margin + 30))
    }

    @Test("output scale 2: buffer scale 2, touch in logical px, screenshot at twice the size")
    func outputScaleTwo() throws {
        let client = try SandboxClient(scale: 2)
        try client.inject("down 0 100 100; frame; motion 0 200 150; frame; up 0; frame")
        try client.harness.dispatch(for: 0.1)
        let shot = try client.screenshot()
        #expect(client.finish() == .exited(0))
        #expect(try client.trace().header?.environment.surface?.bufferScale == 2)
        #expect(try client.state().frame("red")?.origin == Point(x: TouchDemoScene.cornerMargin + 100,
                                                                y: TouchDemoScene.cornerMargin + 50))
        #expect(shot.width == SandboxClient.width * 2)
        let red = TouchDemoScene.squares[0].color
        // New centre (200, 150) logical → (400, 300) in the scale-2 screenshot.
        #expect(Array(shot.rgba(x: 400, y: 300).prefix(3)) == [red.red, red.green, red.blue].map { UInt8(($0 * 255).rounded()) })
    }
}
