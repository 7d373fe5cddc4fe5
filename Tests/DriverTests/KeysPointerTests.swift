import CompositorDrivers
import Foundation
import SandboxHarness
import TestSupport
import Testing

/// Keys and pointer buttons injected through each driver reach our client (seen in its
/// WAYLAND_DEBUG log, since traces record only wl_touch).
@Suite(.serialized)
struct KeysPointerTests {
    /// Seconds to wait for the events to show in the client's log.
    static let timeout = 10.0

    @Test("a click and a key tap reach the client", arguments: [
        CompositorKind.weston, .kwin, .sway, .phoc, .cage,
    ])
    func clickAndKey(kind: CompositorKind) throws {
        try NestedDriverTests.ensureUser()
        let driver = try #require(CompositorDrivers.driver(for: kind))
        #expect(driver.capabilities.isSuperset(of: [.keys, .pointer]))
        let run = try SandboxClient(driver, environment: ["WAYLAND_DEBUG": "1"])
        let window = try #require(try run.session.window(of: run.process))
        try run.session.pointerMotion(x: window.x + window.width / 2, y: window.y + window.height / 2)
        try run.session.pointerButton(0x110, pressed: true)
        try run.session.pointerButton(0x110, pressed: false)
        try run.session.key(30, pressed: true)  // KEY_A
        try run.session.key(30, pressed: false)
        let expected = 2
        // weston's kiosk-shell makes the window fullscreen: no title bar, so libdecor (whose own
        // wl_pointer would log the press and release as well) is never started.
        let buttons = expected
        let deadline = MonotonicClock.now() + Self.timeout
        while (run.logged("button", interface: "wl_pointer") < buttons
            || run.logged("key", interface: "wl_keyboard") < expected) && MonotonicClock.now() < deadline {
            MonotonicClock.sleep(0.02)
        }
        #expect(run.logged("button", interface: "wl_pointer") == buttons, "\(kind): press and release")
        #expect(run.logged("key", interface: "wl_keyboard") == expected, "\(kind): press and release")
        _ = try run.finishEvents()
    }
}
