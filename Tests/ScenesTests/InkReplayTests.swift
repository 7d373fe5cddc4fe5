import Playback
import Render
import Scenes
import Testing
import TouchKit
import TouchStream

/// Ink: strokes through every coalesced sample, the predicted segment dashed ahead of the finger.
@Suite struct InkReplayTests {
    @Test func theStrokeGoesThroughEveryCoalescedSampleOfAFrame() throws {
        let replay = try ReplayFixture("ink-drag", InkScene.self)
        #expect(replay.lines == [
            "ink touchesBegan 0@200,300", "ink touchesMoved 0@206,303", "ink touchesMoved 0@212,306",
            "ink touchesMoved 0@218,309", "ink touchesMoved 0@224,312", "ink touchesMoved 0@240,320",
            "ink touchesMoved 0@246,323", "ink touchesMoved 0@252,326", "ink touchesMoved 0@258,329",
            "ink touchesEnded 0@258,329",
        ])
        // 1 down + 7 single motions + 3 coalesced in one frame + the up's sample.
        #expect(replay.snapshot.facts["samples"] == "12")
        #expect(replay.snapshot.facts["strokes"] == "1")
        #expect(replay.snapshot.facts["predictedSamples"] == "0", "the lift removes the prediction")
        #expect(replay.scene.canvas.head == nil)
        // Every prediction made during the drag was checked against a later sample.
        #expect(replay.scene.canvas.meter.checked == 6)
        let image = try replay.session.render()
        let ink = argb(InkView.strokeColors[0])
        // On the samples of the three-motion frame, and between them.
        #expect(isClose(image.pixel(at: 228, 314), to: ink))
        #expect(isClose(image.pixel(at: 234, 317), to: ink))
        #expect(isClose(image.pixel(at: 237, 318), to: ink))
        #expect(isClose(image.pixel(at: 258, 329), to: ink))
        // Nothing beyond the last sample once lifted, and the page elsewhere.
        #expect(image.pixel(at: 268, 334) == argb(InkScene.background))
        #expect(image.pixel(at: 230, 290) == argb(InkScene.background))
    }

    @Test func thePredictedSegmentIsDashedInItsOwnColourAheadOfTheFingerUntilItStops() throws {
        // Fed item by item: the picture right after the last motion, before time runs on.
        let trace = try TraceReader.read(try fixturePath("ink-new-stroke"))
        let session = ReplaySession(header: trace.header, sceneType: InkScene.self, profile: .uikit)
        for item in trace.items { session.push(item) }
        let scene = try #require(session.host.scene as? InkScene)
        #expect(session.snapshot.facts["strokes"] == "1", "the third finger started a new drawing")
        #expect(Int(session.snapshot.facts["predictedSamples"] ?? "") ?? 0 >= 2)
        let image = try session.render()
        // Finger 2 is at (700, 532) moving down at 1000 px/s: inked up to it, dashed beyond.
        #expect(isClose(image.pixel(at: 700, 520), to: argb(InkView.strokeColors[0])))
        let orange = argb(InkView.predictedColor)
        #expect(isClose(image.pixel(at: 700, 535), to: orange))
        #expect(image.pixel(at: 700, 539) == argb(InkScene.background), "the gap between dashes")
        #expect(isClose(image.pixel(at: 700, 544), to: orange))
        // The default lead (1/60 s) at 1000 px/s ends about 16.7 px ahead, not much further.
        #expect(image.pixel(at: 700, 556) == argb(InkScene.background))
        // The first drawing's strokes were cleared.
        #expect(image.pixel(at: 320, 200) == argb(InkScene.background))
        #expect(image.pixel(at: 320, 390) == argb(InkScene.background))
        let head = try #require(scene.canvas.head)
        #expect(abs(head.location.y - 548.7) < 1.5 && head.location.x == 700, "head \(head.location)")
        #expect(head.aimedAt != nil)
        // The finger sends nothing more: once the time predicted for has passed, the prediction goes.
        session.finish()
        #expect(session.snapshot.facts["predictedSamples"] == "0")
        let after = try session.render()
        #expect(after.pixel(at: 700, 544) == argb(InkScene.background))
        #expect(isClose(after.pixel(at: 700, 530), to: argb(InkView.strokeColors[0])))
        let rest = try #require(scene.canvas.head)
        #expect(rest.location == Point(x: 700, y: 532) && rest.aimedAt == nil)
    }

    @Test func replaysAreDeterministic() throws {
        try expectDeterministic("ink-drag", InkScene.self)
        try expectDeterministic("ink-new-stroke", InkScene.self)
    }
}
