import Foundation
import SandboxHarness
import Testing
import TouchStream

/// `HarnessConnection.run`: compact-form scripts, with sleeps that really wait.
@Suite struct ScriptRunTests {
    private static let sleepMilliseconds: UInt32 = 60

    @Test func sleepWaitsWhileCommitsKeepBeingRecorded() throws {
        let session = try ClientSession()
        let point = session.global(30, 40)
        let tap = TouchScript.tap(id: 0, x: point.x, y: point.y)
        let started = MonotonicClock.now()
        try session.harness.run(Array(tap[0...1]) + [.sleep(milliseconds: Self.sleepMilliseconds)] + Array(tap[2...]))
        let elapsed = MonotonicClock.now() - started
        #expect(elapsed >= Double(Self.sleepMilliseconds) / 1000)
        // simple-touch redrew after the down, during the sleep: recorded without waiting for it.
        #expect(session.harness.commits.contains {
            $0.pid == session.client.pid && $0.time > started && $0.time < started + elapsed
        })
        #expect(session.touchEvents(atLeast: 3).map { String($0.prefix { $0 != "(" }) } == ["down", "frame", "up"])
    }

    @Test func recordsMapToRequestsKeepingFixedPointBits() throws {
        let session = try ClientSession()
        let surface = try #require(session.clientSurface())
        // 1/256 steps survive unchanged: the script's wl_fixed is sent as is.
        let x = WLFixed(rawValue: Int32(session.view.x) * 256 + 1)
        let y = WLFixed(rawValue: Int32(session.view.y) * 256 + 255)
        try session.harness.run([
            .record(RawRecord(.down(serial: 9, time: 9, surface: "ignored", id: -3, x: x, y: y))),
            .record(RawRecord(.frame)),
            .record(RawRecord(.cancel)),
        ])
        #expect(session.touchEvents(atLeast: 3) == [
            "down(\(surface), -3, 0.00390625, 0.99609375)", "frame()", "cancel()",
        ])
    }
}
