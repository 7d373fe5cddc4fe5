import CompositorDrivers
import Foundation
import TestSupport
import Testing
import TouchStream

/// A seat with touch and a keyboard and no pointer, as a touchscreen kiosk's: weston (the harness
/// seat itself) and the wlroots compositors nested in it (whose seat takes the harness seat's
/// devices) tell our client so, deliver a tap where it was injected, and give the window the
/// keyboard focus by touch alone.
@Suite(.serialized)
struct TouchOnlySeatTests {
    @Test("the seat announces touch and keyboard only; a tap lands at its point and focuses the window",
          arguments: [CompositorKind.weston, .sway, .phoc])
    func touchOnly(_ kind: CompositorKind) throws {
        let driver = try #require(CompositorDrivers.driver(for: kind))
        var configuration = DriverConfiguration()
        configuration.touchOnlySeat = true
        let run = try SandboxClient(driver, configuration: configuration, environment: ["WAYLAND_DEBUG": "client"])
        #expect(!run.session.capabilities.contains(.pointer))
        let origin = try run.contentOrigin()
        try run.inject("down 0 \(origin.x + 300.5) \(origin.y + 200.25); frame; sleep 40; up 0; frame", settle: 0.5)
        let log = run.process.output()
        let records = try run.finishRecording()
        // wl_seat.capabilities: keyboard (2) and touch (4), no pointer (1); the last one counts.
        let announced = log.split(separator: "\n").last { !$0.contains("->") && $0.contains("wl_seat@") && $0.contains(".capabilities(") }
        #expect(announced?.hasSuffix(".capabilities(6)") == true, "\(announced ?? "no wl_seat.capabilities")")
        #expect(!log.contains(".get_pointer("), "our client asked for a pointer the seat lacks")
        let downs: [(x: WLFixed, y: WLFixed)] = records.compactMap {
            guard case .down(_, _, _, _, let x, let y) = $0.event else { return nil }
            return (x, y)
        }
        // contentOrigin's probe tap, then ours.
        #expect(downs.count == 2 && downs.last?.x == WLFixed(300.5) && downs.last?.y == WLFixed(200.25), "\(downs)")
        let focus = records.compactMap(\.event.surfaceEvent).filter { $0.kind == .keyboardEnter }
        #expect(!focus.isEmpty, "no keyboard-enter: \(records.compactMap(\.event.surfaceEvent).map(\.kind))")
    }

    @Test("pointer requests on a touch-only harness seat do nothing and crash nothing")
    func pointerRequestsIgnored() throws {
        let driver = try #require(CompositorDrivers.driver(for: .weston))
        var configuration = DriverConfiguration()
        configuration.touchOnlySeat = true
        let run = try SandboxClient(driver, configuration: configuration)
        let session = try #require(run.session as? WestonSession)
        try session.harness.pointerMotion(x: 100, y: 100)
        try session.harness.pointerButton(0x110, pressed: true)
        try session.harness.roundtrip()
        try run.inject("down 0 640 360; frame; sleep 40; up 0; frame", settle: 0.3)
        let records = try run.finishRecording()
        #expect(records.contains { if case .down = $0.event { true } else { false } })
        #expect(session.weston.logTail().contains("pointer_motion on a seat without a pointer: ignored"))
    }
}
