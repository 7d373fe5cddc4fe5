import Foundation
import SandboxHarness
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
            weston = try WestonInstance(.init(width: DecorationTests.output.width, height: DecorationTests.output.height,
                                              extraArguments: ["--shell=desktop-shell.so"]))
            harness = try weston.connect()
            process = try weston.launch(try sandboxExecutable(), arguments: [
                "run", "--no-hud", "--record", files.file("trace.jsonl"), "--log", files.file("deliveries.jsonl"),
            ], logName: "client.log")
        }

        deinit {
            if process.isRunning { process.terminate() }
            weston.stop()
        }

        /// The window as weston sees it: content plus libdecor's subsurfaces (title bar, borders, shadow).
        func frame() throws -> PickResult {
            let centre = (x: Double(DecorationTests.output.width) / 2, y: Double(DecorationTests.output.height) / 2)
            guard let view = try harness.waitForView(x: centre.x, y: centre.y, pid: Int32(process.pid),
                                                     timeout: SandboxClient.timeout) else {
                throw HarnessError("the client's window never appeared: \(process.output()) \(weston.logTail())")
            }
            return view
        }
    }

    @Test("a title bar above the content (libdecor), and a pointer drag on it moves the window; no touch reaches the scene")
    func titleBarMovesTheWindow() throws {
        let client = try FloatingClient()
        let before = try client.frame()
        // The content is 1280×720; the rest is decoration: equal borders left, right and below,
        // and the title bar on top of the top border.
        let border = Double(before.width - 1280) / 2
        let titleHeight = Double(before.height - 720) - 2 * border
        #expect(titleHeight >= 20, "no title bar: \(before)")
        let bar = (x: Double(before.x) + 200, y: Double(before.y) + border + titleHeight / 2)
        #expect(try client.harness.pick(x: bar.x, y: bar.y)?.pid == Int32(client.process.pid))

        let harness = client.harness
        try harness.pointerMotion(x: bar.x, y: bar.y)
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
        // libdecor answers the press with xdg_toplevel.move; the compositor's move grab starts then.
        try harness.dispatch(for: Self.settle)
        for step in 1...10 { try harness.pointerMotion(x: bar.x + 15 * Double(step), y: bar.y + 8 * Double(step)) }
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        try harness.roundtrip()
        try harness.dispatch(for: Self.settle)
        // A pick names the topmost of our surfaces there: the whole frame or the content alone.
        func contentOrigin(_ view: PickResult) -> (x: Int32, y: Int32) {
            view.width == 1280 ? (view.x, view.y) : (view.x + Int32(border), view.y + Int32(border + titleHeight))
        }
        let after = contentOrigin(try client.frame()), start = contentOrigin(before)
        #expect(after.x == start.x + 150 && after.y == start.y + 80, "before \(before), after \(after)")

        #expect(client.process.terminate(timeout: SandboxClient.timeout) == .exited(0))
        let records = try TraceReader.read(client.tracePath).records.filter { $0.event.touchID != nil }
        #expect(records.allSatisfy { $0.isControl }, "decoration input reached the scene: \(records)")
    }
}
