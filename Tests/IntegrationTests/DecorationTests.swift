import Foundation
import SandboxHarness
import TestSupport
import Testing
import TouchStream

/// Client-side decorations (libdecor) under a weston with desktop-shell, which offers no
/// xdg-decoration and, unlike the kiosk-shell the other tests use, keeps windows floating.
@Suite(.serialized)
struct DecorationTests {
    /// Output larger than the window, so the whole frame fits below desktop-shell's panel.
    private static let output = (width: 1600, height: 1000)
    /// Seconds the compositor and client get to act on input that draws nothing of ours.
    private static let settle = 0.3

    /// weston with desktop-shell, and our client (HUD off) with its window found.
    private final class FloatingClient {
        let weston: WestonInstance
        let harness: HarnessConnection
        let process: ChildProcess
        let files: TemporaryDirectory
        var tracePath: String { files.file("trace.jsonl") }

        init() throws {
            files = try TemporaryDirectory()
            (weston, harness) = try Self.startDesktopShell()
            process = try weston.launch(try sandboxExecutable(), arguments: [
                "run", "--no-hud", "--record", files.file("trace.jsonl"), "--log", files.file("deliveries.jsonl"),
            ], logName: "client.log")
        }

        deinit {
            if process.isRunning { process.terminate() }
            weston.stop()
        }

        /// Attempts at a weston whose shell client came up.
        private static let shellAttempts = 3

        /// weston with desktop-shell once its panel is mapped. weston 10's weston-desktop-shell
        /// sometimes dies at start (SIGSEGV, "apparently cannot run at all") and weston quits with
        /// it, so a start whose panel never shows is stopped and made again.
        private static func startDesktopShell() throws -> (WestonInstance, HarnessConnection) {
            var lastLog = ""
            for _ in 1...shellAttempts {
                let weston = try WestonInstance(.init(width: DecorationTests.output.width,
                                                      height: DecorationTests.output.height,
                                                      extraArguments: ["--shell=desktop-shell.so"]))
                let harness = try weston.connect()
                let deadline = MonotonicClock.now() + SandboxClient.timeout
                while weston.isRunning, MonotonicClock.now() < deadline {
                    // The panel spans the output's top edge.
                    if let panel = try? harness.pick(x: 4, y: 4), panel.pid > 0 { return (weston, harness) }
                    if (try? harness.dispatch(for: 0.02)) == nil { break }
                }
                lastLog = weston.logTail()
                weston.stop()
            }
            throw HarnessError("weston's desktop-shell did not come up in \(shellAttempts) starts: \(lastLog)")
        }

        /// The content surface (the output centre is on it: the decorations' input regions leave it out).
        func content() throws -> PickResult {
            let centre = (x: Double(DecorationTests.output.width) / 2, y: Double(DecorationTests.output.height) / 2)
            guard let view = try harness.waitForView(x: centre.x, y: centre.y, pid: Int32(process.pid),
                                                     timeout: SandboxClient.timeout) else {
                throw HarnessError("the client's window is gone: \(process.output())")
            }
            return view
        }
    }

    /// A point on the title bar: libdecor's cairo plugin draws it right above the content.
    private static func titleBar(above content: PickResult) -> (x: Double, y: Double) {
        (Double(content.x) + 200, Double(content.y) - 12)
    }

    /// Waits until our title bar is drawn at `point`: a surface of ours above the content.
    private static func waitForTitleBar(at point: (x: Double, y: Double), of client: FloatingClient,
                                        above content: PickResult) throws -> PickResult? {
        let deadline = MonotonicClock.now() + SandboxClient.timeout
        while MonotonicClock.now() < deadline {
            if let view = try client.harness.pick(x: point.x, y: point.y), view.pid == Int32(client.process.pid) {
                return view
            }
            try client.harness.dispatch(for: 0.05)
        }
        return nil
    }

    @Test("a title bar above the content (libdecor), and a pointer drag on it moves the window; no touch reaches the scene")
    func titleBarMovesTheWindow() throws {
        let client = try FloatingClient()
        let before = try client.content()
        #expect(before.width == 1280 && before.height == 720, "\(before)")
        let bar = Self.titleBar(above: before)
        let title = try #require(try Self.waitForTitleBar(at: bar, of: client, above: before), "no title bar")
        #expect(title.y < before.y, "\(title)")

        let harness = client.harness
        try harness.pointerMotion(x: bar.x, y: bar.y)
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
        // libdecor answers the press with xdg_toplevel.move; the compositor's move grab starts then.
        try harness.dispatch(for: Self.settle)
        for step in 1...10 { try harness.pointerMotion(x: bar.x + 15 * Double(step), y: bar.y + 8 * Double(step)) }
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        try harness.roundtrip()
        try harness.dispatch(for: Self.settle)
        let after = try client.content(), start = before
        #expect(after.x == start.x + 150 && after.y == start.y + 80, "before \(before), after \(after)")

        #expect(client.process.terminate(timeout: SandboxClient.timeout) == .exited(0))
        let records = try TraceReader.read(client.tracePath).records.filter { $0.event.touchID != nil }
        #expect(records.allSatisfy { $0.isControl }, "decoration input reached the scene: \(records)")
    }

    @Test("a touch drag on the title bar moves the window too and never reaches the scene; the content's touches still do")
    func titleBarByTouch() throws {
        let client = try FloatingClient()
        let before = try client.content()
        let bar = Self.titleBar(above: before)
        _ = try #require(try Self.waitForTitleBar(at: bar, of: client, above: before), "no title bar")
        try client.harness.run(try CompactTrace.parse("down 0 \(bar.x) \(bar.y); frame"))
        try client.harness.dispatch(for: Self.settle)
        var script = ""
        for step in 1...10 { script += "motion 0 \(bar.x + 15 * Double(step)) \(bar.y + 8 * Double(step)); frame; " }
        try client.harness.run(try CompactTrace.parse(script + "up 0; frame"))
        try client.harness.dispatch(for: Self.settle)
        let after = try client.content(), start = before
        #expect(after.x == start.x + 150 && after.y == start.y + 80, "before \(before), after \(after)")
        // Inside the content, next to the border, the finger is the scene's (the border's input
        // region leaves the content out once our commit applies it).
        let inside = (x: Double(after.x) + 5, y: Double(after.y) + 5)
        try client.harness.run(try CompactTrace.parse("down 1 \(inside.x) \(inside.y); frame; up 1; frame"))
        try client.harness.dispatch(for: Self.settle)
        #expect(client.process.terminate(timeout: SandboxClient.timeout) == .exited(0))
        let records = try TraceReader.read(client.tracePath).records.filter { $0.event.touchID != nil }
        #expect(records.filter { $0.event.touchID == 0 }.allSatisfy { $0.isControl }, "\(records)")
        let scene = records.filter { $0.event.touchID == 1 }
        #expect(!scene.isEmpty && scene.allSatisfy { !$0.isControl }, "\(records)")
        // Content-local, so on our surface and not on a decoration's.
        if case .down(_, _, _, _, let x, let y)? = scene.first?.event {
            #expect(x == WLFixed(5) && y == WLFixed(5))
        } else {
            Issue.record("the content touch did not start with a down: \(scene)")
        }
    }
}
