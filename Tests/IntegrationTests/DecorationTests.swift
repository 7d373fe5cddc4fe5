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

    /// Where the decorations are, from a pick of the whole frame: the content is 1280×720, the
    /// rest equal borders left, right and below, and the title bar on top of the top border.
    private struct FrameGeometry {
        let border: Double, titleHeight: Double
        let bar: (x: Double, y: Double)

        init(_ frame: PickResult) {
            border = Double(frame.width - 1280) / 2
            titleHeight = Double(frame.height - 720) - 2 * border
            bar = (Double(frame.x) + 200, Double(frame.y) + border + titleHeight / 2)
        }

        /// A pick names the topmost of our surfaces there: the whole frame or the content alone.
        func contentOrigin(_ view: PickResult) -> (x: Int32, y: Int32) {
            view.width == 1280 ? (view.x, view.y) : (view.x + Int32(border), view.y + Int32(border + titleHeight))
        }
    }

    @Test("a title bar above the content (libdecor), and a pointer drag on it moves the window; no touch reaches the scene")
    func titleBarMovesTheWindow() throws {
        let client = try FloatingClient()
        let before = try client.frame()
        let geometry = FrameGeometry(before), bar = geometry.bar
        #expect(geometry.titleHeight >= 20, "no title bar: \(before)")
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
        let after = geometry.contentOrigin(try client.frame()), start = geometry.contentOrigin(before)
        #expect(after.x == start.x + 150 && after.y == start.y + 80, "before \(before), after \(after)")

        #expect(client.process.terminate(timeout: SandboxClient.timeout) == .exited(0))
        let records = try TraceReader.read(client.tracePath).records.filter { $0.event.touchID != nil }
        #expect(records.allSatisfy { $0.isControl }, "decoration input reached the scene: \(records)")
    }

    @Test("a touch drag on the title bar moves the window too, and never reaches the scene")
    func titleBarByTouch() throws {
        let client = try FloatingClient()
        let before = try client.frame()
        let geometry = FrameGeometry(before), bar = geometry.bar
        try client.harness.run(try CompactTrace.parse("down 0 \(bar.x) \(bar.y); frame"))
        try client.harness.dispatch(for: Self.settle)
        var script = ""
        for step in 1...10 { script += "motion 0 \(bar.x + 15 * Double(step)) \(bar.y + 8 * Double(step)); frame; " }
        try client.harness.run(try CompactTrace.parse(script + "up 0; frame"))
        try client.harness.dispatch(for: Self.settle)
        let after = geometry.contentOrigin(try client.frame()), start = geometry.contentOrigin(before)
        #expect(after.x == start.x + 150 && after.y == start.y + 80, "before \(before), after \(after)")
        #expect(client.process.terminate(timeout: SandboxClient.timeout) == .exited(0))
        let records = try TraceReader.read(client.tracePath).records.filter { $0.event.touchID != nil }
        #expect(!records.isEmpty && records.allSatisfy { $0.isControl }, "\(records)")
    }
}
