import Foundation
import SandboxHarness
import Scenes
import Testing
import TouchKit

// MARK: - Transform: a mouse pinch (Alt-mirrored fingers) scales the card

extension SceneTests {
    /// Transform: simultaneous pinch, rotation and pan on one card, driven by the mouse.
    @Suite struct Transform {
        @Test("an Alt drag outward from the centre pinches the card to 1.6×; no turn, no slide",
              arguments: sceneTestScales)
        func mirroredPinch(scale: Int) throws {
            let run = try SceneRun("transform", scale: scale)
            let card = TransformScene.cardColor, background = TransformScene.background
            // Span 100 (590 ↔ 690) → 160 (560 ↔ 720): the mirrored finger keeps the centroid still.
            #expect(try run.screenshot().shows(background, at: 460, 360))
            try MouseEmulationTests.drag([(590, 360), (580, 360), (570, 360), (560, 360)],
                                         holding: [LinuxInputCode.keyLeftAlt], on: run)
            let shot = try run.screenshot()
            let state = try run.finish()
            let pinched = try #require(Double(state.facts["scale"] ?? ""))
            #expect(abs(pinched - 1.6) < 0.001)
            #expect(state.facts["rotation"] == "0")
            #expect(state.facts["translation"] == "0 0")
            let size = TransformScene.cardSize
            let frame = try #require(state.views["card"])
            let expected = [640 - size.width * 0.8, 360 - size.height * 0.8, size.width * 1.6, size.height * 1.6]
            #expect(zip(frame, expected).allSatisfy { abs($0 - $1) < 0.001 }, "card frame \(frame)")
            #expect(shot.shows(card, at: 460, 360), "the card grew over what was background")
            #expect(shot.shows(background, at: 640, 360 - size.height * 0.8 - 10))
        }
    }
}
