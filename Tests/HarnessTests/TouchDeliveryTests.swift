import Foundation
import SandboxHarness
import Testing
import TouchStream

/// What weston-simple-touch receives when the harness injects touch (weston 10's real behaviour).
@Suite struct TouchDeliveryTests {
    @Test func clientCommitIsReportedAndPickFindsItsView() throws {
        let session = try ClientSession()
        #expect(session.firstCommit > session.launchedAt)
        #expect(session.harness.commits.contains { $0.pid == session.client.pid })
        // weston-simple-touch draws 600×500; kiosk-shell centres it on the 1024×768 output.
        #expect(session.view == PickResult(x: 212, y: 134, width: 600, height: 500, pid: session.client.pid))
        #expect(try session.harness.pick(x: 5, y: 5) == nil)
        // All three capabilities of harness-seat: pointer 1 | keyboard 2 | touch 4.
        #expect(session.log.calls(on: "wl_seat").first == "capabilities(7)")
    }

    @Test func downMotionUpArriveSurfaceLocalAndWestonDropsTheFrameAfterUp() throws {
        let session = try ClientSession()
        let surface = try #require(session.clientSurface())
        let down = session.global(10, 20), moved = session.global(30.5, 40.25)
        let started = MonotonicClock.now()
        try session.harness.run([
            .record(RawRecord(.down(serial: 0, time: 0, surface: nil, id: 0, x: WLFixed(down.x), y: WLFixed(down.y)))),
            .record(RawRecord(.frame)),
            .record(RawRecord(.motion(time: 0, id: 0, x: WLFixed(moved.x), y: WLFixed(moved.y)))),
            .record(RawRecord(.frame)),
            .record(RawRecord(.up(serial: 0, time: 0, id: 0))),
            .record(RawRecord(.frame)),
        ])
        // A later sequence is the sentinel: nothing may arrive between up and its down.
        try session.harness.run([
            .record(RawRecord(.down(serial: 0, time: 0, surface: nil, id: 1, x: WLFixed(down.x), y: WLFixed(down.y)))),
            .record(RawRecord(.frame)),
        ])
        #expect(session.touchEvents(atLeast: 7) == [
            "down(\(surface), 0, 10.00000000, 20.00000000)", "frame()",
            "motion(0, 30.50000000, 40.25000000)", "frame()",
            "up(0)",
            "down(\(surface), 1, 10.00000000, 20.00000000)", "frame()",
        ])
        // simple-touch redraws on touch: the harness reports that commit.
        #expect(try session.harness.waitForCommit(pid: session.client.pid, after: started, timeout: 5) != nil)
    }

    @Test func laterFingersGoToTheFirstFingersSurfaceEvenOutsideIt() throws {
        let session = try ClientSession()
        let surface = try #require(session.clientSurface())
        let inside = session.global(10, 10)
        try session.harness.touchDown(id: 0, x: inside.x, y: inside.y)
        // (5, 5) is outside the centred view: weston still sends it there, surface-local.
        try session.harness.touchDown(id: 1, x: 5, y: 5)
        try session.harness.touchFrame()
        try session.harness.roundtrip()
        let outside = (x: 5 - Double(session.view.x), y: 5 - Double(session.view.y))
        #expect(session.touchEvents(atLeast: 3) == [
            "down(\(surface), 0, 10.00000000, 10.00000000)",
            "down(\(surface), 1, \(String(format: "%.8f", outside.x)), \(String(format: "%.8f", outside.y)))",
            "frame()",
        ])
    }

    @Test func aDownOutsideEveryViewReachesNoClient() throws {
        let session = try ClientSession()
        let surface = try #require(session.clientSurface())
        try session.harness.run(TouchScript.tap(id: 0, x: 5, y: 5))
        let inside = session.global(1, 2)
        try session.harness.run(TouchScript.tap(id: 1, x: inside.x, y: inside.y))
        #expect(session.touchEvents(atLeast: 3) == [
            "down(\(surface), 1, 1.00000000, 2.00000000)", "frame()", "up(1)",
        ])
    }

    @Test func clientCancelMidSequenceSendsCancelAndTheNextDownStartsAfresh() throws {
        let session = try ClientSession()
        let surface = try #require(session.clientSurface())
        let point = session.global(100, 50)
        try session.harness.touchDown(id: 3, x: point.x, y: point.y)
        try session.harness.touchFrame()
        try session.harness.touchMotion(id: 3, x: point.x + 1, y: point.y)
        try session.harness.touchFrame()
        try session.harness.cancel()
        // With weston's state reset, this down picks the surface again as a first finger.
        try session.harness.touchDown(id: 4, x: point.x, y: point.y + 2)
        try session.harness.touchFrame()
        try session.harness.roundtrip()
        #expect(session.touchEvents(atLeast: 7) == [
            "down(\(surface), 3, 100.00000000, 50.00000000)", "frame()",
            "motion(3, 101.00000000, 50.00000000)", "frame()",
            "cancel()",
            "down(\(surface), 4, 100.00000000, 52.00000000)", "frame()",
        ])
    }

    @Test func clientFrameReachesTheLastTouchedClientAfterUp() throws {
        let session = try ClientSession()
        let point = session.global(7, 8)
        try session.harness.run(TouchScript.tap(id: 0, x: point.x, y: point.y))
        try session.harness.clientFrame()
        try session.harness.roundtrip()
        #expect(session.touchEvents(atLeast: 4).suffix(2) == ["up(0)", "frame()"])
    }

    @Test func shapeAndOrientationSkipAVersion1Touch() throws {
        let session = try ClientSession()
        let point = session.global(7, 8)
        try session.harness.touchDown(id: 0, x: point.x, y: point.y)
        // weston-simple-touch binds wl_seat version 1: shape/orientation (v6) must not reach it.
        try session.harness.shape(id: 0, major: WLFixed(4), minor: WLFixed(2))
        try session.harness.orientation(id: 0, degrees: WLFixed(30))
        try session.harness.touchFrame()
        try session.harness.touchUp(id: 0)
        try session.harness.clientFrame()
        try session.harness.roundtrip()
        let events = session.touchEvents(atLeast: 4)
        #expect(events.map { String($0.prefix { $0 != "(" }) } == ["down", "frame", "up", "frame"])
    }

    @Test func removingTouchCapabilityIsAnnouncedAndStopsDelivery() throws {
        let session = try ClientSession()
        let point = session.global(50, 60)
        try session.harness.setTouchCapability(false)
        try session.harness.run(TouchScript.tap(id: 0, x: point.x, y: point.y))
        try session.harness.setTouchCapability(true)
        try session.harness.roundtrip()
        // Wait for the client to ask for its new wl_touch, then give weston a moment to read it.
        session.log.waitUntil(timeout: ClientSession.timeout) { $0.requestCount("wl_seat", "get_touch") >= 2 }
        try session.harness.dispatch(for: ClientSession.settle)
        // pointer | keyboard without touch (3), then touch again (7).
        #expect(session.log.calls(on: "wl_seat") == ["capabilities(7)", "capabilities(3)", "capabilities(7)"])
        try session.harness.run(TouchScript.tap(id: 5, x: point.x, y: point.y))
        let touches = session.touchEvents(atLeast: 3)
        #expect(touches.count == 3)
        #expect(touches.first?.hasSuffix(", 5, 50.00000000, 60.00000000)") == true)
        // simple-touch dropped its wl_touch on removal and took a new one: only the new one hears.
        let objects = Set(session.log.events().filter { $0.interface == "wl_touch" }.map(\.objectID))
        #expect(objects.count == 1)
    }
}

/// Small scripts in the compact form's item type.
enum TouchScript {
    /// down, frame, up, frame at a global point (weston drops the last frame).
    static func tap(id: Int32, x: Double, y: Double) -> [ScriptItem] {
        [
            .record(RawRecord(.down(serial: 0, time: 0, surface: nil, id: id, x: WLFixed(x), y: WLFixed(y)))),
            .record(RawRecord(.frame)),
            .record(RawRecord(.up(serial: 0, time: 0, id: id))),
            .record(RawRecord(.frame)),
        ]
    }
}
