import CompositorDrivers
import Foundation
import Render
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// sway, phoc and cage nested in the harness weston: what each delivered to our client.
@Suite(.serialized)
struct NestedDriverTests {
    /// Root runs the nested compositors as this unprivileged user; the tests create it if missing.
    static func ensureUser() throws {
        guard geteuid() == 0, UnprivilegedUser.lookup(UnprivilegedUser.defaultName) == nil,
              ProcessInfo.processInfo.environment[UnprivilegedUser.environmentVariable] == nil else { return }
        let log = NSTemporaryDirectory() + "gesture-useradd-\(getpid()).log"
        defer { unlink(log) }
        let useradd = try ChildProcess(executable: "useradd", arguments: [
            "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", UnprivilegedUser.defaultName,
        ], environment: ProcessInfo.processInfo.environment, logPath: log)
        let termination = useradd.wait(timeout: 10) ?? useradd.terminate()
        guard termination == .exited(0) || UnprivilegedUser.lookup(UnprivilegedUser.defaultName) != nil else {
            throw DriverError("useradd \(UnprivilegedUser.defaultName) failed (\(termination)): \(useradd.output())")
        }
    }

    private func start(_ kind: CompositorKind) throws -> SandboxClient {
        try Self.ensureUser()
        return try SandboxClient(NestedWlrootsDriver(kind))
    }

    @Test("sway tiles the window under its title bar; a drag arrives window-local with the frame after up")
    func swayDrag() throws {
        let run = try start(.sway)
        let window = try #require(try run.session.window(of: run.process))
        #expect(window == ClientWindow(x: 2, y: 25, width: 1276, height: 693, titleBar: (0, 0, 1280, 25)))
        let (x, y) = (window.x + 100, window.y + 100)
        let skipped = try run.inject("down 0 \(x) \(y); frame; motion 0 \(x + 40.5) \(y + 20); frame; up 0; frame")
        #expect(skipped.isEmpty)
        let events = try run.finishEvents().map(summary)
        #expect(events == ["capabilities touch", "down 0 100 100", "frame", "motion 0 140.5 120", "frame", "up 0", "frame"])
    }

    @Test("sway (wlroots 0.15) forwards no cancel: the client sees the touch still down")
    func swayNoCancel() throws {
        let run = try start(.sway)
        let window = try #require(try run.session.window(of: run.process))
        let (x, y) = (window.x + 100, window.y + 100)
        try run.inject("down 0 \(x) \(y); frame; motion 0 \(x + 10) \(y); frame; cancel")
        try run.inject("down 0 \(x + 300) \(y); frame; up 0; frame")
        let events = try run.finishEvents().map(summary)
        // No cancel, no up: the client still holds touch 0 when the next down 0 arrives (R1).
        #expect(events == [
            "capabilities touch", "down 0 100 100", "frame", "motion 0 110 100", "frame",
            "down 0 400 100", "frame", "up 0", "frame",
        ])
    }

    @Test("sway (wlroots 0.15) forwards no shape or orientation, nor a frame that carried only them")
    func swayShape() throws {
        let run = try start(.sway)
        let window = try #require(try run.session.window(of: run.process))
        try run.inject("down 0 \(window.x + 100) \(window.y + 100); frame; shape 0 12 8; orientation 0 30; frame; up 0; frame")
        let events = try run.finishEvents().map(summary)
        #expect(events == ["capabilities touch", "down 0 100 100", "frame", "up 0", "frame"])
    }

    @Test("phoc maximises the window with no decoration: global is window-local")
    func phocDrag() throws {
        let run = try start(.phoc)
        let skipped = try run.inject("down 0 100 100; frame; motion 0 140.5 120; frame; up 0; frame")
        #expect(skipped.isEmpty)
        let events = try run.finishEvents().map(summary)
        #expect(events == ["capabilities touch", "down 0 100 100", "frame", "motion 0 140.5 120", "frame", "up 0", "frame"])
    }

    @Test("cage 0.1.4 starts the client and sends it no wl_touch.frame at all")
    func cageNoFrames() throws {
        let run = try start(.cage)
        try run.inject("down 0 100 100; frame; motion 0 140.5 120; frame; up 0; frame")
        let events = try run.finishEvents().map(summary)
        #expect(events == ["capabilities touch", "down 0 100 100", "motion 0 140.5 120", "up 0"])
    }

    @Test("cage: two fingers arrive with no frame between or after them")
    func cageTwoFingers() throws {
        let run = try start(.cage)
        try run.inject("down 0 100 100; down 1 900 500; frame; motion 0 150 130; motion 1 850 480; frame; up 0; up 1; frame")
        let events = try run.finishEvents().map(summary)
        #expect(events == [
            "capabilities touch", "down 0 100 100", "down 1 900 500", "motion 0 150 130", "motion 1 850 480", "up 0", "up 1",
        ])
    }

    @Test("cage: one client at a time; after it finishes, the next one gets a new cage in the same weston")
    func cageSequentialClients() throws {
        let run = try start(.cage)
        #expect(throws: DriverError.self) {
            try run.session.launchClient(executable: "true", arguments: [], environment: [:], logName: "second.log")
        }
        #expect(try run.finishEvents().map(summary) == ["capabilities touch"])
        let second = try run.session.launchClient(executable: try sandboxExecutable(), arguments: [
            "run", "--scene", "touchdemo", "--record", "\(run.files.path)/second.jsonl",
        ], environment: [:], logName: "second.log")
        try run.session.inject(try CompactTrace.parse("down 0 100 100; frame; up 0; frame"))
        usleep(200_000)
        #expect(run.session.finishClient(second, timeout: SandboxClient.timeout) == .exited(0))
        // What cage sent, without the client's own flush records.
        let events = try TraceReader.read("\(run.files.path)/second.jsonl").touchRecords.map(\.event).filter { $0 != .flush }
        #expect(events.map(summary) == ["capabilities touch", "down 0 100 100", "up 0"])
    }

    @Test("cage: stop leaves neither cage nor the client it started")
    func cageStop() throws {
        let run = try start(.cage)
        let cage = run.process.pid
        let children = try #require(Optional(childPids(of: cage)))
        #expect(children.count == 1)
        run.session.stop()
        run.session.stop()
        #expect(kill(cage, 0) == -1)
        // cage's client is not our child: once it has exited it may stay a zombie until init reaps it.
        for child in children { #expect(!isRunning(child), "cage's client \(child) still runs") }
    }

    @Test("a screenshot of the nested compositor shows the client")
    func swayScreenshot() throws {
        let run = try start(.sway)
        let window = try #require(try run.session.window(of: run.process))
        let image = try run.screenshot()
        #expect(image.width == 1280 && image.height == 720)
        let red = image.rgba(x: Int(window.x) + 100, y: Int(window.y) + 100)
        #expect(red[0] > 200 && red[1] < 100 && red[2] < 100, "pixel \(red) is not touchdemo's red square")
    }
}

/// True while `pid` exists and is not a zombie.
private func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
}

/// The pids whose parent is `pid`.
private func childPids(of pid: pid_t) -> [pid_t] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter {
        guard let stat = try? String(contentsOfFile: "/proc/\($0)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").dropFirst().first.flatMap { Int32($0) } == pid
    }
}
