import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

// MARK: - Our X11 window under weston 10's Xwayland

/// `x11-client` under the harness weston started with `--xwayland`: touches injected through the
/// harness reach our X11 window as XI 2.2 touch events, and the trace says so with the values
/// Xwayland sent (measured: docs/x11-oracle.md).
@Suite(.serialized) struct X11OracleTests {
    private static let timeout = 20.0
    private static let emulatingPointer: UInt32 = 0x2_0000
    private static let pointerEmulated: UInt32 = 0x1_0000

    /// Starts weston with Xwayland and our X11 window, injects `script` (output coordinates), stops the
    /// window with SIGTERM and returns the X11 records of its trace.
    private func run(_ script: String) throws -> [SurfaceEvent] {
        let weston = try WestonInstance(.init(width: 800, height: 600, xwayland: true))
        defer { weston.stop() }
        let files = try TemporaryDirectory()
        let trace = files.file("x11.jsonl")
        let client = try weston.launch(try sandboxExecutable(), arguments: ["x11-client", "--record", trace],
                                       logName: "x11-client.log")
        defer { if client.isRunning { client.terminate() } }
        let deadline = MonotonicClock.now() + Self.timeout
        while !client.output().contains("x11-client: window"), client.isRunning, MonotonicClock.now() < deadline {
            usleep(20_000)
        }
        try #require(client.output().contains("x11-client: window"), "\(client.output()); weston: \(weston.logTail())")
        let harness = try weston.connect()
        // The X window is a view of Xwayland's, not of our process: any view under the touch will do.
        try #require(try harness.waitForView(x: 200, y: 150, timeout: Self.timeout) != nil, "\(weston.logTail())")
        // The frame window and the kiosk fullscreen configure come after the map: let them settle.
        try harness.run([.sleep(milliseconds: 300)] + CompactTrace.parse(script, name: "x11-script"))
        try harness.run([.sleep(milliseconds: 300)])
        #expect(client.terminate() == .exited(0), "\(client.output())")
        return try TraceReader.read(trace).records.compactMap(\.event.surfaceEvent)
    }

    @Test("a tap: XI TouchBegin and TouchEnd, one id, at the injected root position; no emulated button events")
    func tap() throws {
        let events = try run("down 0 200 150; frame; sleep 40; up 0; frame")
        let touches = events.filter { [.x11TouchBegin, .x11TouchUpdate, .x11TouchEnd].contains($0.kind) }
        #expect(touches.map(\.kind) == [.x11TouchBegin, .x11TouchEnd])
        #expect(Set(touches.map(\.detail)).count == 1)
        #expect(touches.allSatisfy { $0.device == 2 && $0.flags == Self.emulatingPointer })
        // Xwayland's root position of (200, 150) is a whole pixel minus rounding (199.9969 measured).
        let begin = try #require(touches.first)
        #expect(abs(Double(begin.rx ?? 0) / 65536 - 200) < 0.01 && abs(Double(begin.ry ?? 0) / 65536 - 150) < 0.01)
        // The window selects touch events, so the server sends it no emulated button (XI or core) events.
        #expect(!events.contains { [.x11ButtonPress, .x11ButtonRelease, .x11CoreButtonPress, .x11CoreButtonRelease].contains($0.kind) })
        // It does send one XI motion marked emulated, at the touch's time, to move the pointer there.
        #expect(events.contains { $0.kind == .x11Motion && $0.flags == Self.pointerEmulated && $0.time == begin.time })
        #expect(events.first?.kind == .x11Configure)
    }

    @Test("a drag: TouchUpdate per motion, window coordinates moving by the injected distance")
    func drag() throws {
        let events = try run("down 0 200 150; frame; sleep 30; motion 0 230 170; frame; sleep 30; motion 0 260 190; frame; sleep 30; up 0; frame")
        let touches = events.filter { [.x11TouchBegin, .x11TouchUpdate, .x11TouchEnd].contains($0.kind) }
        #expect(touches.map(\.kind) == [.x11TouchBegin, .x11TouchUpdate, .x11TouchUpdate, .x11TouchEnd])
        let first = try #require(touches.first), last = try #require(touches.last)
        // Window and root coordinates keep one offset: the distance moved is the injected (60, 40).
        #expect(abs(Double((last.ex ?? 0) - (first.ex ?? 0)) / 65536 - 60) < 0.01)
        #expect(abs(Double((last.ey ?? 0) - (first.ey ?? 0)) / 65536 - 40) < 0.01)
        #expect(touches.allSatisfy { ($0.ex ?? 0) - ($0.rx ?? 0) == (first.ex ?? 0) - (first.rx ?? 0) })
    }

    @Test("two fingers: two touch ids, only the first emulates the pointer")
    func twoFingers() throws {
        let events = try run("down 0 200 150; frame; sleep 30; down 1 400 300; frame; sleep 30; up 1; frame; sleep 30; up 0; frame")
        let begins = events.filter { $0.kind == .x11TouchBegin }
        let ends = events.filter { $0.kind == .x11TouchEnd }
        #expect(begins.count == 2 && ends.count == 2)
        #expect(Set(begins.map(\.detail)).count == 2)
        #expect(Set(ends.map(\.detail)) == Set(begins.map(\.detail)))
        #expect(begins.map(\.flags) == [Self.emulatingPointer, 0])
    }

    @Test("no DISPLAY: one line naming the xwayland package, exit 1, no trace")
    func noDisplay() throws {
        let files = try TemporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        let client = try ChildProcess(executable: try sandboxExecutable(),
                                      arguments: ["x11-client", "--record", files.file("t.jsonl")],
                                      environment: environment, logPath: files.file("client.log"))
        #expect(client.wait(timeout: Self.timeout) == .exited(1))
        #expect(client.output() == "gesture-sandbox: no X display: DISPLAY is not set (start a compositor with Xwayland; Debian package: xwayland)\n")
        #expect(!FileManager.default.fileExists(atPath: files.file("t.jsonl")))
    }
}
