import Foundation
import Render
import SandboxHarness
import Scenes
import TestSupport
import Testing
import TouchKit
import TouchStream

// MARK: - One scene under a private weston at one output scale

/// Every scene's integration tests, one nested suite per scene, run one at a time: each test
/// owns a weston, and timing-sensitive gestures (tap counts, bounces) need the cores.
@Suite(.serialized) enum SceneTests {}

/// The output scales every scene test runs at: weston's output is `scale`× pixels, while
/// global (and so injected) coordinates stay logical.
let sceneTestScales = [1, 2]

/// A `SandboxClient` showing one scene at one output scale, with the steps the scene tests share.
final class SceneRun {
    /// Seconds the client gets to draw what it last read before a screenshot (or to read input
    /// that draws nothing): 0.1 s was passed between a script's frames by a client on a 2-core
    /// machine at load 10.
    static let settle = 0.2

    let client: SandboxClient
    /// weston's output scale: screenshot pixels per logical px.
    let scale: Int

    /// Starts weston at `scale` and the client showing `scene`.
    init(_ scene: String, scale: Int) throws {
        client = try SandboxClient(scene: scene, scale: scale)
        self.scale = scale
    }

    /// Seconds the first redraw after an injection may take on a busy machine (a script that
    /// draws nothing waits this long: `send` is for those).
    static let redrawTimeout = 3.0

    /// Injects `script` (global coordinates), waits for the redraw it causes and until the client
    /// has drawn nothing more for `settle` seconds (under load it may draw the script's last frames later).
    func inject(_ script: String) throws {
        let sent = MonotonicClock.now()
        try client.inject(script)
        // The quiet period alone passed before a busy client's first redraw (CI under load: a
        // screenshot still showed the pad idle after a finger went down on it).
        _ = try client.harness.waitForCommit(pid: client.process.pid, after: sent, timeout: Self.redrawTimeout)
        try client.waitUntilQuiet(for: Self.settle)
    }

    /// Sends `script` when it changes nothing on screen (so there is no redraw to wait for)
    /// and lets the client read it.
    func send(_ script: String) throws {
        try client.harness.run(try CompactTrace.parse(script, name: "scene-test"))
        try client.harness.dispatch(for: Self.settle)
    }

    /// Injects `Tests/ScenesTests/Fixtures/<name>.txt`, the headless replay fixture of the same gesture.
    func injectFixture(_ name: String) throws {
        try inject(try fixtureText(name))
    }

    /// A weston screenshot of the whole output now.
    func screenshot() throws -> Screenshot {
        Screenshot(image: try client.screenshot(), scale: scale)
    }

    /// The first screenshot of which `drawn` holds, taken again while the client keeps drawing,
    /// for at most `redrawTimeout` s; else the last one, for the test's expectations to fail on.
    /// A busy client can pause longer than `settle` between a script's frames (CI under load:
    /// the placard shown at the drag's middle).
    func screenshot(until drawn: (Screenshot) -> Bool) throws -> Screenshot {
        let deadline = MonotonicClock.now() + Self.redrawTimeout
        var shot = try screenshot()
        while !drawn(shot), MonotonicClock.now() < deadline {
            let taken = MonotonicClock.now()
            _ = try client.harness.waitForCommit(pid: client.process.pid, after: taken, timeout: deadline - taken)
            try client.waitUntilQuiet(for: Self.settle)
            shot = try screenshot()
        }
        return shot
    }

    /// Ends the client cleanly and returns its final scene state.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) throws -> StateFile {
        let termination = client.finish()
        #expect(termination == .exited(0), "client: \(client.process.output())", sourceLocation: sourceLocation)
        return try client.state()
    }
}

/// A fresh headless instance of scene type `S` at the test window's size, to read its colours and layout.
func headless<S: Scene>(_ type: S.Type) -> S {
    S(context: SceneContext(clock: VirtualClock(),
                            size: Size(width: Double(SandboxClient.width), height: Double(SandboxClient.height))))
}

/// `view`'s fill colour (every view the scene tests look at has one).
func fill(_ view: View) throws -> Color {
    try #require(view.backgroundColor, "\(view.name) has no background colour")
}

