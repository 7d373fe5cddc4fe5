import Foundation
import SandboxHarness
import Testing

/// Pointer and key requests reach a client through weston's input path.
@Suite struct PointerKeyTests {
    @Test func pointerMotionButtonAndKeyArrive() throws {
        let session = try ClientSession("weston-eventdemo")
        let point = session.global(40, 30)
        try session.harness.pointerMotion(x: point.x, y: point.y)
        try session.harness.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
        try session.harness.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        try session.harness.key(LinuxInputCode.keyEscape, pressed: true)
        try session.harness.key(LinuxInputCode.keyEscape, pressed: false)
        try session.harness.roundtrip()
        session.log.waitUntil(timeout: ClientSession.timeout) { $0.inputEvents("wl_keyboard").count >= 2 }
        #expect(session.log.inputEvents("wl_keyboard") == ["key(1, 1)", "key(1, 0)"])
        // Each pointer event is followed by a pointer frame, as from a real backend.
        let pointer = session.log.inputEvents("wl_pointer")
        let fromMotion = Array(pointer.drop { !$0.hasPrefix("motion(") })
        #expect(fromMotion == ["motion(40.00000000, 30.00000000)", "frame()",
                               "button(272, 1)", "frame()", "button(272, 0)", "frame()"])
    }
}
