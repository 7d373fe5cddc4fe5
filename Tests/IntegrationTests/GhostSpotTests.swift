import Foundation
import Render
import SandboxHarness
import Scenes
import TestSupport
import Testing
import TouchKit

/// Mouse emulation shows its fingers: the mirrored Alt finger has no pointer, so it gets a ghost spot.
@Suite(.serialized)
struct GhostSpotTests {
    @Test("Alt + button 1 shows a ghost spot at the mirrored finger while held, none after release")
    func mirroredFingerIsVisible() throws {
        let client = try SandboxClient()
        let harness = client.harness
        // An empty stretch of background: the finger at (400, 300), its mirror about (640, 360) at (880, 420).
        try harness.pointerMotion(x: 400, y: 300)
        try harness.key(LinuxInputCode.keyLeftAlt, pressed: true)
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: true)
        try harness.dispatch(for: 0.15)
        let held = try client.screenshot()
        try harness.pointerButton(LinuxInputCode.buttonLeft, pressed: false)
        try harness.key(LinuxInputCode.keyLeftAlt, pressed: false)
        try harness.dispatch(for: 0.15)
        let released = try client.screenshot()
        #expect(client.finish() == .exited(0))

        let background = TouchDemoScene.background
        let backgroundRGB = [background.red, background.green, background.blue].map { UInt8(($0 * 255).rounded()) }
        #expect(Array(held.rgba(x: 880, y: 420).prefix(3)) != backgroundRGB)
        #expect(Array(held.rgba(x: 400, y: 300).prefix(3)) != backgroundRGB)
        #expect(Array(released.rgba(x: 880, y: 420).prefix(3)) == backgroundRGB)
        // Both fingers were recorded as emulated: ids -1 and -2.
        let downs = try client.trace().touchRecords.filter { $0.event.name == "down" }
        #expect(Set(downs.compactMap(\.event.touchID)) == [-1, -2])
        #expect(downs.allSatisfy { $0.isEmulated })
    }
}