/// The text of a scene replay fixture (`Tests/ScenesTests/Fixtures/<name>.txt`); injection ignores its `t=`.
func fixtureText(_ name: String) throws -> String {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let path = tests.appendingPathComponent("ScenesTests/Fixtures/\(name).txt").path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw HarnessError("\(path): cannot read the scene fixture \(name)")
    }
    return text
}

// MARK: - Pixels

/// A weston screenshot read back, addressed in logical (global) coordinates.
struct Screenshot: CustomTestStringConvertible {
    /// Largest difference per 8-bit channel still counted as the same colour: pixman's
    /// premultiplied blending of translucent colours rounds differently from ours.
    static let channelTolerance = 2

    let image: RGBAImage
    let scale: Int

    /// A failed expectation names the screenshot, not its millions of bytes.
    var testDescription: String { "a \(image.width)×\(image.height) screenshot at scale \(scale)" }

    /// The red, green and blue bytes of the pixel under logical point (x, y).
    func rgb(_ x: Double, _ y: Double) -> [UInt8] {
        Array(image.rgba(x: Int(x * Double(scale)), y: Int(y * Double(scale))).prefix(3))
    }

    /// True when the pixel under logical (x, y) is `color` (opaque, or drawn over `background`).
    func shows(_ color: Color, at x: Double, _ y: Double, over background: Color? = nil) -> Bool {
        let expected = bytes(background.map { blend(color, over: $0) } ?? color)
        return zip(rgb(x, y), expected).allSatisfy { abs(Int($0) - Int($1)) <= Self.channelTolerance }
    }

    /// Logical px between the samples `blobs(of:over:)` takes: far below a spot's size.
    static let blobGrid = 8.0

    /// Separate patches of `color` on the output, sampled every `blobGrid` logical px and joined
    /// where neighbouring samples both show it.
    func blobs(of color: Color, over background: Color? = nil) -> Int {
        let columns = Int(Double(image.width / scale) / Self.blobGrid), rows = Int(Double(image.height / scale) / Self.blobGrid)
        var hit = [[Bool]](repeating: [Bool](repeating: false, count: columns), count: rows)
        for row in 0..<rows {
            for column in 0..<columns {
                hit[row][column] = shows(color, at: Double(column) * Self.blobGrid, Double(row) * Self.blobGrid,
                                         over: background)
            }
        }
        var count = 0
        for row in 0..<rows {
            for column in 0..<columns where hit[row][column] {
                count += 1
                var stack = [(row, column)]
                hit[row][column] = false
                while let (r, c) = stack.popLast() {
                    for (nr, nc) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                    where hit.indices.contains(nr) && hit[nr].indices.contains(nc) && hit[nr][nc] {
                        hit[nr][nc] = false
                        stack.append((nr, nc))
                    }
                }
            }
        }
        return count
    }
}

/// A colour's red, green and blue as the 8-bit values a screenshot holds.
func bytes(_ color: Color) -> [UInt8] {
    [color.red, color.green, color.blue].map { UInt8(($0 * 255).rounded()) }
}

/// Translucent `color` composited over opaque `background` (straight alpha, source-over).
func blend(_ color: Color, over background: Color) -> Color {
    func mix(_ top: Double, _ bottom: Double) -> Double { top * color.alpha + bottom * (1 - color.alpha) }
    return Color(red: mix(color.red, background.red), green: mix(color.green, background.green),
                 blue: mix(color.blue, background.blue))
}

// MARK: - Deliveries

extension SandboxClient {
    /// The responders whose `method` was called with touch `id`, in log order.
    func responders(_ method: String, id: Int) throws -> [String] {
        try deliveries().filter { entry in
            entry["kind"] as? String == "call" && entry["method"] as? String == method
                && (entry["touches"] as? [[String: Any]] ?? []).contains { $0["id"] as? Int == id }
        }.compactMap { $0["responder"] as? String }
    }

    /// "ID VIEW REASON" for every touch withheld from its view, in log order.
    func withheld() throws -> [String] {
        try deliveries().filter { $0["kind"] as? String == "withheld" }.map {
            "\($0["id"] as? Int ?? -99) \($0["view"] as? String ?? "-") \($0["reason"] as? String ?? "?")"
        }
    }
}
