@testable import CompositorDrivers
import Foundation
import TestSupport
import Testing
import TouchStream

/// What each desktop compositor sends a client that binds no wl_touch (`run --pointer-only`) when
/// a finger taps, double-taps, long-presses and drags on its window (docs/pointer-emulation.md).
@Suite(.serialized)
struct PointerEmulationDriverTests {
    /// The four gestures, window-local, each at its own place and 700 ms from the next so that no
    /// two of them make one double tap: a tap at 100,100, a double tap (60 ms down, 120 ms apart)
    /// at 300,100, a long press of 900 ms at 500,100, and a drag from 100,300 to 400,300.
    static func gestures(at window: (x: Double, y: Double)) -> String {
        func p(_ x: Double, _ y: Double) -> String { "\(window.x + x) \(window.y + y)" }
        var script = "down 0 \(p(100, 100)); frame; sleep 60; up 0; frame; sleep 700\n"
        script += "down 0 \(p(300, 100)); frame; sleep 60; up 0; frame; sleep 120\n"
        script += "down 0 \(p(300, 100)); frame; sleep 60; up 0; frame; sleep 700\n"
        script += "down 0 \(p(500, 100)); frame; sleep 900; up 0; frame; sleep 700\n"
        script += "down 0 \(p(100, 300)); frame; sleep 30\n"
        for step in 1...6 { script += "motion 0 \(p(100 + 50 * Double(step), 300)); frame; sleep 30\n" }
        return script + "up 0; frame; sleep 300"
    }

    /// The gestures' points, window-local: every position the fingers touch.
    static let gesturePoints: Set<String> = Set([(100.0, 100.0), (300, 100), (500, 100)].map { "\($0.0) \($0.1)" }
        + (0...6).map { "\(100 + 50 * Double($0)) 300.0" })

    /// The pointer words the fingers made: frames, and positions off the gestures' points (the pointer
    /// where it started, the drivers' 1 px readiness wiggle) left out.
    static func gestureWords(_ records: [RawRecord]) -> [String] {
        records.compactMap(\.event.surfaceEvent).filter { $0.kind.isPointer && $0.kind != .pointerFrame }.compactMap { event in
            let name = String(event.kind.rawValue.dropFirst("pointer-".count))
            if let x = event.x, let y = event.y {
                let at = "\(x.doubleValue) \(y.doubleValue)"
                return gesturePoints.contains(at) ? "\(name) \(x) \(y)" : nil
            }
            if let button = event.button { return "\(button == 0x110 ? "left" : String(button)) \(event.pressed == true ? "down" : "up")" }
            return name
        }
    }

    /// Runs the gestures on a pointer-only client under `driver`; returns its records.
    private func measure(_ driver: CompositorDriver, _ configuration: DriverConfiguration = DriverConfiguration(),
                         origin: (x: Double, y: Double)? = nil) throws -> [RawRecord] {
        let run = try SandboxClient(driver, configuration: configuration, arguments: ["--pointer-only"])
        let window = try origin ?? #require(try run.session.window(of: run.process)).origin
        try run.inject(Self.gestures(at: window), settle: 1)
        let records = try run.finishRecording()
        #expect(records.first?.event == .capabilities(touch: true))
        #expect(!records.contains { $0.event.touchID != nil }, "a wl_touch event reached a client without wl_touch")
        return records
    }

    private static func findings(_ records: [RawRecord]) -> [String] {
        ConformanceChecker.check(records, header: nil).map(\.ruleID)
    }

    private static let drag = (1...6).map { "motion \(100 + 50 * $0) 300" }

    @Test("KWin 5.27 moves the pointer to each touch and sends a BTN_LEFT release with no press (P6)")
    func kwin() throws {
        let records = try measure(KWinDriver())
        let tapAt = { (x: Int, y: Int) in ["motion \(x) \(y)", "left up"] }
        #expect(Self.gestureWords(records) == tapAt(100, 100) + tapAt(300, 100) + tapAt(300, 100) + tapAt(500, 100)
            + ["motion 100 300"] + Self.drag + ["left up"])
        #expect(Self.findings(records) == Array(repeating: "P6", count: 5))
        #expect(records.contains { $0.event.surfaceEvent?.kind == .pointerFrame })
    }

    @Test("mutter 43 sends a client without wl_touch a leave at the first touch and nothing else")
    func mutter() throws {
        let records = try measure(MutterDriver(), MutterDriverTests.configuration, origin: MutterDriverTests.origin)
        #expect(Self.gestureWords(records) == ["leave"])
        #expect(Self.findings(records) == [])
    }

    @Test("sway 1.7 leaves and enters at each touch, then presses and releases BTN_LEFT; a long press stays BTN_LEFT (P5)")
    func sway() throws {
        try NestedDriverTests.ensureUser()
        let records = try measure(NestedWlrootsDriver(.sway))
        let tapAt = { (x: Int, y: Int) in ["leave", "enter \(x) \(y)", "left down", "left up"] }
        #expect(Self.gestureWords(records) == tapAt(100, 100) + tapAt(300, 100) + tapAt(300, 100) + tapAt(500, 100)
            + ["leave", "enter 100 300", "left down"] + Self.drag + ["left up"])
        #expect(Self.findings(records) == ["P5"])
    }

    @Test("Enlightenment 0.25 moves the pointer and clicks BTN_LEFT for each touch, without wl_pointer.frame; a long press stays BTN_LEFT (P5)")
    func enlightenment() throws {
        let measured = try measure(EnlightenmentDriver())
        let tapAt = { (x: Int, y: Int) in ["motion \(x) \(y)", "left down", "left up"] }
        #expect(Self.gestureWords(measured) == tapAt(100, 100) + tapAt(300, 100) + ["left down", "left up"] + tapAt(500, 100)
            + ["motion 100 300", "left down"] + Self.drag + ["left up"])
        #expect(Self.findings(measured) == ["P5"])
        #expect(!measured.contains { $0.event.surfaceEvent?.kind == .pointerFrame })
    }
}

private extension ClientWindow {
    var origin: (x: Double, y: Double) { (x, y) }
}
