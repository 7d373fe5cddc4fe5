import Testing
import TouchKit

/// The HUD's prediction error: each drawn prediction against where the finger was at its time.
@Suite struct PredictionErrorMeterTests {
    @Test func aPredictionIsCheckedAgainstTheFingerInterpolatedAtItsTime() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 500, height: 500), name: "window")
        let rig = Rig(window: window)
        rig.send(at: 5_000.000, down(0, 100, 100))
        let touch = try #require(rig.app.activeTouches.first)
        var meter = PredictionErrorMeter()
        meter.observed([TouchSample(touch: touch, windowLocation: Point(x: 100, y: 100), timestamp: 5_000.000)], for: 0)
        // Predicted: at 5000.012 the finger is at (112, 100); it turns out to be at (110, 100).
        meter.predicted([TouchSample(touch: touch, windowLocation: Point(x: 106, y: 100), timestamp: 5_000.006),
                         TouchSample(touch: touch, windowLocation: Point(x: 112, y: 100), timestamp: 5_000.012)],
                        for: 0, from: 5_000.000)
        #expect(meter.latest == nil && meter.line == nil)
        meter.observed([TouchSample(touch: touch, windowLocation: Point(x: 106, y: 100), timestamp: 5_000.008)], for: 0)
        #expect(meter.latest == nil, "no sample at or after the predicted time yet")
        meter.observed([TouchSample(touch: touch, windowLocation: Point(x: 114, y: 100), timestamp: 5_000.016)], for: 0)
        let error = try #require(meter.latest)
        #expect(abs(error.distance - 2) < 1e-6)
        // The finger ran 1000 px/s then: 2 px is worth 2 ms.
        #expect(abs(error.lag! - 0.002) < 1e-9)
        #expect(abs(error.lead - 0.012) < 1e-9)
        #expect(meter.line == "prediction error 2.0 px · 2.0 ms (lead 12.0 ms)")
        #expect(meter.checked == 1)
        // A prediction for after the lift is never checked.
        meter.predicted([TouchSample(touch: touch, windowLocation: Point(x: 130, y: 100), timestamp: 5_000.030)],
                        for: 0, from: 5_000.016)
        meter.ended(0)
        meter.observed([TouchSample(touch: touch, windowLocation: Point(x: 10, y: 10), timestamp: 5_000.100)], for: 0)
        meter.observed([TouchSample(touch: touch, windowLocation: Point(x: 12, y: 10), timestamp: 5_000.200)], for: 0)
        #expect(meter.checked == 1)
    }
}
