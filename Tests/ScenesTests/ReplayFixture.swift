import Foundation
import Playback
import Render
import Scenes
import Testing
import TouchKit
import TouchStream

// MARK: - Fixture files

/// The file path of `Fixtures/<name>.txt` in the test bundle.
func fixturePath(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Fixtures"),
                 "no fixture \(name).txt").path
}

// MARK: - Replaying a fixture as `gesture-sandbox replay FILE --scene NAME` does

/// One fixture trace replayed through one scene, with the log summarised for assertions.
struct ReplayFixture<S: Scene> {
    /// The session that ran the trace.
    let session: ReplaySession
    /// The scene, typed.
    let scene: S

    /// Reads `Fixtures/<name>.txt` with `TraceReader` (as the CLI does) and replays it in `S` under `profile`.
    init(_ name: String, _ sceneType: S.Type, profile: ThresholdProfile = .uikit) throws {
        let trace = try TraceReader.read(try fixturePath(name))
        session = ReplaySession(trace: trace, sceneType: sceneType, profile: profile)
        guard let typed = session.host.scene as? S else { throw FixtureError(message: "scene is not \(S.self)") }
        scene = typed
    }

    /// The logged calls and withheld touches, one line each:
    /// `RESPONDER METHOD ID@X,Y …` (receiver's coordinates) or `withheld ID VIEW REASON`.
    var lines: [String] { session.recorder.entries.map(summaryLine) }

    /// The summary lines that name `responder` (calls to it, touches withheld from it).
    func lines(of responder: String) -> [String] {
        lines.filter { $0.hasPrefix("\(responder) ") || $0.hasPrefix("withheld ") && $0.contains(" \(responder) ") }
    }

    /// The calls in the log, in order.
    var calls: [ResponderCall] {
        session.recorder.entries.compactMap { if case .call(let call) = $0 { call } else { nil } }
    }

    /// The snapshot after the replay.
    var snapshot: SceneSnapshot { session.snapshot }
}

/// A fixture that cannot be replayed as asked.
struct FixtureError: Error, CustomStringConvertible {
    /// What went wrong.
    var message: String
    var description: String { message }
}

/// One log entry as a summary line (see `ReplayFixture.lines`).
func summaryLine(_ entry: DeliveryEntry) -> String {
    switch entry {
    case .call(let call):
        let touches = call.touches.map { "\($0.id)@\(FactText.number($0.location.x)),\(FactText.number($0.location.y))" }
        return ([call.responder, call.method.rawValue] + touches).joined(separator: " ")
    case .withheld(let touch):
        return "withheld \(touch.id) \(touch.view ?? "-") \(touch.reason.rawValue)"
    case .transition(let step):
        return step.summary
    }
}

// MARK: - Determinism

/// Replays fixture `name` twice in fresh scenes and expects byte-identical logs and equal snapshots.
func expectDeterministic<S: Scene>(_ name: String, _ sceneType: S.Type, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let first = try ReplayFixture(name, sceneType), second = try ReplayFixture(name, sceneType)
    #expect(!first.session.deliveriesLog.isEmpty, sourceLocation: sourceLocation)
    #expect(first.session.deliveriesLog == second.session.deliveriesLog, sourceLocation: sourceLocation)
    #expect(first.snapshot == second.snapshot, sourceLocation: sourceLocation)
}

// MARK: - Pixels

/// The renderer's 0xAARRGGBB word for an opaque colour.
func argb(_ color: Color) -> UInt32 {
    func channel(_ value: Double) -> UInt32 { UInt32((value * 255).rounded()) }
    return 0xff00_0000 | channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
}

extension PixelBuffer {
    /// The pixel under window point (`x`, `y`) at scale 1.
    func pixel(at x: Double, _ y: Double) -> UInt32 { pixel(x: Int(x), y: Int(y)) }
}

/// The 0xAARRGGBB word of translucent `color` drawn over opaque `background`.
func blend(_ color: Color, over background: Color) -> UInt32 {
    func mix(_ top: Double, _ bottom: Double) -> Double { top * color.alpha + bottom * (1 - color.alpha) }
    return argb(Color(red: mix(color.red, background.red), green: mix(color.green, background.green),
                      blue: mix(color.blue, background.blue)))
}

/// Rounding in premultiplied blending may differ by this much per 8-bit channel.
let channelTolerance: UInt32 = 2

/// True when every channel of `pixel` is within `channelTolerance` of `expected`'s.
func isClose(_ pixel: UInt32, to expected: UInt32) -> Bool {
    stride(from: 0, to: 32, by: 8).allSatisfy { shift in
        let a = (pixel >> UInt32(shift)) & 0xff, b = (expected >> UInt32(shift)) & 0xff
        return max(a, b) - min(a, b) <= channelTolerance
    }
}
