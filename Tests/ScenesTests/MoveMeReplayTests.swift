import Scenes
import Testing
import TouchKit

/// MoveMe (listing 3-6): drag, bounce back on lift, reset on cancel, double tap outside.
@Suite struct MoveMeReplayTests {
    private static let centredPlacard: [Double] = [520, 320, 240, 80]
    private static let placardColor = argb(Color(rgb: 0xffb300))
    private static let background = argb(Color(rgb: 0x263238))

    @Test func dragThenLiftBouncesBackToTheCentre() throws {
        let replay = try ReplayFixture("moveme-drag", MoveMeScene.self)
        // The placard forwards every phase to the container, which implements the listing.
        #expect(replay.lines(of: "moveme") == [
            "moveme touchesBegan 0@640,360", "moveme touchesMoved 0@700,400", "moveme touchesMoved 0@800,450",
            "moveme touchesEnded 0@800,450",
        ])
        #expect(replay.lines(of: "placard").map { $0.split(separator: " ")[1] } == [
            "touchesBegan", "touchesMoved", "touchesMoved", "touchesEnded",
        ])
        // Virtual time settles after the trace: the bounce has finished.
        #expect(replay.snapshot.views["placard"] == Self.centredPlacard)
        #expect(replay.snapshot.facts["placardScale"] == "1.0")
        #expect(replay.snapshot.facts["animating"] == "false")
        #expect(replay.scene.container.isUserInteractionEnabled)
        let image = try replay.session.render()
        #expect(image.pixel(at: 640, 360) == Self.placardColor)
        #expect(image.pixel(at: 800, 450) == Self.background)
    }

    @Test func heldPlacardStaysUnderTheFingerAndGrows() throws {
        let replay = try ReplayFixture("moveme-hold", MoveMeScene.self)
        #expect(replay.lines(of: "moveme").last == "moveme touchesMoved 0@900,200")
        // Centred on the finger at 1.1 × (240, 80).
        #expect(replay.snapshot.views["placard"] == [768, 156, 264, 88])
        #expect(replay.snapshot.facts["placardScale"] == "1.1")
        let image = try replay.session.render()
        #expect(image.pixel(at: 900, 200) == Self.placardColor)
        #expect(image.pixel(at: 640, 360) == Self.background)
    }

    @Test func cancelRestoresTheCentreAndIdentityAtOnce() throws {
        let replay = try ReplayFixture("moveme-cancel", MoveMeScene.self)
        #expect(replay.lines(of: "moveme") == [
            "moveme touchesBegan 0@640,360", "moveme touchesMoved 0@800,450", "moveme touchesCancelled 0@800,450",
        ])
        #expect(replay.lines(of: "placard").last == "placard touchesCancelled 0@120,40")
        #expect(replay.snapshot.views["placard"] == Self.centredPlacard)
        #expect(replay.scene.container.placard.transform == .identity)
        #expect(replay.snapshot.facts["animating"] == "false")
    }

    @Test func doubleTapOutsideChangesTheString() throws {
        let replay = try ReplayFixture("moveme-doubletap-outside", MoveMeScene.self)
        #expect(replay.lines == [
            "moveme touchesBegan 0@200,200", "moveme touchesEnded 0@200,200",
            "moveme touchesBegan 0@202,201", "moveme touchesEnded 0@202,201",
        ])
        #expect(replay.calls.map { $0.touches[0].tapCount } == [1, 1, 2, 2])
        #expect(replay.snapshot.facts["placardText"] == MoveMeView.placardStrings[1])
        #expect(replay.snapshot.views["placard"] == Self.centredPlacard)
    }

    @Test func theContainerIgnoresTouchesWhileThePlacardBouncesBack() throws {
        let replay = try ReplayFixture("moveme-tap-during-bounce", MoveMeScene.self)
        #expect(replay.lines(of: "window") == ["window touchesBegan 1@300,600", "window touchesEnded 1@300,600"])
        #expect(replay.lines(of: "moveme").suffix(2) == ["moveme touchesBegan 2@300,600", "moveme touchesEnded 2@300,600"])
        #expect(replay.calls.first { $0.responder == "window" }?.timestamp == 0.116)
        #expect(replay.snapshot.views["placard"] == Self.centredPlacard)
    }

    @Test func replaysAreDeterministic() throws {
        for name in ["moveme-drag", "moveme-hold", "moveme-cancel", "moveme-doubletap-outside", "moveme-tap-during-bounce"] {
            try expectDeterministic(name, MoveMeScene.self)
        }
    }
}
