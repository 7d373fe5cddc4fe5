import CWayland
import Testing
@testable import WaylandClient

/// The small decisions behind the extra surfaces: which configures report activation, and which
/// downs are on the trigger button.
@Suite struct ClientPartsTests {
    @Test func activationIsReportedAtFirstAndOnChangesOnly() {
        var tracker = ActivationTracker()
        #expect([false, false, true, true, false, true].map { tracker.changed(to: $0) }
            == [true, false, true, false, true, true])
    }

    @Test func theActivatedStateIsFoundInAConfiguresStateArray() {
        // xdg_toplevel.state: 1 maximized, 2 fullscreen, 3 resizing, 4 activated.
        for (states, activated) in [([UInt32](), false), ([1, 3], false), ([2, 4], true), ([4], true)] {
            var values = states
            values.withUnsafeMutableBytes { bytes in
                var array = wl_array(size: bytes.count, alloc: bytes.count, data: bytes.baseAddress)
                #expect(XdgWindow.hasActivated(&array) == activated, "\(states)")
            }
        }
        #expect(!XdgWindow.hasActivated(nil))
    }

    @Test func theTriggerButtonIsTheTopLeftSquare() {
        let b = ClientParts.button
        #expect(ClientParts.isOnButton(x: Double(b.x), y: Double(b.y)))
        #expect(ClientParts.isOnButton(x: Double(b.x + b.width) - 0.5, y: Double(b.y + b.height) - 0.5))
        #expect(!ClientParts.isOnButton(x: Double(b.x + b.width), y: 10))
        #expect(!ClientParts.isOnButton(x: 10, y: Double(b.y + b.height)))
        #expect(!ClientParts.isOnButton(x: -0.5, y: 10))
    }
}
