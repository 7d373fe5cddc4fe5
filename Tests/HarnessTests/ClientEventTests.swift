import Foundation
import SandboxHarness
import Testing
import TouchStream

/// client_* requests: events weston 10 never sends, delivered straight to the touched client.
@Suite struct ClientEventTests {
    @Test func shapeAndOrientationReachAVersion7Touch() throws {
        // weston-eventdemo binds wl_seat version 7, so its wl_touch takes shape and orientation.
        let session = try ClientSession("weston-eventdemo")
        let surface = try #require(session.clientSurface())
        let point = session.global(20, 30)
        try session.harness.touchDown(id: 2, x: point.x, y: point.y)
        try session.harness.shape(id: 2, major: WLFixed(4.5), minor: WLFixed(2))
        try session.harness.orientation(id: 2, degrees: WLFixed(-30.25))
        try session.harness.touchFrame()
        try session.harness.touchUp(id: 2)
        try session.harness.roundtrip()
        #expect(session.touchEvents(atLeast: 5) == [
            "down(\(surface), 2, 20.00000000, 30.00000000)",
            "shape(2, 4.50000000, 2.00000000)",
            "orientation(2, -30.25000000)",
            "frame()",
            "up(2)",
        ])
    }

    @Test func requestsWithoutAFocusedClientAreHarmless() throws {
        let weston = try WestonInstance(.init(width: 320, height: 240))
        let harness = try weston.connect()
        try harness.cancel()
        try harness.clientFrame()
        try harness.shape(id: 0, major: WLFixed(1), minor: WLFixed(1))
        try harness.orientation(id: 0, degrees: WLFixed(0))
        try harness.touchUp(id: 99)
        try harness.touchMotion(id: 42, x: 10, y: 10)
        try harness.touchDown(id: 1, x: 10, y: 10)
        try harness.touchFrame()
        try harness.touchUp(id: 1)
        try harness.setTouchCapability(false)
        try harness.setTouchCapability(false)
        try harness.touchDown(id: 1, x: 10, y: 10)
        try harness.touchFrame()
        try harness.setTouchCapability(true)
        try harness.setTouchCapability(true)
        try harness.pointerMotion(x: 5000, y: -5)
        try harness.key(LinuxInputCode.keyEscape, pressed: false)
        #expect(try harness.pick(x: 10, y: 10) == nil)
        try harness.roundtrip()
        #expect(weston.isRunning)
        let log = try String(contentsOfFile: weston.logPath, encoding: .utf8)
        #expect(log.contains("gesture-harness: client_cancel ignored: no client has had touch focus"))
        #expect(log.contains("gesture-harness: touch_down ignored: touch capability is removed"))
        #expect(log.contains("Unmatched touch up event on seat harness-seat"))
        #expect(weston.stop() == .exited(0))
    }
}
